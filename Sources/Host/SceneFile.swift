import Glibc
import Pipeline
import Runtime
import TouchScene

extension Scene {
    /// The largest scene file read (16 MiB): a larger one is refused before it is parsed.
    package static let fileSizeLimit = 16 << 20

    /// Reads a scene file from disk and checks it (`load(path:)`, the app's name for it, in
    /// TouchBridge). Throws `FileError` when it cannot be read (missing, no permission, too
    /// large) and `SceneError` when it is not a valid scene. A command whose program is
    /// missing or not executable is refused here, at load.
    package static func read(path: String) throws -> Scene {
        try load(
            path: path, reading: { try readFileContents($0, limit: fileSizeLimit) }, programProblem: programProblem)
    }

    /// What stops `path` from being run as a command, nil when it can be.
    static func programProblem(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else {
            return errno == ENOENT ? "no such program" : String(cString: strerror(errno))
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else { return "not a regular file" }
        guard access(path, X_OK) == 0 else { return "not executable by this user (uid \(getuid()))" }
        return nil
    }
}
