import ArgumentParser
import Evdev
import Output

@main
struct TouchBridge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchbridge",
        abstract: "Linux touchscreens into a headless UIKit-style responder chain, plus evtest/evemu tools.",
        discussion: """
            Exit codes follow sysexits: 64 usage, 65 malformed data, 66 missing input or device, \
            77 permission denied.
            """,
        version: touchbridgeVersion,
        subcommands: [RunCommand.self, SceneCommand.self, ListCommand.self, EvtestCommand.self, TouchesCommand.self, CalibrateCommand.self, HealthCommand.self, QualifyCommand.self, PictureCommand.self, RecordCommand.self, ReplayCommand.self, ListenCommand.self, WatchCommand.self])

    /// Every command's diagnostics, libevdev's messages among them, go through `Diagnostics`.
    static func main() {
        LibevdevMessages.sink = { Diagnostics.print("touchbridge: libevdev: \($0)") }
        // The daemon's start: a plain, valid `run` command line is read without the argument
        // parser (RunArguments). Help, completions, the version, and any mistake go through
        // the whole interface, which says them as it always does.
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "run", !arguments.contains(where: asksTheInterface),
           let run = RunArguments.parse(Array(arguments.dropFirst())), (try? run.validate()) != nil {
            do { try run.run() } catch { exit(withError: error) }
            return
        }
        main(nil)
    }

    /// An argument the whole interface answers: help, completions, the version.
    private static func asksTheInterface(_ a: String) -> Bool {
        a == "-h" || a == "--help" || a == "help" || a == "--version" || a.hasPrefix("--generate-completion")
            || a.hasPrefix("--experimental")
    }
}
