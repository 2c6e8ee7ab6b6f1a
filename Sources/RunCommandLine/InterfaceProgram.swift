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

    /// Replaces this process with the package's program `name` (the interface, the MQTT
    /// bridge), given `arguments` after `touchbridge`. Returns only when it cannot: what to say.
    public static func exec(_ name: String, _ arguments: [String]) -> String {
        let places = candidates(name)
        for path in places where access(path, X_OK) == 0 {
            let argv = (["touchbridge"] + arguments).map { strdup($0) } + [nil]
            execv(path, argv)
            return "cannot start \(path): \(String(cString: strerror(errno)))"
        }
        let what = name == Self.name ? "the command-line interface" : "the MQTT bridge"
        return "\(what) (\(name)) is not installed (looked in \(places.joined(separator: ", ")))"
    }
}
