import Glibc

/// The files `doctor` reads of the machine (sysfs, /proc, /etc): the live ones, or a recorded
/// tree in tests. Every read is bounded; nothing here follows a path from outside blindly.
package protocol MachineFiles {
    /// At most `limit` bytes of the file at `path`, or nil when it cannot be read.
    func bytes(_ path: String, limit: Int) -> [UInt8]?
    /// The names in a directory (without `.` and `..`), sorted; empty when there is none.
    func list(_ directory: String) -> [String]
    /// Where a symbolic link points, or nil when `path` is none.
    func link(_ path: String) -> String?
}

extension MachineFiles {
    /// A text file's contents without its trailing newline (sysfs attributes are one line).
    package func text(_ path: String, limit: Int = 4096) -> String? {
        guard var b = bytes(path, limit: limit) else { return nil }
        while b.last == 10 { b.removeLast() }
        return String(decoding: b, as: UTF8.self)
    }

    /// The last component of where a link points (a driver's name from `…/driver`).
    package func linkName(_ path: String) -> String? {
        link(path).flatMap { $0.split(separator: "/").last.map(String.init) }
    }

    /// Whether `path` exists (as a file, directory or link): its directory lists it.
    package func exists(_ path: String) -> Bool {
        guard let slash = path.lastIndex(of: "/") else { return false }
        let parent = slash == path.startIndex ? "/" : String(path[..<slash])
        return list(parent).contains(String(path[path.index(after: slash)...]))
    }
}

/// The machine's own files.
package struct LiveFiles: MachineFiles {
    package init() {}

    package func bytes(_ path: String, limit: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT != S_IFDIR else { return nil }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while out.count < limit {
            let n = read(fd, &chunk, min(chunk.count, limit - out.count))
            if n <= 0 { break }
            out += chunk[0..<n]
        }
        return out
    }

    package func list(_ directory: String) -> [String] {
        guard let d = opendir(directory) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d), names.count < 65536 {
            let name = withUnsafeBytes(of: e.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    package func link(_ path: String) -> String? {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink(path, &buf, buf.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
