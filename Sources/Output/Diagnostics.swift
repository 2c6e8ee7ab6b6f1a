import Glibc
import TextBuffers

/// Diagnostics on standard error, one line at a time, with a syslog level: under journald
/// (`JOURNAL_STREAM` names standard error) each line carries its priority prefix (`<4>`), so
/// `journalctl -p warning` works; lines below `threshold` are dropped.
public enum Diagnostics {
    public enum Level: Int, Comparable, CaseIterable, Sendable {
        case error = 3
        case warning = 4
        case notice = 5
        case info = 6
        case debug = 7

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
    /// Standard output's queue when standard error is the same file (journald's stream under
    /// systemd, `2>&1 | app`): diagnostics then go through it, so a diagnostic never lands in
    /// the middle of a log line the queue has partly written. Set at start.
    nonisolated(unsafe) public static var sharedOutput: (any TextSink)?

    /// True when standard error and standard output are the same file.
    public static func standardErrorIsStandardOutput() -> Bool {
        var a = stat()
        var b = stat()
        return fstat(1, &a) == 0 && fstat(2, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// True when `JOURNAL_STREAM` (`DEVICE:INODE`) is the file standard error is.
    public static func detectJournal() -> Bool {
        guard let value = getenv("JOURNAL_STREAM").map({ String(cString: $0) }) else { return false }
        let parts = value.split(separator: ":")
        var st = stat()
        guard parts.count == 2, fstat(2, &st) == 0, let dev = UInt64(parts[0]), let ino = UInt64(parts[1]) else {
            return false
        }
        return UInt64(st.st_dev) == dev && UInt64(st.st_ino) == ino
    }

    /// Writes `message` when `level` is within the threshold (or `always`).
    public static func print(_ message: String, level: Level = .notice, always: Bool = false) {
        guard always || level <= threshold else { return }
        var b = TextBuffer(capacity: message.utf8.count + 8)
        if journal {
            b.append("<")
            b.append(decimal: level.rawValue)
            b.append(">")
        }
        b.append(string: message)
        if !message.hasSuffix("\n") { b.append("\n") }
        if let shared = sharedOutput { shared.flush(&b) } else { OutputSink(fd: 2).flush(&b) }
    }
}
