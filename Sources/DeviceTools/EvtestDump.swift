import Evdev
import Glibc
import Host
import InputEvents
import Output
import Runtime
import TextBuffers

/// `touchbridge evtest`: a device, or a recording standing in for it, dumped in evtest 1.35's
/// format — the header, then each event as the kernel delivers it, written out whenever all
/// there is has been read; a recording whole. Ends on SIGINT or SIGTERM, the grab released.
package struct EvtestDump {
    /// The event node or recording.
    package var source: String
    /// Of a `libinput record` file holding several devices, the one to dump.
    package var device: Int?
    /// Keep the device grabbed (exclusive) while dumping.
    package var grab = false

    package init(source: String, device: Int? = nil, grab: Bool = false) {
        self.source = source
        self.device = device
        self.grab = grab
    }

    /// The dump of a plain command line (`evtest SOURCE [--grab]`), read without the argument
    /// parser for the daemon's program; nil for anything else, which the interface reads.
    package static func parse(_ arguments: [String]) -> EvtestDump? {
        var sources: [String] = []
        var grab = false
        for a in arguments {
            if Flag.grab.names(a) {
                grab = true
            } else if a.hasPrefix("-") {
                return nil
            } else {
                sources.append(a)
            }
        }
        guard sources.count == 1 else { return nil }
        return EvtestDump(source: sources[0], grab: grab)
    }

    /// Dumps the source to standard output; throws what kept it from being read.
    package func run() throws {
        let out = OutputSink.standardOutput()
        // Grows as a flood needs; a small start keeps the tool's first words quick.
        var buffer = TextBuffer()
        switch try InputSource.open(source, device: device) {
        case .recording(let recording, _):
            let formatter = EvtestFormatter(naming: LibevdevNames(), device: recording.description)
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
            let formatter = EvtestFormatter(naming: LibevdevNames(), device: device.description)
            try dump(device, formatter, out, &buffer)
        }
    }

    private func dump(
        _ device: EvdevDevice, _ formatter: EvtestFormatter, _ out: OutputSink, _ buffer: inout TextBuffer
    ) throws {
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
        if let failure { throw failure }
        if device.isGrabbed { device.ungrab() }
    }
}
