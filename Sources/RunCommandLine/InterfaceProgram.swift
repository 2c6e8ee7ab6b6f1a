import Glibc

/// The whole command-line interface, `touchbridge-cli`: beside the running program in a build
/// directory (or the running program itself), in `../libexec/touchbridge/` from it once installed.
public enum InterfaceProgram {
    public static let name = "touchbridge-cli"

    /// The MQTT bridge, `touchbridge mqtt`'s program, installed beside the interface.
    public static let bridge = "touchbridge-mqtt"

    /// Where the interface (or another of the package's programs, `name`) may be, from where
    /// this program is.
    public static func candidates(_ name: String = name) -> [String] {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return ["/usr/libexec/touchbridge/\(name)"] }
        let me = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let dir = me.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return ["\(dir)/\(name)", "\(dir)/../libexec/touchbridge/\(name)"]
    }

    /// The first candidate that can be run; nil when none can.
    public static var path: String? { candidates().first { access($0, X_OK) == 0 } }
}
