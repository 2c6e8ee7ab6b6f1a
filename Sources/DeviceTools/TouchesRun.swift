import Discovery
import Evdev
import Glibc
import Host
import InputEvents
import Output
import Pipeline
import RunCommandLine
import Runtime
import TextBuffers
import TouchBridge
import TouchInput

/// `touchbridge touches`: what a panel reports after contact tracking and the corrections and
/// mapping `run` applies, one line per contact change per frame (text or JSON Lines); a live
/// panel until SIGINT or SIGTERM or its unplug, a recording whole. What is still down at the end
/// is cancelled.
package struct TouchesRun {
    /// The event node or recording.
    package var source: String
    /// Of a `libinput record` file holding several devices, the one to read.
    package var device: Int?
    /// JSON Lines instead of text.
    package var json = false
    /// Where the panel lands and how its contacts are corrected, as `run` takes them.
    package var options: RunOptions
    /// `--scene`: the scene whose screen `run` would map the panel onto.
    package var scene: Scene?

    package init(source: String, device: Int? = nil, json: Bool = false, options: RunOptions, scene: Scene? = nil) {
        self.source = source
        self.device = device
        self.json = json
        self.options = options
        self.scene = scene
    }

    /// The options `touches` takes, all of them `run`'s too: the mapping ones, the panel rules
    /// but the noise filter (`touches` shows what the panel reports through the corrections),
    /// and these.
    static let names: Set<String> = Set(
        RunOption.all.filter { $0.group == .mapping || ($0.group == .panels && $0.name != "noise-filter") }.map(\.name)
    ).union(["json", "device", "scene"])

    /// The run of a plain, valid command line, read by `run`'s own reader without the argument
    /// parser (for the daemon's program); nil for anything else, which the interface reads.
    package static func parse(_ arguments: [String]) -> TouchesRun? {
        guard !arguments.contains(where: RunArguments.asksTheInterface) else { return nil }
        for a in arguments where a.hasPrefix("--") {
            guard names.contains(String(a.dropFirst(2).prefix { $0 != "=" })) else { return nil }
        }
        guard let r = RunArguments.parse(arguments), r.sources.count == 1,
            r.options.output == nil || !RunInvocation.isRecording(r.sources[0])
        else { return nil }
        // A scene that cannot be loaded is the interface's to say.
        var scene: Scene?
        if let file = r.scene {
            guard let loaded = try? Scene.load(path: file) else { return nil }
            scene = loaded
        }
        return TouchesRun(
            source: r.sources[0], device: r.options.recordedDevice, json: r.options.format == .json,
            options: r.options, scene: scene)
    }

    /// Reads the source to standard output; throws what kept it from being read.
    package func run() throws {
        let out = OutputSink.standardOutput()
        switch try InputSource.open(source, clock: CLOCK_MONOTONIC, device: device) {
        case .recording(let recording, let path):
            try replay(recording, name: Self.baseName(path, dropExtension: true), out: out)
        case .device(let device):
            try follow(device, out: out)
        }
    }

    /// A path's last component, without its extension when asked: the device in the lines.
    package static func baseName(_ path: String, dropExtension: Bool) -> String {
        var name = String(path.split(separator: "/").last ?? Substring(path))
        if dropExtension, let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        return name
    }

    /// The chain `run` builds for the panel (placement, mapping, jitter filter, masks), said
    /// on stderr; a clear error for a device without touch positions.
    private func chain(
        for d: DeviceDescription, node: String, info: InputDeviceInfo?, name: String, options given: RunOptions
    ) throws -> InputChain {
        // The screen `run` would take, and where it comes from, said once.
        var options = given
        let screen = options.screenInForce(scene: scene, first: d)
        options.screen = screen.size
        Diagnostics.print(
            "touchbridge: \(source): screen \(Int(screen.size.width))x\(Int(screen.size.height)) (\(screen.source))",
            level: .info)
        let key = TouchProtocol.contactKey(of: d, marked: options.rules.marks(node: node, name: d.name, info: info))
        if let problem = touchscreenProblem(d, contactKey: key) {
            throw DeviceError.unsuitable(path: source, reason: problem)
        }
        let chain = options.inputChain(
            for: d, node: node, info: info, warn: { Diagnostics.print("touchbridge: \($0)") },
            trackerWarn: { w in Diagnostics.print("touchbridge: \(name): \(w)") })
        guard let chain else {
            throw DeviceError.unsuitable(path: source, reason: "it reports no touch positions")
        }
        Diagnostics.print(
            "touchbridge: \(source): jitter filter: \(chain.jitterSetting.summary(mapper: chain.mapper))", level: .info)
        return chain
    }

    private func replay(_ r: Recording, name: String, out: OutputSink) throws {
        let chain = try chain(
            for: r.description, node: source, info: r.recordedInfo(at: source), name: name, options: options)
        // The chain's two parts apart: each frame is corrected as the tracker hands it out.
        var tracker = chain.tracker
        var corrections = chain.corrections
        let origin = ScreenPoint(x: chain.origin.x, y: chain.origin.y)
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
        let discovery = try? DeviceDiscovery()
        let udevInfo = discovery?.device(devnode: device.path)
        let name = Self.baseName(device.path, dropExtension: false)
        // A live panel's screen, without one of its own: its display's mode, as `run` takes it.
        var options = self.options
        options.takeDisplayMode(of: d, node: device.path, info: udevInfo, discovery: discovery) { m, level in
            Diagnostics.print("touchbridge: \(m)", level: level)
        }
        let chain = try chain(for: d, node: device.path, info: udevInfo, name: name, options: options)
        var tracker = chain.tracker
        var corrections = chain.corrections
        let origin = ScreenPoint(x: chain.origin.x, y: chain.origin.y)
        let log = ContactLog(device: name, json: json)
        var buffer = TextBuffer(capacity: 1 << 14)
        // Fingers already on the glass begin now, marked initial.
        let opened = corrections.corrected(tracker.open(at: monotonicNow(), device: device))
        if !opened.contacts.isEmpty { log.write(opened, mapper: chain.mapper, origin: origin, into: &buffer) }
        out.flush(&buffer)
        Diagnostics.print(
            "touchbridge: \(device.path): reading \(d.name) (\(tracker.touchProtocol.summary(contactKey: tracker.contactKey, of: d)), "
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
        if let failure { throw failure }
    }
}
