import ArgumentParser
import Evdev
import Glibc
import InputEvents
import Output
import TouchBridge
import TouchInput

struct TouchesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touches",
        abstract: "Show what a panel reports after contact tracking and screen mapping.",
        discussion: """
            One line per contact change per frame (began, moved, stationary, ended, cancelled), with \
            the position and previous position in screen points, then a frame line. Contacts already \
            on the glass at start are reported as beginning then, marked 'initial'. On SIGINT/SIGTERM, \
            unplug, or the end of a recording, remaining contacts end as cancelled.
            """)

    @OptionGroup var reading: SourceArgument
    /// The event node or recording named.
    var source: String { reading.source }

    @Flag(help: "JSON Lines instead of text.")
    var json = false

    @OptionGroup(title: "Screen mapping (default screen: the panel's size at 96 dpi, else 1920x1080)")
    var mapping: MappingOptions

    @OptionGroup(title: "Panel placement and corrections, as run takes them (--hysteresis 0: raw contacts)")
    var panelOptions: PanelOptions

    func run() throws {
        let out = OutputSink.standardOutput()
        let input: InputSource
        do { input = try InputSource.open(source, clock: CLOCK_MONOTONIC, device: reading.device) } catch {
            throw fail(error)
        }
        switch input {
        case .recording(let recording, let path):
            try replay(recording, name: baseName(path, dropExtension: true), out: out)
        case .device(let device):
            try follow(device, out: out)
        }
    }

    /// The chain `run` builds for the panel (placement, mapping, jitter filter, masks), said
    /// on stderr; a clear error for a device without touch positions.
    private func chain(for d: DeviceDescription, node: String, info: InputDeviceInfo?, name: String) throws
        -> InputChain
    {
        if let problem = touchscreenProblem(d) { throw fail(DeviceError.unsuitable(path: source, reason: problem)) }
        let options = panelOptions.options(mapping)
        let chain = options.inputChain(
            for: d, node: node, info: info, warn: { Diagnostics.print("touchbridge: \($0)") },
            trackerWarn: { w in Diagnostics.print("touchbridge: \(name): \(w)") })
        guard let chain else {
            throw fail(DeviceError.unsuitable(path: source, reason: "it reports no touch positions"))
        }
        Diagnostics.print(
            "touchbridge: \(source): jitter filter: \(chain.jitterSetting.summary(mapper: chain.mapper))", level: .info)
        return chain
    }

    private func replay(_ r: Recording, name: String, out: OutputSink) throws {
        let chain = try chain(for: r.description, node: source, info: r.recordedInfo(at: source), name: name)
        // The chain's two parts apart: each frame is corrected as the tracker hands it out.
        var tracker = chain.tracker
        var corrections = chain.corrections
        let origin = DevicePoint(x: chain.origin.x, y: chain.origin.y)
        let log = ContactLog(device: name, json: json)
        var buffer = TextBuffer(capacity: 1 << 14)
        for e in r.events where !out.isBroken {
            tracker.process(e) { frame in
                log.write(corrections.corrected(frame), mapper: chain.mapper, origin: origin, into: &buffer)
                if buffer.count > OutputSink.chunk { out.flush(&buffer) }
            }
        }
        // The recording ends like an unplug: whatever is still down is cancelled.
        let end = corrections.corrected(
            tracker.cancelAll(at: r.events.last?.time ?? EventTime(seconds: 0, microseconds: 0)))
        if !end.contacts.isEmpty { log.write(end, mapper: chain.mapper, origin: origin, into: &buffer) }
        out.flush(&buffer)
    }

    private func follow(_ device: EvdevDevice, out: OutputSink) throws {
        let signals = SignalWatch()
        let d = device.description
        let udevInfo = (try? DeviceDiscovery())?.device(devnode: device.path)
        let name = baseName(device.path, dropExtension: false)
        let chain = try chain(for: d, node: device.path, info: udevInfo, name: name)
        var tracker = chain.tracker
        var corrections = chain.corrections
        let origin = DevicePoint(x: chain.origin.x, y: chain.origin.y)
        let log = ContactLog(device: name, json: json)
        var buffer = TextBuffer(capacity: 1 << 14)
        // Fingers already on the glass begin now, marked initial.
        let opened = corrections.corrected(tracker.open(at: monotonicNow(), device: device))
        if !opened.contacts.isEmpty { log.write(opened, mapper: chain.mapper, origin: origin, into: &buffer) }
        out.flush(&buffer)
        Diagnostics.print(
            "touchbridge: \(device.path): reading \(d.name) (\(tracker.touchProtocol.summary), "
                + "screen \(Int(chain.mapper.width))x\(Int(chain.mapper.height)))")
        let failure = readUntilStopped(
            device, signals: signals, finished: { out.isBroken }, drained: { out.flush(&buffer) },
            onEvent: { e, isSync in
                tracker.process(e, isSync: isSync) { frame in
                    log.write(corrections.corrected(frame), mapper: chain.mapper, origin: origin, into: &buffer)
                    if buffer.count > OutputSink.chunk { out.flush(&buffer) }
                }
            })
        // Unplug, a read error or shutdown: every contact still down ends as cancelled.
        let end = corrections.corrected(tracker.cancelAll(at: monotonicNow()))
        if !end.contacts.isEmpty { log.write(end, mapper: chain.mapper, origin: origin, into: &buffer) }
        out.flush(&buffer)
        if let failure { throw fail(failure) }
    }
}
