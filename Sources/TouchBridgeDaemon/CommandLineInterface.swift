import Glibc
import Output

/// The whole command-line interface, `touchbridge-cli`: beside this program in a build
/// directory, in `../libexec/touchbridge/` from it once installed.
enum CommandLineInterface {
    static let name = "touchbridge-cli"

    /// Replaces this process with the interface, given the same arguments; on failure says
    /// where it looked and exits 69 (EX_UNAVAILABLE).
    static func exec(_ arguments: [String]) -> Never {
        let places = candidates()
        for path in places where access(path, X_OK) == 0 {
            let argv = (["touchbridge"] + arguments).map { strdup($0) } + [nil]
            execv(path, argv)
            Diagnostics.print("touchbridge: cannot start \(path): \(String(cString: strerror(errno)))", level: .error)
            exit(69)
        }
        Diagnostics.print(
            "touchbridge: the command-line interface (\(name)) is not installed; looked in \(places.joined(separator: ", "))",
            level: .error)
        exit(69)
    }

    /// Where the interface may be, from where this program is.
    private static func candidates() -> [String] {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return ["/usr/libexec/touchbridge/\(name)"] }
        let me = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let dir = me.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return ["\(dir)/\(name)", "\(dir)/../libexec/touchbridge/\(name)"]
    }
}
