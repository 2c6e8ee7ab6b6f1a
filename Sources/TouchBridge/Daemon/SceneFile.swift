import Evdev

extension Scene {
    /// The largest scene file read (16 MiB): a larger one is refused before it is parsed.
    public static let fileSizeLimit = 16 << 20

    /// Reads a scene file from disk and checks it. Throws `DeviceError` when it cannot be read
    /// (missing, no permission, too large) and `SceneError` when it is not a valid scene.
    public static func load(path: String) throws -> Scene {
        try load(path: path) { try readFileContents($0, limit: fileSizeLimit) }
    }
}
