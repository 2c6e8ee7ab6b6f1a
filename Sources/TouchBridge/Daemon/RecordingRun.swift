import Discovery
import Evdev
import Glibc
import InputEvents
import Output
import Runtime
import TouchInput
import TouchKit

/// `run FILE.evemu …`: recordings streamed through the pipeline. The recorded times drive the
/// clock, so the same recording always gives the same log. Several recordings play together,
/// merged frame by frame in time order.
package final class RecordingRun {
    /// The pipeline and every output, the signals' answers, as for live panels.
    let host: PipelineHost
    private let pipeline: TouchPipeline
    private var streams: [Stream]
    private var pacer: Pacer?

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

    /// The pipeline (its scene and log), for tests and tools.
    package var touchPipeline: TouchPipeline { pipeline }

    /// Opens the recordings (their descriptions are read now) and builds the scene for them.
    package convenience init(
        paths: [String], scene: Scene?, options: RunOptions, sink: any TextSink, signals: SignalWatch? = nil,
        warn: @escaping (String) -> Void = { _ in }
    ) throws {
        try self.init(
            paths: paths, content: .scene(scene, file: scene?.file), options: options, sink: sink, signals: signals,
            warn: warn)
    }

    /// Opens the recordings as above, with `content` in front of them: a scene, or an
    /// application built in code (`Kiosk`).
    package init(
        paths: [String], content: WindowContent, options: RunOptions, sink: any TextSink, signals: SignalWatch? = nil,
        warn: @escaping (String) -> Void = { _ in }
    ) throws {
        let scene = content.scene
        let (readers, heads, others) = try Self.sortRecordings(paths, options: options)
        let recorded = readers.map { r in
            (
                node: r.path, name: r.description.name,
                info: r.udevProperties.isEmpty
                    ? nil
                    : InputDeviceInfo(recordedAt: r.path, name: r.description.name, udevProperties: r.udevProperties)
            )
        }
        let placements = recorded.map { r in options.placement(node: r.node, name: r.name, info: r.info) { warn($0) } }
        // Commands are reaped on SIGCHLD: without the caller's signals, a watch of its own
        // (blocked on this thread only; a program with other threads passes its own).
        let signals = signals ?? ((scene?.programs.isEmpty ?? true) ? nil : SignalWatch(signals: [SIGCHLD]))
        let commands = scene?.programs ?? []
        // The loop the socket, the commands and the pacing wait in (none when none is needed).
        let loop = options.realtime || options.socketPath != nil || !commands.isEmpty ? try EventLoop() : nil
        host = try PipelineHost(
            content: content, options: options, placements: placements, first: readers.first?.description,
            sink: sink, loop: loop, signals: signals, live: false, warn: { m, _ in warn(m) })
        pipeline = host.pipeline
        streams = []
        for ((r, head), placement) in zip(zip(readers, heads), placements) {
            guard let mapper = options.mapper(for: r.description, placement: placement, screen: host.screen) else {
                throw DeviceError.unsuitable(path: r.path, reason: "its position axes have no range")
            }
            let start = head.map { $0.time.inSeconds } ?? 0
            let panel = pipeline.addPanel(
                node: r.path, description: r.description, mapper: mapper, placement: placement, time: start)
            try pipeline.attachVirtualDevices(panel, key: r.path)
            streams.append(Stream(reader: r, panel: panel, head: head))
        }
        for rule in options.rules.unmatched(by: recorded) {
            warn("\(rule) matches no recorded panel (\(Daemon.names(of: recorded))): not applied")
        }
        for (r, head, kind) in others {
            let start = head.map { $0.time.inSeconds } ?? 0
            let device = pipeline.addAuxiliary(node: r.path, description: r.description, kind: kind, time: start)
            streams.append(Stream(reader: r, panel: nil, auxiliary: device, head: head))
        }
        try host.serve()
    }

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
    package func run() throws {
        // The kiosk's rules count from the first event on.
        let first = streams.compactMap { $0.head?.time.inSeconds }.min()
        if host.options.realtime, let loop = host.loop {
            let pacer = try Pacer(loop: loop, host: host)
            self.pacer = pacer
            // A client's command takes the recording's time now (between its frames), never
            // earlier than the pipeline's; and may bring a deadline nearer (a lock's end).
            host.commandClock = { [unowned pacer, unowned pipeline] in
                max(pacer.recordedNow() ?? first ?? 0, pipeline.log.now)
            }
            host.afterCommand = { [unowned pacer] in pacer.interrupt() }
        }
        if let pacer, !waitToStart(pacer) { return stop() }
        try host.start(at: first ?? 0)
        var count = 0
        do {
            while true {
                // Between frames: the stream whose next frame comes first.
                var current: Stream?
                for s in streams {
                    guard let h = s.head else { continue }
                    if current == nil || h.time < current!.head!.time { current = s }
                }
                guard let s = current else { break }
                let t = s.head!.time.inSeconds
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

    /// The rest of `s`'s frame, its events fed to `device`. False when a signal asked to stop.
    @inline(__always)
    private func playFrame<Device: AnyObject>(
        of s: Stream, _ device: Device, count: inout Int,
        _ feed: (TouchPipeline, InputEvent, Device) -> Void
    ) throws -> Bool {
        let reader = s.reader
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
