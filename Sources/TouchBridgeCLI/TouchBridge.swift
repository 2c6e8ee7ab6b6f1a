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
        subcommands: [
            RunCommand.self, SceneCommand.self, ListCommand.self, EvtestCommand.self, TouchesCommand.self,
            CalibrateCommand.self, HealthCommand.self, QualifyCommand.self, PictureCommand.self, RecordCommand.self,
            ReplayCommand.self, ListenCommand.self, WatchCommand.self,
        ])

    /// Every command's diagnostics, libevdev's messages among them, go through `Diagnostics`.
    /// This is the whole interface: `touchbridge` (TouchBridgeDaemon) runs a plain, valid `run`
    /// line itself and hands everything else here.
    static func main() {
        LibevdevMessages.sink = { Diagnostics.print("touchbridge: libevdev: \($0)") }
        main(nil)
    }
}
