import ArgumentParser
import Drawing
import Evdev
import Glibc
import InputEvents
import Latency
import Marks
import Output
import Runtime

/// `latency`: the time from a finger to the light, stage by stage, with no camera.
struct LatencyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "latency",
        abstract: "Measure touch-to-photon latency through the compositor: kernel, delivered, committed, presented.",
        discussion: """
            A fullscreen Wayland surface on the compositor answers each touch with a mark; beside it the \
            node is read (no grab) for the kernel's time of each touch-down. Each sample has four moments \
            in seconds on CLOCK_MONOTONIC: kernel (the evdev event), delivered (the compositor's wl_touch \
            down reached this program), committed (the frame drawn for it was committed) and presented \
            (wp_presentation's time for that frame). Kernel and compositor touch-downs are paired by \
            order and place; a touch whose chain did not complete is counted, never dropped. It ends \
            after COUNT kernel touch-downs (and their frames) or --timeout seconds or SIGINT.
            """)

    @Argument(help: "The panel's event node, as the compositor also reads it.")
    var node: String

    @Option(help: "Touch-downs to measure (1 to 10000).")
    var count = 20

    @Option(help: "Seconds to wait for them at most (1 to 3600).")
    var timeout = 120.0

    @Flag(help: "One JSON object: {\"clock\", \"refresh\", \"samples\": [...], \"summary\": {...}}.")
    var json = false

    func validate() throws {
        guard (1...10_000).contains(count) else { throw ValidationError("--count takes 1 to 10000") }
        guard timeout >= 1, timeout <= 3600 else { throw ValidationError("--timeout takes 1 to 3600 seconds") }
    }

    func run() throws {
        let device: EvdevDevice
        do { device = try EvdevDevice(path: node, clock: CLOCK_MONOTONIC) } catch { throw fail(error) }
        let run = LatencyRun(device.description)
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
        Diagnostics.print("touchbridge: latency: \(surface.description): tap the panel \(count) times")
        try measure(device, surface, run)
        surface.close()
        let samples = run.samples()
        if !run.pairedByPlace {
            Diagnostics.print(
                "touchbridge: latency: the compositor's touches are not where the panel's are (a turned or"
                    + " calibrated mapping): paired by order alone", level: .warning)
        }
        var b = TextBuffer(capacity: 1 << 16)
        if json {
            LatencyReport.writeJSON(samples, clock: clock, refresh: run.refresh, hardware: run.hardware, into: &b)
        } else {
            LatencyReport.writeText(samples, clock: clock, refresh: run.refresh, hardware: run.hardware, into: &b)
        }
        OutputSink.standardOutput().flush(&b)
    }

    /// The presentation clock's name; another clock than CLOCK_MONOTONIC is converted by the
    /// two clocks' difference now, and said.
    func presentationClock(_ surface: WaylandSurface, _ run: LatencyRun) throws -> String {
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
            throw ExitCode(69)
        }
        let ours = LatencyRun.monotonic()
        run.clockOffset = ours - (Double(theirs.tv_sec) + Double(theirs.tv_nsec) / 1e9)
        Diagnostics.print("touchbridge: latency: presentation times converted from clock \(id) to CLOCK_MONOTONIC")
        return "CLOCK_MONOTONIC"
    }

    /// Reads the node and serves the surface until enough touch-downs came and their frames
    /// were shown, the time is up or a signal came.
    func measure(_ device: EvdevDevice, _ surface: WaylandSurface, _ run: LatencyRun) throws {
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
            if ready.contains(1), signals.take() != nil { break }
            if ready.contains(0) {
                let before = run.kernel.count
                let status: EvdevDevice.ReadStatus
                do { status = try device.read(.synced) { e, _ in run.take(e) } } catch { throw fail(error) }
                if run.kernel.count > before { lastDown = LatencyRun.monotonic() }
                if status == .unplugged {
                    Diagnostics.print("touchbridge: latency: \(node) was unplugged", level: .warning)
                    break
                }
            }
        }
    }
}
