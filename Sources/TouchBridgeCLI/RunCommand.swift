import ArgumentParser
import Evdev
import Glibc
import InputEvents
import Output
import RunCommandLine
import TouchBridge
import TouchInput
import TouchKit

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract:
            "The daemon: panels (or recordings) → touches → a window built from a scene → one log line per handler call.",
        usage: "touchbridge run [<options>] [<sources> ...]",
        discussion: """
            Touches go through hit testing, gesture recognizers, controls and the responder chain of the \
            scene's window. Every handler call is written to standard output (text, or JSON Lines with \
            --json), diagnostics to standard error. Without a device, every touchscreen udev knows is \
            used. A regular file is read as an evemu recording: its recorded times drive the clock, so \
            it gives the same log every time. SIGINT/SIGTERM cancel the touches still down, flush the \
            log and exit 0. An unplugged panel's touches end as cancelled, and the daemon waits for it \
            to come back (or, without named devices, for any touchscreen). Recordings end the run when \
            the last one ends.
            """ + RunOption.help())

    /// Sources and options as given: read by `run`'s one reader (`RunArguments`) against its
    /// one table of options (`RunOption.all`), which the help above is also made from.
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp(
            "Event nodes such as /dev/input/event3, or evemu recordings (default: every touchscreen).",
            valueName: "sources"),
        completion: .custom { _, _, _ in RunOption.completions })
    var arguments: [String] = []

    var invocation: RunInvocation {
        get throws { try RunArguments.read(arguments) }
    }

    func validate() throws {
        do { try invocation.validate() } catch let error as UsageError { throw ValidationError(error.message) }
    }

    func run() throws {
        do { try invocation.run() } catch { throw fail(error) }
    }
}
