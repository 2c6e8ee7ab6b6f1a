import ArgumentParser
import Drawing
import Evdev
import Glibc
import InputEvents
import Latency
import Marks
import Output
import Runtime
import TextBuffers

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

    @Option(
        help: ArgumentHelp(
            "Also write the samples as an SVG picture: a histogram of each stage, its p50, p95 and p99 marked.",
            valueName: "FILE"))
    var svg: String?

    func validate() throws {
        guard (1...10_000).contains(count) else { throw ValidationError("--count takes 1 to 10000") }
        guard timeout >= 1, timeout <= 3600 else { throw ValidationError("--timeout takes 1 to 3600 seconds") }
    }

    func run() throws {
        if let svg { try checkWritable(svg) }
        let device: EvdevDevice
        do { device = try EvdevDevice(path: node, clock: CLOCK_MONOTONIC) } catch { throw fail(error) }
        let r = try LatencyMeasurement.run(device, node: node, count: count, timeout: timeout)
        var b = TextBuffer(capacity: 1 << 16)
        if json {
            LatencyReport.writeJSON(r.samples, clock: r.clock, refresh: r.refresh, hardware: r.hardware, into: &b)
        } else {
            LatencyReport.writeText(r.samples, clock: r.clock, refresh: r.refresh, hardware: r.hardware, into: &b)
        }
        OutputSink.standardOutput().flush(&b)
        if let svg {
            do {
                try writeFileAtomically(svg, LatencyPicture.svg(r.samples, refresh: r.refresh))
            } catch { throw fail(error) }
        }
        // What came before the unplug is reported first, then it ends as every reader of a panel does.
        if r.unplugged { throw fail(DeviceError.unplugged(path: node)) }
    }
}
