import Evdev
import Glibc
import InputEvents
import Output
import Pipeline
import Runtime

/// `run`'s one runner, whatever the source: it places the source's panels, builds the host
/// (the pipeline and every output) once, puts each panel into the pipeline with its virtual
/// devices, says the command line's rules that match no panel, serves the outputs, and lets
/// the source play. Live panels and recordings differ only in their source, so a session
/// recorded live replays to the same log.
package final class Runner {
    /// The pipeline and every output, the signals' answers.
    package let host: PipelineHost
    let source: any FrameSource
    let warn: (String, Diagnostics.Level) -> Void

    /// The pipeline (its scene and log), for tests, tools and apps.
    package var touchPipeline: TouchPipeline { host.pipeline }
    /// The loop the outputs wait in (live runs always have one).
    package var loop: EventLoop? { host.loop }

    package init(
        source: any FrameSource, content: WindowContent, sink: any TextSink, signals: SignalWatch?,
        notify: SystemdNotify?, observers: TouchPipeline.Observers = .init(),
        warn: @escaping (String, Diagnostics.Level) -> Void
    ) throws {
        self.source = source
        self.warn = warn
        let starting = source.startingPanels()
        host = try PipelineHost(
            content: content, options: source.options, placements: starting.map(\.1),
            first: starting.first?.0.description, sink: sink, source: source, signals: signals, notify: notify,
            observers: observers, warn: warn)
        try source.start(self)
        sayUnmatchedRules()
        try host.serve()
    }

    /// The command line's panel rules already said to match no panel (each said once).
    private var unmatchedSaid: Set<String> = []

    /// Says each rule of the command line that matches no panel in service, once: live, a
    /// panel it names may still come.
    package func sayUnmatchedRules() {
        let panels = source.panelsInService
        let names =
            panels.isEmpty ? "none yet" : panels.map { "\($0.node) '\($0.name)'" }.sorted().joined(separator: ", ")
        for rule in host.options.rules.unmatched(by: panels) where unmatchedSaid.insert(rule).inserted {
            if source.isLive {
                warn(
                    "\(rule) matches no panel in service (\(names)): not applied until one it names comes (a node, "
                        + "a /dev/input/by-* link, udev's ID_PATH or the device's name)", .warning)
            } else {
                warn("\(rule) matches no recorded panel (\(names)): not applied", .warning)
            }
        }
    }

    /// Puts a panel into the pipeline at `time` (seconds of input time): mapped onto its
    /// place on the screen, with a window of its own on a standard scene, logged as added,
    /// and given its virtual devices. Throws when it has no absolute positions to map; the
    /// virtual devices' failure comes back for the source to judge.
    package func addPanel(_ p: SourcePanel, placement: PanelPlacement, time: Double) throws -> (Panel, (any Error)?) {
        let pipeline = host.pipeline
        guard let mapper = host.options.mapper(for: p.description, placement: placement, screen: host.screen) else {
            throw DeviceError.unsuitable(path: p.node, reason: "not a touchscreen (no absolute touch positions)")
        }
        if let r = placement.rect { pipeline.scene.addStandardWindow(covering: r) }
        let panel = pipeline.addPanel(
            node: p.node, description: p.description, mapper: mapper, placement: placement, time: time)
        do {
            try pipeline.attachVirtualDevices(panel, key: p.key)
            return (panel, nil)
        } catch {
            return (panel, error)
        }
    }

    /// Plays the source to its end: recordings until they end, live panels until SIGINT or
    /// SIGTERM.
    package func run() throws { try source.play() }
}
