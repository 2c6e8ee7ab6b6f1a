import Doctor
import Glibc
import Output
import Runtime

/// A bug report's recordings: `record` on each event node and `hid-record` on each hidraw node,
/// all at once for the same seconds, so one touch is in both levels; each ended with SIGINT as
/// a person ends a recording.
enum BugReportRecordings {
    /// The files, by node; a recorder that could not start or write leaves its node out.
    static func record(evdev: [String], hid: [String], seconds: Double, exe: String) -> (
        evdev: [String: [UInt8]], hid: [String: [UInt8]]
    ) {
        var template = Array("/tmp/touchbridge-report-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { return ([:], [:]) }
        let dir = String(cString: made)
        defer { rmdir(dir) }
        var running: [(node: String, hid: Bool, file: String, pid: pid_t)] = []
        for (nodes, hid) in [(evdev, false), (hid, true)] {
            for node in nodes {
                let file = dir + "/" + (node.split(separator: "/").last.map(String.init) ?? "node")
                if let pid = spawn([exe, hid ? "hid-record" : "record", "-o", file, node]) {
                    running.append((node, hid, file, pid))
                }
            }
        }
        // Each recorder writes its file's description once its node is open: the seconds start then.
        for _ in 0..<1000 where running.contains(where: { size($0.file) == 0 && isAlive($0.pid) }) { usleep(10_000) }
        Diagnostics.print("touchbridge: doctor: recording \(EventsLink.seconds(seconds)) s: touch each panel now")
        var left = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var rest = timespec()
        while nanosleep(&left, &rest) != 0 && errno == EINTR { left = rest }
        for r in running { kill(r.pid, SIGINT) }
        var out: (evdev: [String: [UInt8]], hid: [String: [UInt8]]) = ([:], [:])
        for r in running {
            reap(r.pid, within: 5000)
            let bytes = read(r.file)
            unlink(r.file)
            if r.hid { out.hid[r.node] = bytes } else { out.evdev[r.node] = bytes }
        }
        return out
    }

    private static func spawn(_ argv: [String]) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        _ = addCloseFrom(3, to: &actions)
        let args = argv.map { strdup($0) } + [nil]
        defer { for a in args { free(a) } }
        var pid: pid_t = 0
        let rc = withDefaultSignals(ownGroup: false) { posix_spawn(&pid, argv[0], &actions, &$0, args, environ) }
        return rc == 0 ? pid : nil
    }

    private static func size(_ path: String) -> Int {
        var st = stat()
        return stat(path, &st) == 0 ? Int(st.st_size) : 0
    }

    /// Whether it still runs (one that ended, unable to open its node, is reaped here).
    private static func isAlive(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == 0
    }

    /// A recording's bytes, at most 64 MiB.
    private static func read(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 1 << 16)
        while out.count < 64 << 20 {
            let n = Glibc.read(fd, &buf, buf.count)
            if n <= 0 { break }
            out += buf[0..<n]
        }
        return out
    }
}
