import Evdev
import Glibc
import InputEvents
import Output
import Pipeline
import Runtime
import TouchKit
import TouchScene

/// What the host does for every run besides feeding the pipeline: starts and ends it, reloads
/// the scene, reports its state, flushes the log and keeps the metrics file.
extension PipelineHost {
    /// The run begins at `time`: the metrics file exists from now on (one that cannot be
    /// written stops the start) and the kiosk's rules count from here.
    package func start(at time: Double) throws {
        if let m = metrics {
            try m.file.write(MetricsText.text(m.counters, panels: pipeline.panels))
            m.counters.isDirty = false
            metricsWritten = monotonicSeconds()
        }
        pipeline.startKioskRules(ghostAfter: options.ghostAfter, at: time)
    }

    /// The run ends at `time`: what is still down is cancelled, the virtual devices go, the
    /// log is flushed, the commands stopped, the clients ended and the metrics written.
    package func finish(at time: EventTime) {
        pipeline.cancelAll(at: time)
        pipeline.detachVirtualDevices()  // their contacts were cancelled: the devices go
        flush()
        outputs.finish(pipeline.log)
        exportMetrics(force: true)
        Diagnostics.sayRepeats()
    }

    /// SIGHUP (or a client's `reload`): the scene file is read again; touches in flight are
    /// cancelled first; a broken file is reported and the scene in service stays. The problem,
    /// if the scene did not change.
    @discardableResult
    func reload() -> String? {
        guard let file = sceneFile else {
            let why =
                if case .application = content {
                    "an application built in code has no scene file to reload"
                } else {
                    "the built-in scene has no file to reload"
                }
            warn("SIGHUP: \(why)", .notice)
            return why
        }
        notify?.send("RELOADING=1")
        defer { notify?.send("READY=1") }
        let scene: Scene
        do { scene = try Scene.read(path: file) } catch {
            let problem = "\(error) (the scene in service stays)"
            warn(problem, .error)
            return problem
        }
        let size = options.screen ?? scene.screenSize.map { Size(width: $0.width, height: $0.height) } ?? screen
        let instance = SceneInstance(scene: scene, screen: size, log: pipeline.log)
        pipeline.replaceScene(with: instance, at: clock())
        do { try runCommands(of: scene) } catch { warn("\(file): \(error): its commands are not run", .error) }
        pipeline.readsRemoteKeys = options.keys || instance.wantsKeys
        if size != screen {
            screen = size
            for panel in pipeline.panels where panel.placement.rect == nil {
                if let m = options.mapper(for: panel.description, placement: panel.placement, screen: size) {
                    pipeline.remap(panel, with: m)
                }
            }
        }
        pipeline.log.sceneReloaded(file: file, windows: instance.app.windows.map(\.name), time: clock())
        warn("\(file): scene reloaded (\(instance.windowCount) window\(instance.windowCount == 1 ? "" : "s"))", .notice)
        return nil
    }

    /// SIGUSR1: what the run is doing, on stderr.
    func report() {
        for line in StateReport(pipeline: pipeline, sceneFile: sceneFile, screen: screen).lines {
            Diagnostics.print("touchbridge: " + line, level: .notice, always: true)
        }
        if let out = outputs.standardOutput as? OutputSink, out.failedWrites > 0 {
            Diagnostics.print(
                "touchbridge: standard output: \(out.failedWrites) write\(out.failedWrites == 1 ? "" : "s") failed and "
                    + "\(out.failedWrites == 1 ? "was" : "were") dropped", level: .notice, always: true)
        }
    }

    /// Hands the log to its readers; the metrics file follows.
    package func flush() {
        outputs.flush(pipeline.log)
        if let m = metrics {
            m.counters.logWritten(at: monotonicSeconds())
            exportMetrics()
        }
    }

    /// Writes the metrics file when something changed, at most once per interval: a change
    /// that comes sooner arms the timer for the rest of the interval, so the file catches up
    /// and an idle daemon never wakes for it.
    func exportMetrics(force: Bool = false) {
        guard let m = metrics, m.counters.isDirty || force else { return }
        let now = monotonicSeconds()
        // (A millisecond's slack: the timer's deadline goes through a timespec.)
        guard force || now - metricsWritten >= options.metricsInterval - 0.001 else {
            metricsTimer?.arm(metricsWritten + options.metricsInterval)
            return
        }
        do {
            try m.file.write(MetricsText.text(m.counters, panels: pipeline.panels))
            metricsFailed = false
        } catch {
            if !metricsFailed { warn("metrics: \(error)", .error) }  // said once until it works again
            metricsFailed = true
        }
        m.counters.isDirty = false
        metricsWritten = now
        metricsTimer?.arm(nil)
    }
}
