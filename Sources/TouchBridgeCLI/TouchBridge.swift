import ArgumentParser
import Evdev
import Output
import Sysexits

@main
struct TouchBridge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchbridge",
        abstract: "Linux touchscreens into a headless UIKit-style responder chain, plus evtest/evemu tools.",
        discussion: """
            Exit codes follow sysexits: 64 usage, 65 malformed data, 66 missing input or device, \
            69 a service or program not available (no daemon's socket, touchbridge-cli not installed), \
            70 an internal error, 71 a system call refused, 73 a socket path already taken or a file that cannot be made, \
            74 an input or output error, 77 permission denied. 1: a check failed (health's \
            --fail-on, qualify's verdict). 130: stopped by SIGINT before the end.
            """,
        version: touchbridgeVersion,
        subcommands: [
            RunCommand.self, SceneCommand.self, ListCommand.self, EvtestCommand.self, TouchesCommand.self,
            CalibrateCommand.self, HealthCommand.self, QualifyCommand.self, PictureCommand.self, RecordCommand.self,
            ReplayCommand.self, ListenCommand.self, WatchCommand.self, ScreensCommand.self, DoctorCommand.self,
            SpotsCommand.self, MQTTCommand.self, HIDRecordCommand.self, HIDReplayCommand.self, ReportCommand.self,
            LatencyCommand.self,
        ])

    /// Every command's diagnostics, libevdev's messages among them, go through `Diagnostics`.
    /// This is the whole interface: `touchbridge` (TouchBridgeDaemon) runs a plain, valid `run`
    /// line itself and hands everything else here.
    static func main() {
        LibevdevMessages.sink = { Diagnostics.print("touchbridge: libevdev: \($0)") }
        main(arguments(Array(CommandLine.arguments.dropFirst())))
        if let failure = StandardOutput.finish() {
            Diagnostics.print("touchbridge: \(failure)", level: .error)
            exit(withError: ExitCode(Sysexits.ioError))
        }
    }

    /// The arguments as the parser should read them: a first word that names no command (or
    /// one after `help`) is a usage error (64) even with `--help` after it, which the parser
    /// would otherwise answer with the whole help and success.
    static func arguments(_ given: [String]) -> [String] {
        let names = configuration.subcommands.compactMap { $0.configuration.commandName }
        // `help COMMAND`: the same rule for the word after it.
        let asked = given.first == "help" ? Array(given.dropFirst()) : given
        guard let first = asked.first, !first.hasPrefix("-"), !names.contains(first) else { return given }
        return asked.filter { $0 != "--help" && $0 != "-h" }
    }
}
