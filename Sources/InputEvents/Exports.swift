// The byte buffers the formats are written in come with the event values.
@_exported import TextBuffers
