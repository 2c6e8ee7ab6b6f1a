import Host

extension Scene {
    /// Reads a scene file from disk (at most 16 MiB) and checks it, its commands' programs
    /// included. Throws `FileError` when it cannot be read and `SceneError` when it is not a
    /// valid scene.
    public static func load(path: String) throws -> Scene { try read(path: path) }
}
