import Glibc

/// The whole of a small file (a recording to dump, a scene), with errors that say why it
/// cannot be read: missing (66), not accessible (77), a directory or over `limit` bytes (65).
public func readFileContents(_ path: String, limit: Int = Int.max) throws(FileError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
        let e = errno
        if e == EACCES || e == EPERM { throw .notAccessible(path: path) }
        if e == ENOENT || e == ENOTDIR { throw .missing(path: path) }
        throw .system(SystemError(path: path, call: "open", errno: e))
    }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 {
            let e = errno
            if e == EINTR { continue }
            if e == EISDIR { throw .unsuitable(path: path, reason: "a directory, not a file") }
            throw .system(SystemError(path: path, call: "read", errno: e))
        }
        if n == 0 { return bytes }
        bytes.append(contentsOf: chunk[0..<n])
        guard bytes.count <= limit else { throw .unsuitable(path: path, reason: "larger than \(limit >> 20) MiB") }
    }
}

/// Writes `text` to `path` through a new file and a rename, so a reader sees the old file or
/// the new one, never half of it (`NewFile`). `exactMode`: the file gets `mode` whatever the
/// umask (a collector running as another user can read the daemon's 0644).
public func writeFileAtomically(
    _ path: String, _ text: String, mode: mode_t = NewFile.sharedMode, exactMode: Bool = false,
    trust: NewFile.Trust = .refuseOthers
) throws(FileError) {
    let file = try NewFile(path, mode: mode, exactMode: exactMode, trust: trust)
    try file.write(Array(text.utf8))
    try file.commit()
}

/// Throws what `NewFile(path, …)` would meet (no such directory, no permission, a link or
/// another user's file at the path), checked by making and abandoning one: a tool checks its
/// output before a session rather than after it.
public func checkFileWritable(_ path: String) throws(FileError) {
    try NewFile(path, mode: NewFile.privateMode).abandon()
}

/// A file's lines, read a piece at a time as they are asked for: memory is one piece and one
/// line whatever the file's length. A line longer than `maxLine` bytes is refused (65).
public struct FileLines: ~Copyable {
    let path: String
    let fd: Int32
    let maxLine: Int
    var buffer: [UInt8]
    var at: Int
    var ended: Bool

    // Nothing of `self` is set before the throws: Swift 6.2's compiler (Debian's, which builds
    // the arm64 programs) fails on a noncopyable value left half-made by a throw.
    public init(path: String, maxLine: Int) throws(FileError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let e = errno
            if e == EACCES || e == EPERM { throw .notAccessible(path: path) }
            if e == ENOENT || e == ENOTDIR { throw .missing(path: path) }
            throw .system(SystemError(path: path, call: "open", errno: e))
        }
        self.fd = fd
        self.path = path
        self.maxLine = maxLine
        buffer = []
        at = 0
        ended = false
    }

    deinit { close(fd) }

    /// The next line without its newline; nil at the end of the file.
    public mutating func next() throws(FileError) -> Substring? {
        while true {
            if let newline = buffer[at...].firstIndex(of: 10) {
                let line = buffer[at..<newline]
                at = newline + 1
                return Substring(decoding: line, as: UTF8.self)
            }
            guard buffer.count - at <= maxLine else {
                throw .unsuitable(path: path, reason: "a line longer than \(maxLine) bytes")
            }
            if ended {
                guard at < buffer.count else { return nil }
                let line = buffer[at...]
                at = buffer.count
                return Substring(decoding: line, as: UTF8.self)
            }
            buffer.removeFirst(at)
            at = 0
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                let e = errno
                if e == EINTR { continue }
                throw e == EISDIR
                    ? .unsuitable(path: path, reason: "a directory, not a file")
                    : .system(SystemError(path: path, call: "read", errno: e))
            }
            if n == 0 { ended = true } else { buffer += chunk[0..<n] }
        }
    }
}
