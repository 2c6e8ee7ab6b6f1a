import InputEvents
import Runtime

extension DeviceError {
    /// A file that could not be read or written, said as the device errors are.
    public init(_ e: FileError) {
        switch e {
        case .missing(let path): self = .missingFile(path: path)
        case .notAccessible(let path): self = .fileNotAccessible(path: path)
        case .unsuitable(let path, let reason): self = .unsuitable(path: path, reason: reason)
        case .system(let s): self = .system(path: s.path, call: s.call, errno: s.errno)
        // Met only by writers, which throw the FileError itself (73).
        case .refused(let path, let reason): self = .unsuitable(path: path, reason: reason)
        }
    }

    /// A system call that failed.
    public init(_ e: SystemError) { self = .system(path: e.path, call: e.call, errno: e.errno) }
}
