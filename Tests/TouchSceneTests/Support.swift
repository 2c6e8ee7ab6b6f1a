import TouchScene

/// A scene from its JSON text, as if read from `file`.
func scene(_ json: String, file: String = "test.json") throws -> Scene {
    try Scene.parse(Array(json.utf8), file: file)
}

/// The message a scene gets as read from `file`, or "no error".
func sceneError(_ json: String, file: String = "s.json") -> String {
    do {
        _ = try scene(json, file: file)
        return "no error"
    } catch {
        return "\(error)"
    }
}
