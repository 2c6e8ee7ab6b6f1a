import Glibc

/// Where libevdev's own messages go (a kernel or driver bug it works around, one line each):
/// the daemon and the tools point it at their diagnostics; standard error until they do.
public enum LibevdevMessages {
    /// Takes one message, without its newline.
    nonisolated(unsafe) public static var sink: (String) -> Void = { message in
        let line = Array("touchbridge: libevdev: \(message)\n".utf8)
        _ = line.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
