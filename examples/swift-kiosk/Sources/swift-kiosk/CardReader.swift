import Glibc

/// A card reader that writes one line a card (a USB-serial reader's tty, or a FIFO in
/// tests), read without blocking in the kiosk's loop (`Kiosk.watch`).
final class CardReader {
    let fd: Int32
    private var pending: [UInt8] = []

    /// Opens `path` read-write (a FIFO opened so never reaches end of file while the kiosk runs).
    init?(path: String) {
        fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 { return nil }
    }

    /// The whole lines read now; call when the descriptor is readable.
    func lines() -> [String] {
        var chunk = [UInt8](repeating: 0, count: 256)
        while true {
            let n = read(fd, &chunk, chunk.count)
            if n <= 0 { break }
            pending += chunk[..<n]
        }
        var out: [String] = []
        while let nl = pending.firstIndex(of: UInt8(ascii: "\n")) {
            out.append(String(decoding: pending[..<nl], as: UTF8.self))
            pending.removeSubrange(...nl)
        }
        return out
    }
}
