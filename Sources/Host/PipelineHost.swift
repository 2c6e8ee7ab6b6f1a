import Evdev
import Glibc
import InputEvents
import Output
import Pipeline
import Runtime
import TouchKit
import TouchScene

/// The one place `run` wires a pipeline to the world, whatever feeds it (live panels or
/// recordings): it builds the pipeline and every output — standard output, the event socket,
/// the scene's commands, virtual devices, the metrics file — and answers the signals
/// (SIGHUP reloads the scene, SIGUSR1 reports, SIGCHLD reaps, SIGINT and SIGTERM stop).
package final class PipelineHost {
    package let pipeline: TouchPipeline
    package let options: RunOptions
    let content: WindowContent
    /// The screen in points; a reloaded scene may change it.
    package var screen: Size
    package let outputs: LogOutputs
    /// The loop the socket, the commands and the timers wait in; nil for a recording played
    /// as fast as possible with nothing to serve.
    package let loop: EventLoop?
    let signals: SignalWatch?
    package let notify: SystemdNotify?
    /// The pipeline's time: the monotonic clock live, the recorded time of a recording.
    let clock: () -> Double
    package let warn: (String, Diagnostics.Level) -> Void
    /// `--metrics-file`: the counters, their file, and (with a loop) a timer armed only while
    /// a change waits for the next write.
    package let metrics: (counters: Metrics, file: MetricsFile, timer: LoopTimer?)?
    var metricsWritten = -Double.infinity
    var metricsFailed = false
    /// Set by SIGINT or SIGTERM.
    package private(set) var stopRequested = false
    /// Set while a run waits for its commands to end: the last one reaped stops the loop.
    package var draining = false
    /// What feeds the pipeline: asked for what only it knows (a command's time, udev's
    /// properties on SIGHUP, the displays' power). It owns the runner that owns this host.
    unowned let source: any HostSource
    /// The panels' displays' power and backlights (live runs).
    package var displays: (any DisplayControl)? { source.displays }
    /// Clients' reloads, coalesced.
    let reloads = ClientReloads()

    /// Builds the pipeline for panels placed as `placements` (`first` the first one's
    /// description) and every output `options` asks for, in front of `source` (whose loop the
    /// outputs wait in; a live source's clock is this machine's, so the metrics measure input
    /// latency).
    init(
        content: WindowContent, options: RunOptions, placements: [PanelPlacement], first: DeviceDescription?,
        sink: any TextSink, source: any HostSource, signals: SignalWatch?, notify: SystemdNotify?,
        observers: TouchPipeline.Observers, warn: @escaping (String, Diagnostics.Level) -> Void
    ) throws {
        let live = source.isLive
        self.content = content
        self.options = options
        self.source = source
        self.loop = source.loop
        self.signals = signals
        self.notify = notify
        self.warn = warn
        let counters = options.metricsFile.map { _ in Metrics(measuresLatency: live) }
        let devices = try options.virtualDevices { warn($0, live ? .info : .warning) }
        var c = TouchPipeline.Configuration()
        c.warn = { warn($0, .warning) }
        c.metrics = counters
        c.virtualDevices = devices
        c.observers = observers
        c.displayOff = source.displays.map { displays in
            { [unowned displays] panel in
                guard let output = panel.placement.output, displays.isOff(output) else { return nil }
                return output
            }
        }
        c.allLifted = { [reloads] in reloads.lifted() }
        (pipeline, screen) = options.makePipeline(
            content: content, placements: placements, first: first, configuration: c)
        let pipeline = self.pipeline
        clock = live ? monotonicSeconds : { pipeline.log.now }
        outputs = LogOutputs(standardOutput: sink, kinds: options.logEvents)
        if let counters, let path = options.metricsFile {
            metrics = (counters, MetricsFile(path: path), nil)
        } else {
            metrics = nil
        }
    }

    /// The scene's file, when it has one (SIGHUP reads it again).
    var sceneFile: String? { content.sceneFile }

    /// Puts the outputs in the loop: signals, the event socket, the scene's commands, a
    /// standard output that may stall, the metrics timer.
    func serve() throws {
        guard let loop else { return }
        if let signals {
            try loop.watch(signals.fd, order: .signal) { [unowned self] in
                while let s = signals.take() { handle(signal: s) }
            }
        }
        try outputs.openSocket(
            path: options.socketPath, activation: options.socketActivation,
            stallLimit: options.socketStallLimit, served: options.socketEvents, loop: loop, pipeline: pipeline,
            screen: { [unowned self] in screen }, sceneFile: sceneFile, now: clock, warn: warn)
        acceptCommands()
        if let scene = content.scene { try runCommands(of: scene) }
        if let out = outputs.standardOutput as? QueuedOutput { try registerOutput(out, loop: loop) }
        if metrics != nil {
            metricsTimer = try loop.timer { [unowned self] in exportMetrics() }
        }
    }

    var metricsTimer: LoopTimer?

    /// A signal, taken from the watch in the loop or between a recording's frames.
    func handle(signal s: Int32) {
        switch s {
        case SIGINT, SIGTERM:
            stopRequested = true
            loop?.stop()
        case SIGHUP:
            source.beforeReload()
            reload()
        case SIGUSR1: report()
        case SIGCHLD:
            outputs.commands?.reap()
            if draining, outputs.commands?.runningCount == 0 { loop?.stop() }
        default: break
        }
    }

    /// Takes the signals that came without waking the loop (a recording played as fast as
    /// possible looks between frames).
    package func takeSignals() {
        while let s = signals?.take() { handle(signal: s) }
    }

    /// Standard output to a pipe or socket: written when it can take more, never waited for;
    /// a reader that falls behind loses whole lines and is told how many.
    private func registerOutput(_ out: QueuedOutput, loop: EventLoop) throws {
        var source: EventLoop.Source?
        source = try loop.watch(out.fd, order: .timer, readable: false) { [unowned loop] in
            out.writeReady()
            if out.isBroken, let s = source {
                loop.remove(s)
                source = nil
            }
        }
        out.wantsWritable = { [unowned loop] on in if let s = source { loop.wantsWritable(s, on) } }
        out.writeDroppedLine = { [unowned self] n, b in
            warn("standard output: its reader did not keep up; \(n) line\(n == 1 ? "" : "s") dropped", .warning)
            pipeline.log.writeDropped(n, at: clock(), into: &b)
        }
    }

    /// The scene's commands start on its actions (a scene without any stops none that run).
    func runCommands(of scene: Scene) throws {
        guard let loop else {
            if !scene.programs.isEmpty { warn("the scene's commands are not run: this run has no loop", .warning) }
            return
        }
        try outputs.runCommands(of: scene, log: pipeline.log, loop: loop, now: clock)
    }
}
