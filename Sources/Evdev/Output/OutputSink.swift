import Glibc
import InputEvents

/// Writes buffered text to a file descriptor (stdout by default) in whole chunks; callers
/// fill a `TextBuffer` and hand it over when they are about to wait for input (so every frame
/// is out before the next wait, and a flood shares writes), or once it holds `chunk` bytes.
public final class OutputSink: TextSink {
    /// The size at which a buffer is written out even in the middle of a burst.
    public static let chunk = 1 << 16

    public let fd: Int32
    /// Set once a write failed (the reader went away, say); later writes are dropped.
    public private(set) var isBroken = false

    public init(fd: Int32 = 1) {
        self.fd = fd
    }

    /// Standard output, with SIGPIPE ignored so a closed pipe ends output instead of the process.
    public static func standardOutput() -> OutputSink {
        signal(SIGPIPE, SIG_IGN)
        return OutputSink(fd: 1)
    }

    /// Writes and empties the buffer.
    public func flush(_ buffer: inout TextBuffer) {
        defer { buffer.removeAll() }
        guard !isBroken, !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN {
                        var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                        _ = poll(&p, 1, -1)
                        continue
                    }
                    isBroken = true
                    return
                }
                offset += n
            }
        }
    }

    public func write(_ text: String) {
        var b = TextBuffer(capacity: text.utf8.count)
        b.append(string: text)
        flush(&b)
    }
}

/// Diagnostics on standard error, one line at a time, with a syslog level: under journald
/// (`JOURNAL_STREAM` names standard error) each line carries its priority prefix (`<4>`), so
/// `journalctl -p warning` works; lines below `threshold` are dropped.
public enum Diagnostics {
    public enum Level: Int, Comparable, CaseIterable, Sendable {
        case error = 3, warning = 4, notice = 5, info = 6, debug = 7

        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }

        /// `--log-level`'s words.
        public var name: String {
            switch self {
            case .error: return "error"
            case .warning: return "warning"
            case .notice: return "notice"
            case .info: return "info"
            case .debug: return "debug"
            }
        }

        public init?(name: String) {
            guard let l = Level.allCases.first(where: { $0.name == name }) else { return nil }
            self = l
        }
    }

    /// The least important level written (`--log-level`). Set once at start, before any thread.
    nonisolated(unsafe) public static var threshold = Level.info
    /// Whether standard error is journald's stream (set at start; see `detectJournal`).
    nonisolated(unsafe) public static var journal = false

    /// True when `JOURNAL_STREAM` (`DEVICE:INODE`) is the file standard error is.
    public static func detectJournal() -> Bool {
        guard let value = getenv("JOURNAL_STREAM").map({ String(cString: $0) }) else { return false }
        let parts = value.split(separator: ":")
        var st = stat()
        guard parts.count == 2, fstat(2, &st) == 0, let dev = UInt64(parts[0]), let ino = UInt64(parts[1]) else { return false }
        return UInt64(st.st_dev) == dev && UInt64(st.st_ino) == ino
    }

    /// Writes `message` when `level` is within the threshold (or `always`).
    public static func print(_ message: String, level: Level = .notice, always: Bool = false) {
        guard always || level <= threshold else { return }
        var b = TextBuffer(capacity: message.utf8.count + 8)
        if journal { b.append("<"); b.append(decimal: level.rawValue); b.append(">") }
        b.append(string: message)
        if !message.hasSuffix("\n") { b.append("\n") }
        OutputSink(fd: 2).flush(&b)
    }
}
