import Glibc

/// systemd's notification protocol (sd_notify), spoken directly: datagrams such as `READY=1`,
/// `STATUS=…`, `WATCHDOG=1` to the socket named by `NOTIFY_SOCKET`. Nil outside a
/// `Type=notify` service.
public final class SystemdNotify {
    private let fd: Int32
    private var address = sockaddr_un()
    private var length: socklen_t = 0
    private var lastStatus: String?

    public init?() {
        guard let value = getenv("NOTIFY_SOCKET").map({ String(cString: $0) }), !value.isEmpty else { return nil }
        var path = Array(value.utf8)
        guard path.first == UInt8(ascii: "/") || path.first == UInt8(ascii: "@") else { return nil }
        if path[0] == UInt8(ascii: "@") { path[0] = 0 }  // the abstract namespace
        guard path.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        self.fd = fd
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in path.enumerated() { raw[i] = b }
        }
        length = socklen_t(MemoryLayout<sa_family_t>.size + path.count + (path[0] == 0 ? 0 : 1))
    }

    deinit { close(fd) }

    /// Sends `state` (`READY=1`, `RELOADING=1`, `STOPPING=1`, `WATCHDOG=1`, …).
    public func send(_ state: String) {
        var bytes = Array(state.utf8)
        // Best effort, as sd_notify's callers treat it: a manager that is not listening changes
        // nothing the daemon does.
        _ = withUnsafePointer(to: &address) { a in
            a.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                sendto(fd, &bytes, bytes.count, Int32(MSG_NOSIGNAL), sa, length)
            }
        }
    }

    /// Sends `STATUS=text` when it differs from the last one sent.
    public func status(_ text: String) {
        guard text != lastStatus else { return }
        lastStatus = text
        send("STATUS=" + text)
    }

    /// How often to send `WATCHDOG=1` (half of `WATCHDOG_USEC`), in seconds; nil when the
    /// service has no watchdog or it is meant for another process (`WATCHDOG_PID`).
    public static func watchdogInterval() -> Double? {
        guard let text = getenv("WATCHDOG_USEC").map({ String(cString: $0) }), let usec = UInt64(text), usec > 0 else {
            return nil
        }
        if let pid = getenv("WATCHDOG_PID").map({ String(cString: $0) }), let p = Int32(pid), p != getpid() {
            return nil
        }
        return Double(usec) / 2e6
    }
}
