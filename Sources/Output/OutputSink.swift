import Glibc
import Sysexits
import TextBuffers

/// Writes buffered text to a file descriptor (stdout by default) in whole chunks; callers
/// fill a `TextBuffer` and hand it over when they are about to wait for input (so every frame
/// is out before the next wait, and a flood shares writes), or once it holds `chunk` bytes.
public final class OutputSink: TextSink {
    /// The size at which a buffer is written out even in the middle of a burst.
    public static let chunk = 1 << 16

    public let fd: Int32
    /// Set once a write failed (the reader went away, say); later writes are dropped.
    public private(set) var isBroken = false
    /// The failed write's errno: EPIPE when the reader went away, ENOSPC on a full disk.
    public private(set) var failure: Int32 = 0
    /// The first failure on standard output other than its reader going away, whichever sink
    /// met it: a one-shot command then exits 74 (`StandardOutput.finish`).
    nonisolated(unsafe) static var standardOutputFailure: Int32 = 0
    /// A live daemon's output: a failed write (a full disk) drops that text, is said once and
    /// counted, and the next flush tries again; the daemon goes on serving its panels.
    public var persists = false
    /// Writes that failed and were dropped while `persists`.
    public private(set) var failedWrites = 0

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
                    failed(errno)
                    return
                }
                if n == 0 {
                    failed(ENOSPC)
                    return
                }
                offset += n
            }
        }
    }

    private func failed(_ e: Int32) {
        let first = failure == 0
        failure = e
        if fd == 1, e != EPIPE, Self.standardOutputFailure == 0 { Self.standardOutputFailure = e }
        guard persists, e != EPIPE else {
            isBroken = true
            return
        }
        failedWrites += 1
        if first {
            Diagnostics.print(
                "touchbridge: standard output: write failed: \(String(cString: strerror(e))); its text is dropped"
                    + " (counted) while it fails, and the panels are served", level: .error)
        }
    }

    public func write(_ text: String) {
        var b = TextBuffer(capacity: text.utf8.count)
        b.append(string: text)
        flush(&b)
    }
}

/// Standard output's end in a one-shot command: what was written must have reached its file.
public enum StandardOutput {
    /// Why writing standard output failed, if it did (but for its reader going away): a write,
    /// or its close; the command then exits 74. Nil when all of it was written.
    public static func finish() -> String? {
        if OutputSink.standardOutputFailure != 0 {
            return "standard output: write failed: " + String(cString: strerror(OutputSink.standardOutputFailure))
        }
        guard close(1) != 0 else { return nil }
        let e = errno
        return e == EBADF || e == EPIPE || e == EINTR
            ? nil : "standard output: close failed: " + String(cString: strerror(e))
    }

    /// Exits 0 once standard output is all written, else 74 with what failed said.
    public static func exit() -> Never {
        guard let failure = finish() else { Glibc.exit(0) }
        Diagnostics.print("touchbridge: \(failure)", level: .error)
        Glibc.exit(Sysexits.ioError)
    }
}
