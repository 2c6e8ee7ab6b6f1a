import ArgumentParser
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

    @Flag(help: "Grab the device for exclusive access while dumping.")
    var grab = false

    func run() throws {
        let out = OutputSink.standardOutput()
        let formatter = EvtestFormatter(naming: LibevdevNames())
        var buffer = TextBuffer(capacity: 1 << 16)
        let input: InputSource
        do { input = try InputSource.open(source, device: reading.device) } catch { throw fail(error) }
        switch input {
        case .recording(let recording, _):
            // Written in chunks; a closed reader (EPIPE) ends the dump.
            formatter.writeHeader(recording.description, into: &buffer)
            formatter.writeTesting(into: &buffer)
            out.flush(&buffer)
            for e in recording.events {
                formatter.write(e, into: &buffer)
                if buffer.count > OutputSink.chunk {
                    out.flush(&buffer)
                    if out.isBroken { break }
                }
            }
            out.flush(&buffer)
        case .device(let device):
            let signals = SignalWatch()
            formatter.writeHeader(device.description, into: &buffer)
            formatter.writeTesting(into: &buffer)
            do {
                try device.grab()
                if !grab { device.ungrab() }
            } catch {
                formatter.writeGrabbedNotice(path: source, into: &buffer)
            }
            out.flush(&buffer)
            let failure = readUntilStopped(
                device, .raw, signals: signals, finished: { out.isBroken }, drained: { out.flush(&buffer) },
                onEvent: { e, _ in
                    formatter.write(e, into: &buffer)
                    if buffer.count > OutputSink.chunk { out.flush(&buffer) }
                })
            if let failure { throw fail(failure) }
            if device.isGrabbed { device.ungrab() }
        }
    }
}
