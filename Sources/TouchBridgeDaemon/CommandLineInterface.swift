import Glibc
import Output
import RunCommandLine

/// The whole command-line interface, `touchbridge-cli`: beside this program in a build
/// directory, in `../libexec/touchbridge/` from it once installed.
enum CommandLineInterface {
    static let name = InterfaceProgram.name

    /// Replaces this process with the interface, given the same arguments; on failure says
    /// where it looked and exits 69 (EX_UNAVAILABLE).
    static func exec(_ arguments: [String], program: String = name) -> Never {
        let places = InterfaceProgram.candidates(program)
        for path in places where access(path, X_OK) == 0 {
            let argv = (["touchbridge"] + arguments).map { strdup($0) } + [nil]
            execv(path, argv)
            Diagnostics.print("touchbridge: cannot start \(path): \(String(cString: strerror(errno)))", level: .error)
            exit(69)
        }
        Diagnostics.print(
            "touchbridge: \(program == name ? "the command-line interface" : "the MQTT bridge") (\(program)) is not installed; looked in \(places.joined(separator: ", "))",
            level: .error)
        exit(69)
    }
}
