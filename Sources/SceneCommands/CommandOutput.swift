import Glibc
import Output
import Runtime

/// A command's output pipe: read from the loop, written to the daemon's stderr one line at a
/// time with the action's name in front. A wake reads at most `readBudget` bytes, so a
/// command that never stops printing cannot keep the loop from its timers, signals and
/// panels; lines beyond `burst` plus `linesPerSecond` are counted, not shown, and while that
/// lasts the pipe is left unread for `pause` seconds at a time, so the program waits on its
/// own full pipe instead of the daemon spinning on it.
final class CommandOutput {
    /// Bytes read from the pipe in one wake at most.
    static let readBudget = 64 << 10
    /// A line longer than this is written in pieces.
    static let lineLimit = 4096
    /// Lines shown at once before the rate applies.
    static let burst = 50.0
    /// Lines shown per second beyond the burst.
    static let linesPerSecond = 10.0
    /// Seconds the pipe is left unread once lines are being counted instead of shown.
    static let pause = 1.0

    private let fd: Int32
    private let action: String
    private let prefix: String
    private let loop: EventLoop
    private var source: EventLoop.Source?
    private var pending: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 4096)
    /// Lines that may be shown now.
    private var rate = TokenBucket(burst: CommandOutput.burst, perSecond: CommandOutput.linesPerSecond)
    /// Lines counted but not shown.
    private(set) var suppressed = 0
    /// While the pipe is left unread: when reading resumes (monotonic seconds).
    private(set) var resumeAt: Double?
    /// Whether the pipe has reached its end.
    private(set) var ended = false
    private var closed = false
    /// Told when the pipe is left unread, so the owner's timer can resume it.
    var paused: () -> Void = {}

    init(fd: Int32, action: String, loop: EventLoop) throws {
        self.fd = fd
        self.action = action
        prefix = "touchbridge: \(action): "
        self.loop = loop
        source = try loop.watch(fd, order: .timer) { [unowned self] in readable() }
    }

    /// The pipe has output (or its end): reads one budget's worth, then leaves the rest for
    /// the next wake.
    func readable() {
        let before = suppressed
        read(budget: Self.readBudget)
        if suppressed > before && !ended && resumeAt == nil, let s = source {
            loop.remove(s)
            source = nil
            resumeAt = monotonicSeconds() + Self.pause
            paused()
        }
    }

    /// The pause is over: the pipe is watched again.
    func resume() {
        guard resumeAt != nil, !ended else { return }
        resumeAt = nil
        source = try? loop.watch(fd, order: .timer) { [unowned self] in readable() }
    }

    /// The command ended: what its pipe still holds, one budget at most (a program it left
    /// behind may go on writing), then what is left of a line and the count of lines not shown.
    func finish() {
        read(budget: Self.readBudget)
        close()
    }

    private func read(budget: Int) {
        var left = budget
        while left > 0 && !ended {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, min($0.count, left)) }
            if n > 0 {
                left -= n
                pending.append(contentsOf: chunk[0..<n])
                writeLines()
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n == 0 { reachedEnd() }
            break
        }
    }

    /// The program (and any it left behind) closed the pipe: nothing more to watch.
    private func reachedEnd() {
        ended = true
        resumeAt = nil
        if let s = source {
            loop.remove(s)
            source = nil
        }
    }

    private func writeLines() {
        var start = 0
        while let nl = pending[start...].firstIndex(of: UInt8(ascii: "\n"))
            ?? (pending.count - start >= Self.lineLimit ? start + Self.lineLimit - 1 : nil)
        {
            show(pending[start...nl])
            start = nl + 1
        }
        pending.removeFirst(start)
    }

    private func show(_ line: ArraySlice<UInt8>) {
        guard rate.take(at: monotonicSeconds()) else {
            if suppressed == 0 {
                Diagnostics.print(
                    prefix + "prints faster than \(Int(Self.linesPerSecond)) lines a second: "
                        + "further lines are counted, not shown", level: .warning)
            }
            suppressed += 1
            return
        }
        let text = line.last == UInt8(ascii: "\n") ? line.dropLast() : line
        Diagnostics.print(prefix + String(decoding: text, as: UTF8.self), level: .notice, always: true)
    }

    /// Writes what is left of a line and the count of lines not shown; stops watching and
    /// closes the pipe.
    func close() {
        guard !closed else { return }
        closed = true
        if !pending.isEmpty {
            show(pending[...])
            pending.removeAll()
        }
        if suppressed > 0 {
            Diagnostics.print(
                prefix + "\(suppressed) line\(suppressed == 1 ? "" : "s") of output not shown", level: .warning)
        }
        reachedEnd()
        Glibc.close(fd)
    }
}
