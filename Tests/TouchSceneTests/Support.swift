import TouchScene

/// A scene from its JSON text, as if read from `file`.
func scene(_ json: String, file: String = "test.json") throws -> Scene {
    try Scene.parse(Array(json.utf8), file: file)
}
