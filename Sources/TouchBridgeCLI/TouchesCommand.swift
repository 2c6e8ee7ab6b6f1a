import ArgumentParser
import Evdev
import Glibc
import InputEvents
import Output
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

    @Argument(help: "An event node such as /dev/input/event3, or an evemu recording file.")
    var source: String

    @Flag(help: "JSON Lines instead of text.")
    var json = false

    @OptionGroup(title: "Screen mapping (default screen: the panel's size at 96 dpi, else 1920x1080)")
    var mapping: MappingOptions

    @Option(help: ArgumentHelp(
        "Jitter filter margin in millimetres instead of libinput's fuzz filter (the default where the panel has fuzz); 0: raw contacts.",
        valueName: "MM"))
    var hysteresis: Double?

    func validate() throws {
        if let h = hysteresis, !(h >= 0 && h.isFinite) { throw ValidationError("--hysteresis takes millimetres, 0 or more") }
    }

    func run() throws {
        let out = OutputSink.standardOutput()
        let input: InputSource
        do { input = try InputSource.open(source, clock: CLOCK_MONOTONIC) } catch { throw fail(error) }
        switch input {
        case let .recording(recording, path):
            try replay(recording, name: baseName(path, dropExtension: true), out: out)
        case let .device(device):
            try follow(device, out: out)
        }
    }

    /// The screen mapper for a device, or a clear error for devices without touch positions.
    private func mapper(for d: DeviceDescription, udevCalibration: String?) throws -> ScreenMapper {
        if let problem = touchscreenProblem(d) { throw fail(DeviceError.unsuitable(path: source, reason: problem)) }
        var matrix = ScreenMapper.Calibration.identity
        if let m = mapping.matrix {
            matrix = m
        } else if let text = udevCalibration {
            if let m = ScreenMapper.Calibration(parsing: text) { matrix = m } else {
                Diagnostics.print("touchbridge: \(source): ignoring LIBINPUT_CALIBRATION_MATRIX=\"\(text)\" (expected six numbers)")
            }
        }
        return ScreenMapper(device: d, calibration: matrix, rotation: mapping.rotation, screen: mapping.screenSize)!
    }

    /// The jitter filter for the panel (said on stderr), as `run` chooses it.
    private func jitterFilter(_ d: DeviceDescription, udevFuzz: [UInt16: Int32], mapper: ScreenMapper) -> JitterFilter {
        let setting = JitterSetting.choose(for: d, udevFuzz: udevFuzz, millimetres: hysteresis)
        Diagnostics.print("touchbridge: \(source): jitter filter: \(setting.summary(mapper: mapper))", level: .info)
        return setting.filter(mapper: mapper)
    }

    private func replay(_ r: Recording, name: String, out: OutputSink) throws {
        let mapper = try mapper(for: r.description, udevCalibration: nil)
        var jitter = jitterFilter(r.description, udevFuzz: [:], mapper: mapper)
        let log = ContactLog(device: name, json: json)
        var tracker = ContactTracker(description: r.description, ids: ContactIDs()) { w in
            Diagnostics.print("touchbridge: \(name): \(w)")
        }
        var buffer = TextBuffer(capacity: 1 << 14)
        for e in r.events where !out.isBroken {
            tracker.process(e) { frame in
                log.write(jitter.apply(frame), mapper: mapper, into: &buffer)
                if buffer.count > OutputSink.chunk { out.flush(&buffer) }
            }
        }
        // The recording ends like an unplug: whatever is still down is cancelled.
        let end = jitter.apply(tracker.cancelAll(at: r.events.last?.time ?? EventTime(seconds: 0, microseconds: 0)))
        if !end.contacts.isEmpty { log.write(end, mapper: mapper, into: &buffer) }
        out.flush(&buffer)
    }

    private func follow(_ device: EvdevDevice, out: OutputSink) throws {
        let signals = SignalWatch()
        let d = device.description
        let udevInfo = (try? DeviceDiscovery())?.device(devnode: device.path)
        let mapper = try mapper(for: d, udevCalibration: udevInfo?.calibrationText)
        var jitter = jitterFilter(d, udevFuzz: udevInfo.map(\.libinputFuzz) ?? [:], mapper: mapper)
        let name = baseName(device.path, dropExtension: false)
        let log = ContactLog(device: name, json: json)
        var tracker = ContactTracker(description: d, ids: ContactIDs()) { w in
            Diagnostics.print("touchbridge: \(name): \(w)")
        }
        var buffer = TextBuffer(capacity: 1 << 14)
        // Fingers already on the glass begin now, marked initial.
        let opened = jitter.apply(tracker.open(at: monotonicNow(), device: device))
        if !opened.contacts.isEmpty { log.write(opened, mapper: mapper, into: &buffer) }
        out.flush(&buffer)
        Diagnostics.print("touchbridge: \(device.path): reading \(d.name) (\(tracker.touchProtocol.summary), "
            + "screen \(Int(mapper.width))x\(Int(mapper.height)))")
        let failure = readUntilStopped(device, signals: signals, finished: { out.isBroken }, drained: { out.flush(&buffer) }) { e, isSync in
            tracker.process(e, isSync: isSync) { frame in
                log.write(jitter.apply(frame), mapper: mapper, into: &buffer)
                if buffer.count > OutputSink.chunk { out.flush(&buffer) }
            }
        }
        // Unplug, a read error or shutdown: every contact still down ends as cancelled.
        let end = jitter.apply(tracker.cancelAll(at: monotonicNow()))
        if !end.contacts.isEmpty { log.write(end, mapper: mapper, into: &buffer) }
        out.flush(&buffer)
        if let failure { throw fail(failure) }
    }
}
