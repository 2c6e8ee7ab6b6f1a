import Glibc
import Output
import RunCommandLine
import Sysexits

/// The package's other programs: the whole command-line interface, `touchbridge-cli`, and the
/// MQTT bridge, beside this program in a build directory, in `../libexec/touchbridge/` from it
/// once installed.
enum CommandLineInterface {
    /// Replaces this process with `program` (the interface by default), given the same
    /// arguments; on failure says why and exits 69 (EX_UNAVAILABLE).
    static func exec(_ arguments: [String], program: String = InterfaceProgram.name) -> Never {
        Diagnostics.print("touchbridge: " + InterfaceProgram.exec(program, arguments), level: .error)
        exit(Sysexits.unavailable)
    }
}
