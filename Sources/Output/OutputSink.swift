import Glibc
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
