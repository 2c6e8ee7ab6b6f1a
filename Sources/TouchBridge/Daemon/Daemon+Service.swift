import Evdev
import Glibc
import InputEvents
import Output
import TouchKit

/// What the daemon does as a service besides reading panels: SIGHUP reloads the scene,
/// SIGUSR1 reports its state, systemd hears its status, the log is flushed and the metrics
/// file written.
extension Daemon {
    /// SIGHUP: the scene file is read again; touches in flight are cancelled first; a broken
    /// file is reported and the scene in service stays.
    func reload() {
        // Every panel's udev properties are read again (a rule edited without a trigger).
        for n in devices.keys.sorted() {
            updatePlacement(n, info: discovery?.device(devnode: devices[n]!.device.path), why: "SIGHUP")
        }
        guard let file = sceneFile else {
            if case .application = content {
                warn("SIGHUP: an application built in code has no scene file to reload", .notice)
                return
            }
            warn("SIGHUP: the built-in scene has no file to reload", .notice)
            return
        }
        notify?.send("RELOADING=1")
        defer { notify?.send("READY=1") }
        let scene: Scene
        do { scene = try Scene.load(path: file) } catch {
            warn("\(error); the scene in service stays", .error)
            return
        }
        let size = options.screen ?? scene.screenSize.map { Size(width: $0.width, height: $0.height) } ?? screen
        let instance = SceneInstance(scene: scene, screen: size, log: pipeline.log)
        pipeline.replaceScene(with: instance, at: monotonicSeconds())
        do { try runCommands(of: scene) } catch { warn("\(file): \(error): its commands are not run", .error) }
        pipeline.readsRemoteKeys = options.keys || instance.wantsKeys
        if size != screen {
            screen = size
            for o in devices.values where o.panel.placement.rect == nil {
                if let m = options.mapper(for: o.panel.description, placement: o.panel.placement, screen: size) {
                    pipeline.remap(o.panel, with: m)
                }
            }
        }
        pipeline.log.sceneReloaded(file: file, windows: instance.app.windows.map(\.name), time: monotonicSeconds())
        warn("\(file): scene reloaded (\(instance.windowCount) window\(instance.windowCount == 1 ? "" : "s"))", .notice)
    }

    /// The scene's commands start on its actions (a scene without any stops none that run).
    func runCommands(of scene: Scene) throws {
        try outputs.runCommands(of: scene, log: pipeline.log, loop: loop, now: monotonicSeconds)
    }

    /// SIGUSR1: what the daemon is doing, on stderr.
    func report() {
        for line in StateReport(pipeline: pipeline, sceneFile: sceneFile, screen: screen).lines {
            Diagnostics.print("touchbridge: " + line, level: .notice, always: true)
        }
    }

    func updateStatus() {
        guard let notify else { return }
        let n = devices.count
        let t = pipeline.active.count
        notify.status(
            n == 0
                ? "waiting for a touchscreen"
                : "\(n) panel\(n == 1 ? "" : "s"), \(t) touch\(t == 1 ? "" : "es") down")
    }

    func now() -> EventTime { EventTime(inSeconds: monotonicSeconds()) }

    func flush() {
        outputs.flush(pipeline.log)
        if let x = metricsExport {
            x.metrics.logWritten(at: monotonicSeconds())
            exportMetrics()
        }
    }

    /// Writes the metrics file when something changed, at most once per interval: a change
    /// that comes sooner arms the timer for the rest of the interval, so the file catches up
    /// and an idle daemon never wakes for it.
    func exportMetrics(force: Bool = false) {
        guard let x = metricsExport, x.metrics.isDirty || force else { return }
        let now = monotonicSeconds()
        // (A millisecond's slack: the timer's deadline goes through a timespec.)
        guard force || now - metricsWritten >= options.metricsInterval - 0.001 else {
            x.timer.arm(metricsWritten + options.metricsInterval)
            return
        }
        do {
            try x.file.write(MetricsFile.text(x.metrics, panels: pipeline.panels))
            metricsFailed = false
        } catch {
            if !metricsFailed { warn("metrics: \(error)", .error) }  // said once until it works again
            metricsFailed = true
        }
        x.metrics.isDirty = false
        metricsWritten = now
        x.timer.arm(nil)
    }
}
