// `touchbridge`: the daemon's program. A plain, valid `run` command line is run here, in a
// binary without the argument parser and Foundation (a third of the memory, a third of the
// start-up); every other command, help, completions and every mistake are handed, with the
// same arguments, to the whole command-line interface (touchbridge-cli), which says them as
// it always has.
import Evdev
import Glibc
import Output
import RunCommandLine
import TouchBridge

LibevdevMessages.sink = { Diagnostics.print("touchbridge: libevdev: \($0)") }
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "run", !arguments.contains(where: RunArguments.asksTheInterface),
    let run = RunArguments.parse(Array(arguments.dropFirst())), (try? run.validate()) != nil
{
    do {
        try run.run()
        exit(0)
    } catch {
        Diagnostics.print("touchbridge: \(error)", level: .error)
        exit(Kiosk.exitCode(for: error))
    }
}
CommandLineInterface.exec(arguments)
