import ArgumentParser
import Drawing
import Evdev
import Glibc
import InputEvents
import Latency
import Output
import Runtime
import Sysexits

/// What one measurement gave: the samples, and what the compositor said of its display.
struct LatencyResult {
    var samples: [LatencySample]
    var clock: String
    var refresh: Double
    var hardware: Bool
    /// The panel went away before the taps were all made (what came before it is kept).
    var unplugged = false
}

/// One latency measurement on a panel being read: the fullscreen surface on the compositor, the
/// taps asked for, the node read beside it until enough came. `latency` and `qualify --latency`
/// both run it.
enum LatencyMeasurement {
    /// Measures `count` touch-downs on `device` within `timeout` seconds (or until SIGINT);
    /// 69 when no compositor gives a surface.
    static func run(_ device: EvdevDevice, node: String, count: Int, timeout: Double) throws -> LatencyResult {
        let run = LatencyRun(device)
        let surface = try LatencySurface.open(observer: run)
        run.surface = surface
        surface.show(run.scene)
        let clock = try presentationClock(surface, run)
        // Touches before the surface is on the screen go nowhere: its first frame shown first.
        let shownBy = LatencyRun.monotonic() + 5
        while run.presents, !run.shown, !surface.isClosed, LatencyRun.monotonic() < shownBy {
            surface.willWait()
            surface.didWait(readable: waitReadable([surface.fd ?? -1], timeoutMs: 100).contains(0))
        }
        if surface.hasTouch { run.touchSince = LatencyRun.monotonic() }
        Diagnostics.print("touchbridge: latency: \(surface.description): tap the panel \(count) times")
        let unplugged = try measure(device, node: node, surface, run, count: count, timeout: timeout)
        surface.close()
        let early = run.undeliverable
        if early > 0 {
            // sway 1.7 announces its seat's touch at the first touch, which then reaches no client.
            Diagnostics.print(
                "touchbridge: latency: \(early) touch-down\(early == 1 ? "" : "s") came before the compositor's seat"
                    + " announced touch, so no client could receive \(early == 1 ? "it" : "them"): counted incomplete",
                level: .warning)
        }
        let samples = run.samples()
        if !run.pairedByPlace {
            Diagnostics.print(
                "touchbridge: latency: the compositor's touches are not where the panel's are (a turned or"
                    + " calibrated mapping): paired by order alone", level: .warning)
        }
        return LatencyResult(
            samples: samples, clock: clock, refresh: run.refresh, hardware: run.hardware, unplugged: unplugged)
    }

    /// The presentation clock's name; another clock than CLOCK_MONOTONIC is converted by the
    /// two clocks' difference now, and said.
    static func presentationClock(_ surface: WaylandSurface, _ run: LatencyRun) throws -> String {
        guard let id = surface.presentationClock else {
            run.presents = false
            Diagnostics.print(
                "touchbridge: latency: the compositor offers no wp_presentation: presented times stay empty",
                level: .warning)
            return "CLOCK_MONOTONIC"
        }
        guard id != CLOCK_MONOTONIC else { return "CLOCK_MONOTONIC" }
        var theirs = timespec()
        guard clock_gettime(clockid_t(id), &theirs) == 0 else {
            Diagnostics.print(
                "touchbridge: latency: the compositor presents on clock \(id), which this machine cannot read",
                level: .error)
            throw ExitCode(Sysexits.unavailable)
        }
        let ours = LatencyRun.monotonic()
        run.clockOffset = ours - (Double(theirs.tv_sec) + Double(theirs.tv_nsec) / 1e9)
        Diagnostics.print("touchbridge: latency: presentation times converted from clock \(id) to CLOCK_MONOTONIC")
        return "CLOCK_MONOTONIC"
    }

    /// Reads the node and serves the surface until enough touch-downs came and their frames
    /// were shown, the time is up, a signal came or the panel went (then true); notes when the
    /// compositor's seat announced touch.
    static func measure(
        _ device: EvdevDevice, node: String, _ surface: WaylandSurface, _ run: LatencyRun, count: Int,
        timeout: Double
    ) throws -> Bool {
        let signals = SignalWatch(signals: [SIGINT, SIGTERM])
        let end = LatencyRun.monotonic() + timeout
        var lastDown = 0.0
        while !surface.isClosed {
            let now = LatencyRun.monotonic()
            // Done: the touches counted, a second for the compositor's last ones, their frames shown.
            if run.kernel.count >= count, now - lastDown > 1, run.settled { break }
            if now >= end { break }
            surface.willWait()
            let fds = [device.fd, signals.fd, surface.fd ?? -1]
            let ready = waitReadable(fds, timeoutMs: 250)
            surface.didWait(readable: ready.contains(2))
            if run.touchSince == nil, surface.hasTouch { run.touchSince = LatencyRun.monotonic() }
            if ready.contains(1), signals.take() != nil { break }
            if ready.contains(0) {
                let before = run.kernel.count
                let status: EvdevDevice.ReadStatus
                do { status = try device.read(.synced) { e, _ in run.take(e) } } catch { throw fail(error) }
                if run.kernel.count > before { lastDown = LatencyRun.monotonic() }
                if status == .unplugged { return true }
            }
        }
        return false
    }
}
