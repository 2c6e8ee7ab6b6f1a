import Glibc

/// The whole of a small file (a recording to dump, a scene), with errors that say why it
/// cannot be read: missing (66), not accessible (77), a directory or over `limit` bytes (65).
public func readFileContents(_ path: String, limit: Int = Int.max) throws(DeviceError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
        let e = errno
        if e == EACCES || e == EPERM { throw .fileNotAccessible(path: path) }
        if e == ENOENT || e == ENOTDIR { throw .missingFile(path: path) }
        throw .system(path: path, call: "open", errno: e)
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
            throw .system(path: path, call: "read", errno: e)
        }
        if n == 0 { return bytes }
        bytes.append(contentsOf: chunk[0..<n])
        guard bytes.count <= limit else { throw .unsuitable(path: path, reason: "larger than \(limit >> 20) MiB") }
    }
}

/// Writes `text` to `path` through a temporary file and a rename, so a reader sees the old
/// file or the new one, never half of it; the error says what failed.
public func writeFileAtomically(_ path: String, _ text: String, mode: mode_t = 0o644) throws(DeviceError) {
    let tmp = path + ".tmp"
    let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    guard fd >= 0 else {
        let e = errno
        if e == EACCES || e == EPERM || e == EROFS { throw .fileNotAccessible(path: tmp) }
        throw .system(path: tmp, call: "open", errno: e)
    }
    var ok = true
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBytes { raw in
        var off = 0
        while off < raw.count {
            let n = Glibc.write(fd, raw.baseAddress! + off, raw.count - off)
            if n < 0 {
                if errno == EINTR { continue }
                ok = false
                return
            }
            off += n
        }
    }
    let e = errno
    close(fd)
    guard ok else {
        unlink(tmp)
        throw .system(path: tmp, call: "write", errno: e)
    }
    guard rename(tmp, path) == 0 else {
        let e = errno
        unlink(tmp)
        throw .system(path: path, call: "rename", errno: e)
    }
}
