import ArgumentParser
import DeviceTools
import Evdev
import Glibc
import InputEvents
import Output

struct EvtestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evtest",
        abstract: "Dump a device (or an evemu recording) in evtest 1.35's exact format.",
        discussion: """
            Prints the header (ids, name, supported events with axis ranges, properties), then one \
            line per event as the kernel delivers it, written out whenever it has read all there is. Ends cleanly on \
            SIGINT or SIGTERM (the grab is released). A recording is dumped whole, then it exits.
            """)

    @OptionGroup var reading: SourceArgument
    /// The event node or recording named.
    var source: String { reading.source }

    @Flag(name: .tool(EvtestDump.Flag.grab), help: .tool(EvtestDump.Flag.grab))
    var grab = false

    func run() throws {
        do { try EvtestDump(source: source, device: reading.device, grab: grab).run() } catch { throw fail(error) }
    }
}
