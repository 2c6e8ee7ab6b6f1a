// `touchbridge`: the daemon's program. A plain, valid `run` command line is run here, in a
// binary without the argument parser and Foundation (a third of the memory, a third of the
// start-up), and so are a plain `evtest`, `touches` and `list`, tools that must start as fast as
// the ones they stand beside; every other command, help, completions and every mistake are handed,
// with the same arguments, to the whole command-line interface (touchbridge-cli), which says
// them as it always has.
import DeviceTools
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
        StandardOutput.exit()
    } catch {
        Diagnostics.print("touchbridge: \(error)", level: .error)
        exit(Kiosk.exitCode(for: error))
    }
}
// The tools that must start as fast as the ones they stand beside (evtest), read the same way.
// No closures here: one formed in top-level code is the main actor's, and calling it would link
// the concurrency runtime (and libdispatch) for its isolation check.
let rest = Array(arguments.dropFirst())
do {
    if arguments.first == "evtest", let dump = EvtestDump.parse(rest) {
        try dump.run()
        StandardOutput.exit()
    }
    if arguments.first == "touches", let touches = TouchesRun.parse(rest) {
        try touches.run()
        StandardOutput.exit()
    }
    if arguments.first == "list", let list = DeviceList.parse(rest) {
        try list.run()
        StandardOutput.exit()
    }
} catch {
    Diagnostics.print("touchbridge: \(error)", level: .error)
    exit(Kiosk.exitCode(for: error))
}
// The MQTT bridge is a program of its own: the daemon and the interface stay off the network.
if arguments.first == "mqtt" { CommandLineInterface.exec(arguments, program: InterfaceProgram.bridge) }
CommandLineInterface.exec(arguments)
