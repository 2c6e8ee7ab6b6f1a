import Glibc
import Sysexits

/// A system call that failed, on what, and the kernel's reason: the loop's descriptors (epoll,
/// timerfd), a file's reading or writing. Exits 74 (sysexits' I/O error).
public struct SystemError: Error, Equatable, CustomStringConvertible {
    /// What the call was made on: a path, or the kind of descriptor (`epoll`).
    public var path: String
    public var call: String
    public var errno: Int32

    public init(path: String, call: String, errno: Int32) {
        self.path = path
        self.call = call
        self.errno = errno
    }

    public var description: String { "\(path): \(call) failed: \(String(cString: strerror(errno)))" }

    public var exitCode: Int32 { Sysexits.ioError }
}

/// Why a small file could not be read or written whole, worded for the person who named it,
/// with its sysexits code: missing (66), not accessible (77), not a file one can take (65), a
/// path not written at (73).
public enum FileError: Error, Equatable, CustomStringConvertible {
    case missing(path: String)
    case notAccessible(path: String)
    /// A directory, or larger than the reader takes.
    case unsuitable(path: String, reason: String)
    case system(SystemError)
    /// A path a file is not written at: a link, another user's file, a directory another user
    /// can write (as root). Exits 73 (sysexits' cannot create).
    case refused(path: String, reason: String)

    public var description: String {
        switch self {
        case .missing(let path): return "\(path): no such file"
        case .notAccessible(let path): return "\(path): permission denied (the file is not accessible to this user)"
        case .unsuitable(let path, let reason): return "\(path): \(reason)"
        case .system(let e): return e.description
        case .refused(let path, let reason): return "\(path): not written: \(reason)"
        }
    }

    public var exitCode: Int32 {
        switch self {
        case .missing: return Sysexits.noInput
        case .notAccessible: return Sysexits.noPermission
        case .unsuitable: return Sysexits.dataError
        case .system(let e): return e.exitCode
        case .refused: return Sysexits.cannotCreate
        }
    }
}
