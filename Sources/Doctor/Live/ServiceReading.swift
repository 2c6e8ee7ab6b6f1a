import Glibc
import Runtime

/// The touchbridge service as systemd and its process show it.
enum ServiceReading {
    static let unit = "touchbridge.service"

    /// The service's facts; `socketOf` reads the event socket from the daemon's command line
    /// (the daemon's own option reading, which the command line passes in).
    static func read(processes: Processes, socketOf: ([String]) -> String?) -> ServiceFacts {
        var f = ServiceFacts(
            loadState: nil, activeState: nil, mainPID: nil, holdsNode: nil, socketAnswers: nil, socket: nil,
            warnings: [])
        guard processes.files.exists("/run/systemd/system"),
            let shown = ProgramOutput.read(["systemctl", "show", unit, "-p", "LoadState,ActiveState,MainPID"])
        else { return f }
        for line in shown.split(separator: "\n") {
            let kv = line.split(separator: "=", maxSplits: 1).map(String.init)
            guard kv.count == 2 else { continue }
            switch kv[0] {
            case "LoadState": f.loadState = kv[1]
            case "ActiveState": f.activeState = kv[1]
            case "MainPID": f.mainPID = Int32(kv[1]).flatMap { $0 > 0 ? $0 : nil }
            default: break
            }
        }
        guard f.loadState == "loaded" else { return f }
        if let pid = f.mainPID {
            let argv = (processes.files.bytes("/proc/\(pid)/cmdline", limit: 1 << 16) ?? []).split(separator: 0)
                .map { String(decoding: $0, as: UTF8.self) }
            if let socket = socketOf(argv) {
                f.socket = socket
                f.socketAnswers = answers(socket)
            }
        }
        let journal = ProgramOutput.read([
            "journalctl", "-u", unit, "-b", "-p", "warning", "-n", "3", "-o", "cat", "--no-pager", "-q",
        ])
        f.warnings = journal.map { $0.split(separator: "\n").map(String.init) } ?? []
        return f
    }

    /// Whether the socket accepts a connection; nil when this user may not try.
    static func answers(_ path: String) -> Bool? {
        switch UnixSocket.connect(path: path) {
        case .success(let fd):
            close(fd)
            return true
        case .failure(let e): return e.errno == EACCES ? nil : false
        }
    }
}
