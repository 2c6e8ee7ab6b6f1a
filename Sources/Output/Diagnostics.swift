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

    /// `message` as one line that means nothing to journald nor a terminal, whatever text from
    /// outside it holds: its control characters escaped (no line of its own can follow), and
    /// a leading `<` too, which journald would read as a priority when no prefix of ours is
    /// written before it.
    package static func safe(_ message: String) -> String {
        var line = message.hasSuffix("\n") ? String(message.dropLast()) : message
        line = line.printable
        if line.hasPrefix("<") { line = "\\u{3C}" + line.dropFirst() }
        return line
    }

    /// Identical lines in a row that a peer's flood may cause (`counting`), written three
    /// times and then counted: what an operator does (a reload by SIGHUP) is always said.
    nonisolated(unsafe) static var repeated = RepeatedLines()
    /// The level of the last line counted, for the count of its repeats.
    nonisolated(unsafe) static var lastLevel = Level.notice
    /// Guards `repeated` and `lastLevel`: the daemon has one thread, a program's tests many.
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let m = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(m, nil)
        return m
    }()

    /// Writes `message` when `level` is within the threshold (or `always`), as one line.
    /// `counting`: a line a peer's flood may repeat (a broker's messages, a client's
    /// commands); past three in a row within `RepeatedLines.window` it is counted instead, the
    /// count said before the next line.
    public static func print(
        _ message: String, level: Level = .notice, always: Bool = false, counting: Bool = false
    ) {
        guard always || level <= threshold else { return }
        let line = safe(message)
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard counting else {
            let before = repeated.interrupt()
            if before > 0 { emit(repeated.saying(before), level: lastLevel) }
            return emit(line, level: level)
        }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let (write, before) = repeated.take(line, at: Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
        if before > 0 { emit(repeated.saying(before), level: lastLevel) }
        guard write else { return }
        lastLevel = level
        emit(line, level: level)
    }

    /// Says how many times the last line came again since it was written, if it did: at the
    /// end of a run.
    public static func sayRepeats() {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        let n = repeated.takeRepeats()
        if n > 0 { emit(repeated.saying(n), level: lastLevel) }
    }

    private static func emit(_ line: String, level: Level) {
        var b = TextBuffer(capacity: line.utf8.count + 8)
        if journal {
            b.append("<")
            b.append(decimal: level.rawValue)
            b.append(">")
        }
        b.append(string: line)
        b.append("\n")
        if let shared = sharedOutput { shared.flush(&b) } else { OutputSink(fd: 2).flush(&b) }
    }
}
