import Glibc
import TextBuffers

/// Output to a reader that may stall — a pipe or a socket: writes never wait. What the reader
/// has not taken waits in a bounded queue of whole lines; past the bound whole lines are
/// dropped (never part of one), and once the queue has drained the reader gets one line that
/// says how many it lost, before anything newer. So no reader can hold the loop that writes.
public final class QueuedOutput: TextSink {
    /// The queue's bound, beyond one line partly written.
    public static let defaultCapacity = 256 << 10

    public let fd: Int32
    public let capacity: Int
    /// Set once a write failed (the reader went away); everything after is dropped silently.
    public private(set) var isBroken = false
    /// Lines dropped in all, for diagnostics and metrics.
    public private(set) var droppedTotal = 0
    /// Writes the line that tells the reader how many lines it lost.
    public var writeDroppedLine: (Int, inout TextBuffer) -> Void = { n, b in
        b.append("dropped ")
        b.append(decimal: n)
        b.append(" lines\n")
    }
    /// Told when the queue starts (true) or stops (false) waiting for the descriptor to take more.
    public var wantsWritable: (Bool) -> Void = { _ in }

    private var queue: [UInt8] = []
    private var head = 0
    /// Lines dropped since the reader was last told; while non-zero, new lines are dropped too
    /// until the queue drains (so the count comes before anything newer).
    private var dropped = 0
    private var scratch = TextBuffer(capacity: 64)
    /// Whether the reader has had whole lines only (the last byte written ended one).
    private var atLineStart = true

    public init(fd: Int32, capacity: Int = QueuedOutput.defaultCapacity) {
        self.fd = fd
        self.capacity = capacity
    }

    /// Standard output made non-blocking, with SIGPIPE ignored (a reader that leaves ends the output).
    public static func standardOutput() -> QueuedOutput {
        signal(SIGPIPE, SIG_IGN)
        // It fails only when descriptor 1 is not open (EBADF), and then every write fails too,
        // which ends the output: nothing is left blocking.
        _ = fcntl(1, F_SETFL, fcntl(1, F_GETFL) | O_NONBLOCK)
        return QueuedOutput(fd: 1)
    }

    /// Bytes waiting for the reader.
    public var pending: Int { queue.count - head }

    /// Writes what the reader takes now and queues the rest (or drops it, line by line); empties `buffer`.
    public func flush(_ buffer: inout TextBuffer) {
        defer { buffer.removeAll() }
        buffer.withUnsafeBytes { send($0) }
    }

    /// Writes (or queues, or drops) whole lines of `bytes`, which stay the caller's: one
    /// buffer sent to many readers.
    public func send(_ bytes: UnsafeRawBufferPointer) {
        guard !isBroken, bytes.count > 0 else { return }
        guard pending == 0 && dropped == 0 else {
            enqueue(bytes, partial: false)
            return
        }
        let n = write(bytes)
        if !isBroken, n < bytes.count { enqueue(UnsafeRawBufferPointer(rebasing: bytes[n...]), partial: n > 0) }
    }

    /// Whether lines are being dropped now: the reader has not caught up since it lost one.
    public var isDropping: Bool { dropped > 0 }

    /// The descriptor can take more (or failed): write the queue; once it has drained, the
    /// reader hears how many lines it lost.
    public func writeReady() {
        guard !isBroken else { return }
        while true {
            if pending > 0 {
                let n = queue.withUnsafeBytes { raw in write(UnsafeRawBufferPointer(rebasing: raw[head...])) }
                head += n
                if isBroken || pending > 0 { break }
                queue.removeAll(keepingCapacity: true)
                head = 0
            }
            guard dropped > 0 else { break }
            // The count is taken first: writing the line may print a diagnostic, which may
            // come back through `flush` (standard error shared with this output).
            let lost = dropped
            dropped = 0
            scratch.removeAll()
            writeDroppedLine(lost, &scratch)
            scratch.withUnsafeBytes { queue.append(contentsOf: $0) }
        }
        if head > capacity / 2 {
            queue.removeFirst(head)
            head = 0
        }
        if isBroken || (pending == 0 && dropped == 0) { wantsWritable(false) }
    }

    /// The end is near and the reader is behind: the lines it has not begun to get are
    /// dropped and counted, so that what is left to write is the rest of a line partly
    /// written and the line that says how many it lost, which a reader can still take in the
    /// moment before the end.
    public func dropQueued() {
        guard !isBroken, pending > 0 else { return }
        // The rest of a line partly written stays; the lines after it go.
        let kept =
            atLineStart ? head : (queue[head...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? queue.count)
        let lost = queue[kept...].reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        queue.removeSubrange(kept...)
        dropped += lost
        droppedTotal += lost
        if pending == 0 { writeReady() }  // nothing partly written: the count goes now
    }

    /// Queues whole lines while they fit, drops (and counts) the rest. `partial`: `bytes`
    /// begins with the rest of a line already partly written, which is kept whatever the bound.
    private func enqueue(_ bytes: UnsafeRawBufferPointer, partial: Bool) {
        let wasEmpty = pending == 0
        var start = 0
        if partial, let end = bytes.firstIndex(of: UInt8(ascii: "\n")) {
            queue.append(contentsOf: bytes[...end])
            start = end + 1
        }
        var lineStart = start
        while lineStart < bytes.count {
            let end = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count - 1
            if dropped == 0 && pending + (end + 1 - lineStart) <= capacity {
                queue.append(contentsOf: bytes[lineStart...end])
            } else {
                dropped += 1
                droppedTotal += 1
            }
            lineStart = end + 1
        }
        if wasEmpty && (pending > 0 || dropped > 0) { wantsWritable(true) }
    }

    /// Writes until the descriptor would block; returns how many bytes it took.
    private func write(_ bytes: UnsafeRawBufferPointer) -> Int {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                if errno != EAGAIN {
                    isBroken = true
                    wantsWritable(false)
                }
                break
            }
            offset += n
        }
        if offset > 0 { atLineStart = bytes[offset - 1] == UInt8(ascii: "\n") }
        return offset
    }
}
