import Discovery
import Evdev
import Glibc
import Host
import InputEvents
import Output
import Pipeline
import Runtime
import TouchInput
import TouchScene

/// `run FILE.evemu …`'s source: recordings streamed through the pipeline. The recorded times
/// drive the clock, so the same recording always gives the same log. Several recordings play
/// together, merged frame by frame in time order.
package final class RecordingSource: FrameSource {
    private(set) weak var runner: Runner?
    /// The pipeline and every output, the signals' answers, and the pipeline itself (held, not
    /// fetched through the host for every event), set as it starts.
    private var host: PipelineHost!
    private var pipeline: TouchPipeline!
    private var streams: [Stream] = []
    private var pacer: Pacer?
    /// The first recorded event's time, from which the kiosk's rules count.
    private var firstTime: Double?
    package let options: RunOptions
    package let isLive = false
    package let loop: EventLoop?
    package var displays: (any DisplayControl)? { nil }
    private let warn: (String) -> Void
    private let readers: [RecordingReader]
    private let heads: [InputEvent?]
    private let others: [(RecordingReader, InputEvent?, AuxiliaryDevice.Kind)]
    private let recorded: [(node: String, name: String, info: InputDeviceInfo?)]
    private let placements: [PanelPlacement]

    private final class Stream {
        let reader: RecordingReader
        /// A touch panel's recording, or an accelerometer's or a key device's.
        let panel: Panel?
        let auxiliary: AuxiliaryDevice?
        var head: InputEvent?
        var last: EventTime

        init(reader: RecordingReader, panel: Panel?, auxiliary: AuxiliaryDevice? = nil, head: InputEvent?) {
            self.reader = reader
            self.panel = panel
            self.auxiliary = auxiliary
            self.head = head
            last = head?.time ?? EventTime(seconds: 0, microseconds: 0)
        }
    }

    /// Opens the recordings (their descriptions are read now) and places their panels; the
    /// loop is made when something waits in it (`--realtime`, the socket, the scene's commands).
    package init(paths: [String], options: RunOptions, commands: Bool, warn: @escaping (String) -> Void) throws {
        self.options = options
        self.warn = warn
        (readers, heads, others) = try Self.sortRecordings(paths, options: options)
        recorded = readers.map { r in
            (
                node: r.path, name: r.description.name,
                info: r.udevProperties.isEmpty
                    ? nil
                    : InputDeviceInfo(recordedAt: r.path, name: r.description.name, udevProperties: r.udevProperties)
            )
        }
        placements = recorded.map { r in options.placement(node: r.node, name: r.name, info: r.info) { warn($0) } }
        loop = options.realtime || options.socketPath != nil || commands ? try EventLoop() : nil
    }

    package func startingPanels() -> [(SourcePanel, PanelPlacement)] {
        zip(readers, zip(recorded, placements)).map { r, p in
            (SourcePanel(node: r.path, description: r.description, info: p.0.info, key: r.path), p.1)
        }
    }

    package var panelsInService: [(node: String, name: String, info: InputDeviceInfo?)] { recorded }

    /// Each recording into the pipeline at its first event's time: panels, then the others.
    package func start(_ runner: Runner) throws {
        self.runner = runner
        host = runner.host
        pipeline = runner.host.pipeline
        for (panel, head) in zip(startingPanels(), heads) {
            let start = head.map { $0.time.inSeconds } ?? 0
            let reader = readers[streams.count]
            let (added, failure) = try runner.addPanel(panel.0, placement: panel.1, time: start)
            if let failure { throw failure }
            streams.append(Stream(reader: reader, panel: added, head: head))
        }
        for (r, head, kind) in others {
            let start = head.map { $0.time.inSeconds } ?? 0
            let device = pipeline.addAuxiliary(node: r.path, description: r.description, kind: kind, time: start)
            streams.append(Stream(reader: r, panel: nil, auxiliary: device, head: head))
        }
    }

    /// A client's command takes the recording's time now (between its frames), never earlier
    /// than the pipeline's, when it is played in real time.
    package func commandTime() -> Double? {
        guard let pacer else { return nil }
        return max(pacer.recordedNow() ?? firstTime ?? 0, pipeline.log.now)
    }

    /// A command may bring a deadline nearer (a lock's end): the pacing's wait ends.
    package func commandDone() { pacer?.interrupt() }

    package func beforeReload() {}

    /// The recordings' panels and the other devices they recorded (accelerometers, keys), each
    /// with its first event; a recording of anything else is refused.
    private static func sortRecordings(_ paths: [String], options: RunOptions) throws -> (
        panels: [RecordingReader], heads: [InputEvent?], others: [(RecordingReader, InputEvent?, AuxiliaryDevice.Kind)]
    ) {
        var readers: [RecordingReader] = []
        var heads: [InputEvent?] = []
        var others: [(RecordingReader, InputEvent?, AuxiliaryDevice.Kind)] = []
        let opened = try paths.flatMap { path in
            try options.recordedDevice.map { [try RecordingReader(path: path, device: $0)] }
                ?? RecordingReader.open(path: path)
        }
        for r in opened {
            let path = r.path
            let marked = options.rules.marks(node: path, name: r.description.name, info: nil)
            if let problem = touchscreenProblem(
                r.description, contactKey: TouchProtocol.contactKey(of: r.description, marked: marked))
            {
                // An accelerometer or a device with keys plays too; anything else is refused.
                guard let kind = AuxiliaryDevice.kind(of: r.description) else {
                    throw DeviceError.unsuitable(
                        path: path, reason: problem + ", nor an accelerometer or a device with keys")
                }
                others.append((r, try r.next(), kind))
                continue
            }
            readers.append(r)
            heads.append(try r.next())
        }
        return (readers, heads, others)
    }

    /// Plays the recordings to their end (or until SIGINT/SIGTERM). At each recording's end
    /// its touches still down are cancelled at its last event's time; then time runs on
    /// until no timer is pending. Throws a `RecordingError` for a malformed line, after
    /// cancelling what was down.
    package func play() throws {
        // The kiosk's rules count from the first event on.
        let first = streams.compactMap { $0.head?.time.inSeconds }.min()
        firstTime = first
        if host.options.realtime, let loop = host.loop { pacer = try Pacer(loop: loop, host: host) }
        if let pacer, !waitToStart(pacer) { return stop() }
        try host.start(at: first ?? 0)
        var count = 0
        // Held for the run, not unwrapped from `self` at every frame (a reload keeps the log).
        let pipeline: TouchPipeline = self.pipeline
        let log = pipeline.log
        do {
            // Between frames: the stream whose next frame comes first, kept while it plays
            // alone (nothing to choose, and no reference taken anew for each frame).
            var current: Stream?
            while true {
                if streams.count != 1 || current?.head == nil { current = earliestStream() }
                guard let s = current, let head = s.head else { break }
                let t = head.time.inSeconds
                if let pacer, try !pace(pacer, to: t) { return stop() }
                pipeline.advanceTime(to: t)
                // The frame, event by event, with the stream's device a parameter: held by the
                // call, it is not retained again for each event.
                let more =
                    if let panel = s.panel {
                        try playFrame(of: s, panel, count: &count) { $0.process($1, from: $2) }
                    } else {
                        try playFrame(of: s, s.auxiliary!, count: &count) { $0.process($1, from: $2) }
                    }
                guard more else { return stop() }
                // A frame's lines at most past 64 KiB: the buffer stays at its size, as the
                // daemon's does between wakes (every 4 096 events, it grew to 512 KiB).
                if log.buffer.count > 1 << 16 { flush() }
            }
        } catch {
            for s in streams { end(s) }
            flush()
            throw error
        }
        // Time runs on until no recognizer waits (a single tap that waits for a double tap's
        // failure is reported); bounded in case a recognizer keeps rescheduling. The input has
        // ended: idle and ghosts, which count time between contacts, wait no more.
        var rounds = 0
        while let d = pipeline.recognizerDeadline, rounds < 10_000 {
            if let pacer, try !pace(pacer, to: d) { return stop() }
            pipeline.advanceTime(to: d)
            rounds += 1
        }
        waitForCommands()
        host.finish(at: streams.map(\.last).max() ?? EventTime(inSeconds: pipeline.log.now))
    }

    /// The stream whose next frame comes first, nil once every one has ended.
    private func earliestStream() -> Stream? {
        var first: Stream?
        for s in streams {
            guard let h = s.head else { continue }
            if let f = first?.head, f.time <= h.time { continue }
            first = s
        }
        return first
    }

    /// The rest of `s`'s frame, its events fed to `device`. False when a signal asked to stop.
    @inline(__always)
    private func playFrame<Device: AnyObject>(
        of s: Stream, _ device: Device, count: inout Int,
        _ feed: (TouchPipeline, InputEvent, Device) -> Void
    ) throws -> Bool {
        let reader = s.reader
        // Held once for the frame, not unwrapped (and retained) from `self` per event.
        let pipeline: TouchPipeline = self.pipeline
        var e = s.head!
        while true {
            feed(pipeline, e, device)
            s.last = e.time
            let next = try reader.next()
            s.head = next
            if next == nil { end(s) }
            count &+= 1
            if count & 4095 == 0 {
                host.takeSignals()
                if host.stopRequested { return false }
            }
            guard let n = next, !e.isReport else { return true }
            e = n
        }
    }

    /// The commands the recording started run to their end (their timeouts apply), reaped
    /// in the loop.
    private func waitForCommands() {
        guard let loop = host.loop, let commands = host.outputs.commands, commands.runningCount > 0 else { return }
        flush()
        host.draining = true
        loop.run(beforeSleep: { [unowned self] in
            flush()
            if host.stopRequested || commands.runningCount == 0 { loop.stop() }
        })
        host.draining = false
    }

    private var log: HandlerLog { pipeline.log }

    private func end(_ s: Stream) {
        guard streams.contains(where: { $0 === s }) else { return }
        if let panel = s.panel {
            pipeline.removePanel(panel, at: s.last)
        } else if let a = s.auxiliary {
            pipeline.removeAuxiliary(a, at: s.last)
        }
        streams.removeAll { $0 === s }
    }

    /// SIGINT or SIGTERM: what is down is cancelled, the log flushed.
    private func stop() {
        host.finish(at: streams.map(\.last).max() ?? EventTime(seconds: 0, microseconds: 0))
    }

    /// Waits (in real time) until recorded time `t`, firing the timers due before it at their
    /// deadlines. False when a signal asked to stop.
    private func pace(_ pacer: Pacer, to t: Double) throws -> Bool {
        while true {
            let next = min(t, pipeline.nextDeadline ?? t)
            flush()
            guard pacer.wait(until: next) else { return false }
            if pacer.wasInterrupted { continue }  // a command: its deadlines count from now
            if next >= t { return true }
            pipeline.advanceTime(to: next)
        }
    }

    private func flush() { host.flush() }

    /// `--start-delay`, then `--wait-for-client`: the clients are served meanwhile, and the
    /// recording's clock starts after. False when a signal asked to stop.
    private func waitToStart(_ pacer: Pacer) -> Bool {
        if let delay = host.options.startDelay, delay > 0 {
            let end = monotonicSeconds() + delay
            while monotonicSeconds() < end {
                guard pacer.sleep(until: end) else { return false }
            }
        }
        guard host.options.waitForClient, let socket = host.outputs.socket else { return true }
        host.warn("event socket: waiting for a client before playing", .info)
        while true {
            let first = socket.firstClient
            if first?.spoke == true { return true }
            // Connected without a line: a second for its subscription, then it gets what comes.
            if let since = first?.since, monotonicSeconds() >= since + 1 { return true }
            guard pacer.sleep(until: first.map { $0.since + 1 } ?? nil) else { return false }
        }
    }
}
