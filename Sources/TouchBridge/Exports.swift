// An app that imports TouchBridge gets the scene stage too (scenes, the handler log), as
// before the two were separate modules.
@_exported import TouchScene
