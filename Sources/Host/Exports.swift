// A frame source and the runner speak in the pipeline's types, so a source gets them with the host.
@_exported import Pipeline
