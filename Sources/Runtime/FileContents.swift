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

/// Writes `text` to `path` through a temporary file and a rename, so a reader sees the old
/// file or the new one, never half of it. The temporary is created exclusively in the same
/// directory under an unpredictable name, so a link planted there is never followed; the file
/// gets `mode` whatever the umask (a collector running as another user can read 0644), and
/// reaches the disk before it replaces the old one. The error says what failed.
public func writeFileAtomically(_ path: String, _ text: String, mode: mode_t = 0o644) throws(FileError) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    var template = Array("\(directory).\(name).XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else {
        let e = errno
        let tmp = "\(directory).\(name).XXXXXX"
        if e == EACCES || e == EPERM || e == EROFS { throw .notAccessible(path: tmp) }
        throw .system(SystemError(path: tmp, call: "mkstemp", errno: e))
    }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    let tmp = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    func fail(_ call: String, _ e: Int32) -> FileError {
        close(fd)
        unlink(tmp)
        return .system(SystemError(path: tmp, call: call, errno: e))
    }
    guard fchmod(fd, mode) == 0 else { throw fail("fchmod", errno) }
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
        let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { throw fail("write", errno) }
        written += n
    }
    guard fsync(fd) == 0 else { throw fail("fsync", errno) }
    close(fd)
    guard rename(tmp, path) == 0 else {
        let e = errno
        unlink(tmp)
        throw .system(SystemError(path: path, call: "rename", errno: e))
    }
}

/// Throws what `writeFileAtomically(path, …)` would meet in `path`'s directory (no such
/// directory, no permission, a read-only file system), checked by creating and removing a
/// temporary there: a tool checks its output before a session rather than after it.
public func checkFileWritable(_ path: String) throws(FileError) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    var st = stat()
    if stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR {
        throw .system(SystemError(path: path, call: "open", errno: EISDIR))
    }
    var template = Array("\(directory).\(name).XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
    // Said of the path asked for, not of the temporary.
    guard fd >= 0 else {
        let e = errno
        if e == EACCES || e == EPERM || e == EROFS { throw .notAccessible(path: path) }
        throw .system(
            SystemError(path: path, call: "creating a file in \(directory.isEmpty ? "." : directory)", errno: e))
    }
    close(fd)
    template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
}
