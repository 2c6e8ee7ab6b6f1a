import Glibc
import MQTTBridge
import Sysexits

/// What the bridge reads before it connects: its credentials file, and the kiosk's name.
enum BridgeSetup {
    /// The credentials file, read and checked: a missing one exits 66, one that another user
    /// owns or that its group or others may read is refused (77), a malformed one names its line
    /// (65); its `keyfile` is held to the same rule.
    static func credentials(_ file: String) throws -> BridgeCredentials {
        try checkSecret(file, "it holds a password")
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw BridgeError(
                "\(file): \(String(cString: strerror(errno)))",
                exitCode: errno == EACCES ? Sysexits.noPermission : Sysexits.noInput)
        }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 16384)
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n >= 0, n < bytes.count else {
            throw BridgeError("\(file): not readable, or longer than 16 KiB", exitCode: Sysexits.dataError)
        }
        let c = try BridgeCredentials.parse(String(decoding: bytes[0..<n], as: UTF8.self), file: file).get()
        if let key = c.keyfile { try checkSecret(key, "it is the TLS client's private key") }
        return c
    }

    /// A file that holds a secret: it exists, is owned by the user the bridge runs as (or by
    /// root) and only its owner may read it; else why not, with the command that mends it.
    static func checkSecret(_ file: String, _ why: String, user: uid_t = geteuid()) throws {
        var st = stat()
        guard stat(file, &st) == 0 else {
            throw BridgeError(
                "\(file): \(String(cString: strerror(errno)))",
                exitCode: errno == EACCES ? Sysexits.noPermission : Sysexits.noInput)
        }
        guard st.st_uid == user || st.st_uid == 0 else {
            throw BridgeError(
                "\(file): owned by uid \(st.st_uid), not by this user (uid \(user)) nor root, but \(why): "
                    + "chown root \(file)", exitCode: Sysexits.noPermission)
        }
        guard st.st_mode & 0o077 == 0 else {
            throw BridgeError(
                "\(file): its group or other users may read it (mode \(String(st.st_mode & 0o777, radix: 8))) but "
                    + "\(why): chmod 600 \(file)", exitCode: Sysexits.noPermission)
        }
    }

    /// This machine's hostname.
    static func hostname() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "kiosk" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
