import Glibc

/// The processes `doctor` may look at: which have a node open, their command lines, and the
/// compositor among them.
struct Processes {
    let files: any MachineFiles

    /// Process ids, from /proc.
    var pids: [Int32] { files.list("/proc").compactMap { Int32($0) } }

    /// Its command line, arguments joined by spaces, at most 200 characters.
    func command(_ pid: Int32) -> String {
        let raw = files.bytes("/proc/\(pid)/cmdline", limit: 4096) ?? []
        let text = raw.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
        if !text.isEmpty { return String(text.prefix(200)) }
        return files.text("/proc/\(pid)/comm") ?? "?"
    }

    /// The processes with `node` open, as far as this user may see their descriptors.
    func holders(of node: String) -> [GrabLink.Holder] {
        pids.filter { pid in files.list("/proc/\(pid)/fd").contains { files.link("/proc/\(pid)/fd/\($0)") == node } }
            .map { GrabLink.Holder(pid: $0, command: command($0)) }
    }

    /// Whether process `pid` has `node` open; nil when its descriptors cannot be read.
    func has(_ pid: Int32, open node: String) -> Bool? {
        let fds = files.list("/proc/\(pid)/fd")
        if fds.isEmpty { return nil }
        return fds.contains { files.link("/proc/\(pid)/fd/\($0)") == node }
    }

    /// The first compositor running, by its command name.
    func compositor() -> (name: String, pid: Int32)? {
        for pid in pids {
            if let comm = files.text("/proc/\(pid)/comm"), let name = CompositorFacts.known(comm) { return (name, pid) }
        }
        return nil
    }

    /// A variable of a process's environment, where this user may read it.
    func environment(_ pid: Int32, _ key: String) -> String? {
        let raw = files.bytes("/proc/\(pid)/environ", limit: 1 << 16) ?? []
        for entry in raw.split(separator: 0) where entry.starts(with: Array((key + "=").utf8)) {
            return String(decoding: entry.dropFirst(key.utf8.count + 1), as: UTF8.self)
        }
        return nil
    }
}
