import Evdev
import InputEvents
import Output
import TouchInput
import TouchKit

/// `run FILE.evemu …`: recordings streamed through the pipeline. The recorded times drive the
/// clock, so the same recording always gives the same log. Several recordings play together,
/// merged frame by frame in time order.
public final class RecordingRun {
    private let pipeline: TouchPipeline
    private let sink: any TextSink
    private let signals: SignalWatch?
    private let realtime: Bool
    private var streams: [Stream]
    private var pacer: Pacer?
    private let metricsFile: MetricsFile?

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
    public var touchPipeline: TouchPipeline { pipeline }

    /// Opens the recordings (their descriptions are read now) and builds the scene for them.
    public init(paths: [String], scene: Scene?, options: RunOptions, sink: any TextSink, signals: SignalWatch? = nil,
                warn: @escaping (String) -> Void = { _ in }) throws {
        var readers: [RecordingReader] = []
        var heads: [InputEvent?] = []
        var others: [(RecordingReader, InputEvent?, AuxiliaryDevice.Kind)] = []
        for path in paths {
            let r = try RecordingReader(path: path)
            if let problem = touchscreenProblem(r.description) {
                // An accelerometer or a device with keys plays too; anything else is refused.
                guard let kind = AuxiliaryDevice.kind(of: r.description) else {
                    throw DeviceError.unsuitable(path: path, reason: problem + ", nor an accelerometer or a device with keys")
                }
                others.append((r, try r.next(), kind))
                continue
            }
            readers.append(r)
            heads.append(try r.next())
        }
        let placements = readers.map { r in
            options.placement(node: r.path, name: r.description.name, info: nil) { warn($0) }
        }
        let screen: Size
        (pipeline, screen) = options.makePipeline(scene: scene, placements: placements, first: readers.first?.description, warn: warn)
        streams = []
        for ((r, head), placement) in zip(zip(readers, heads), placements) {
            let mapper = options.mapper(for: r.description, placement: placement, screen: screen)!
            let start = head.map { $0.time.inSeconds } ?? 0
            let panel = pipeline.addPanel(node: r.path, description: r.description, mapper: mapper, placement: placement, time: start)
            streams.append(Stream(reader: r, panel: panel, head: head))
        }
        for (r, head, kind) in others {
            let start = head.map { $0.time.inSeconds } ?? 0
            let device = pipeline.addAuxiliary(node: r.path, description: r.description, kind: kind, time: start)
            streams.append(Stream(reader: r, panel: nil, auxiliary: device, head: head))
        }
        self.sink = sink
        self.signals = signals
        realtime = options.realtime
        // A recording's times are not this machine's clock: counters only, no latency.
        metricsFile = options.metricsFile.map { MetricsFile(path: $0) }
        if let metricsFile {
            let m = Metrics(measuresLatency: false)
            pipeline.metrics = m
            try metricsFile.write(MetricsFile.text(m, panels: pipeline.panels))   // a path that cannot be written fails now
        }
    }

    /// Plays the recordings to their end (or until SIGINT/SIGTERM). At each recording's end
    /// its touches still down are cancelled at its last event's time; then time runs on
    /// until no timer is pending. Throws a `RecordingError` for a malformed line, after
    /// cancelling what was down.
    public func run() throws {
        if realtime { pacer = try Pacer(signals: signals) }
        var current: Stream?
        var count = 0
        do {
            while true {
                if current == nil {
                    // Between frames: the stream whose next frame comes first.
                    current = nil
                    for s in streams {
                        guard let h = s.head else { continue }
                        if current == nil || h.time < current!.head!.time { current = s }
                    }
                    guard let s = current else { break }
                    let t = s.head!.time.inSeconds
                    if let pacer, try !pace(pacer, to: t) { return stop() }
                    pipeline.advanceTime(to: t)
                }
                let s = current!
                let e = s.head!
                if let panel = s.panel { pipeline.process(e, from: panel) } else if let a = s.auxiliary { pipeline.process(e, from: a) }
                s.last = e.time
                s.head = try s.reader.next()
                if e.isReport || s.head == nil { current = nil }
                if s.head == nil { end(s) }
                count &+= 1
                if count & 4095 == 0 {
                    if signals?.take() != nil { return stop() }
                    if log.buffer.count > 1 << 16 { flush() }
                }
            }
        } catch {
            for s in streams { end(s) }
            flush()
            throw error
        }
        // Time runs on until no recognizer waits (a single tap that waits for a double tap's
        // failure is reported); bounded in case a recognizer keeps rescheduling.
        var rounds = 0
        while let d = pipeline.nextDeadline, rounds < 10_000 {
            if let pacer, try !pace(pacer, to: d) { return stop() }
            pipeline.advanceTime(to: d)
            rounds += 1
        }
        flush()
        try writeMetrics()
    }

    /// The metrics file, written once the recordings have played.
    private func writeMetrics() throws {
        guard let metricsFile, let m = pipeline.metrics else { return }
        try metricsFile.write(MetricsFile.text(m, panels: pipeline.panels))
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
        let t = streams.map(\.last).max() ?? EventTime(seconds: 0, microseconds: 0)
        pipeline.cancelAll(at: t)
        flush()
        try? writeMetrics()
    }

    /// Waits (in real time) until recorded time `t`, firing the timers due before it at their
    /// deadlines. False when a signal asked to stop.
    private func pace(_ pacer: Pacer, to t: Double) throws -> Bool {
        while true {
            let next = min(t, pipeline.nextDeadline ?? t)
            flush()
            guard pacer.wait(until: next) else { return false }
            if next >= t { return true }
            pipeline.advanceTime(to: next)
        }
    }

    private func flush() { pipeline.log.flush(to: sink) }
}

/// Real-time pacing for `--realtime`: maps recorded time onto the monotonic clock from the
/// first frame on and sleeps in epoll until then.
private final class Pacer {
    private let poller: Poller
    private let timer: DeadlineTimer
    private let signals: SignalWatch?
    private var offset: Double?
    private var ready: [UInt64] = []

    init(signals: SignalWatch?) throws {
        poller = try Poller()
        timer = try DeadlineTimer()
        self.signals = signals
        if let signals { try poller.add(signals.fd, token: 0) }
        try poller.add(timer.fd, token: 1)
    }

    /// False when SIGINT or SIGTERM came first.
    func wait(until t: Double) -> Bool {
        let now = monotonicSeconds()
        if offset == nil { offset = now - t }
        let target = t + offset!
        guard target > now else { return true }
        timer.arm(target)
        while true {
            poller.wait(timeoutMs: -1, into: &ready)
            if ready.contains(0), signals?.take() != nil { return false }
            if ready.contains(1) { timer.acknowledge(); return true }
        }
    }
}
