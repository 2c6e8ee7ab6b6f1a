import Glibc
import MQTTBridge

/// What the bridge reads before it connects: its credentials file, and the kiosk's name.
enum BridgeSetup {
    /// The credentials file, read and checked: a missing one exits 66, one others may read is
    /// refused (77), a malformed one names its line (65).
    static func credentials(_ file: String) throws -> BridgeCredentials {
        var st = stat()
        guard stat(file, &st) == 0 else {
            throw BridgeError("\(file): \(String(cString: strerror(errno)))", exitCode: errno == EACCES ? 77 : 66)
        }
        guard st.st_mode & 0o007 == 0 else {
            throw BridgeError(
                "\(file): other users may read it (mode \(String(st.st_mode & 0o777, radix: 8))) but it holds a password: chmod o-rwx \(file)",
                exitCode: 77)
        }
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw BridgeError("\(file): \(String(cString: strerror(errno)))", exitCode: errno == EACCES ? 77 : 66)
        }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 16384)
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n >= 0, n < bytes.count else {
            throw BridgeError("\(file): not readable, or longer than 16 KiB", exitCode: 65)
        }
        return try BridgeCredentials.parse(String(decoding: bytes[0..<n], as: UTF8.self), file: file).get()
    }

    /// This machine's hostname.
    static func hostname() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "kiosk" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
