// Pipeline speaks in these modules' types (frames, touches, the window, the scene), so whoever
// drives it gets them with it.
@_exported import InputEvents
@_exported import TouchInput
@_exported import TouchKit
@_exported import TouchScene
