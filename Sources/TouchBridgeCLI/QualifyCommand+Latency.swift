import Evdev
import InputEvents
import Latency
import Output
import PanelHealth

extension QualifyCommand {
    /// The latency step: `taps` taps measured as `latency` measures them, the whole chain's
    /// percentiles kept for the report; not measured (the criterion then fails) when no
    /// compositor gives a surface. A panel unplugged meanwhile ends `qualify` as one unplugged
    /// during the gestures does.
    func latencyStep(_ device: EvdevDevice, taps: Int) throws -> QualifyReport.LatencyFigures {
        Diagnostics.print(
            "touchbridge: qualify: tap anywhere \(taps) times, one finger at a time: the latency a person feels")
        let timeout = min(max(120, 3 * Double(taps)), 3600)
        guard let r = try? LatencyMeasurement.run(device, node: source, count: taps, timeout: timeout) else {
            Diagnostics.print("touchbridge: qualify: latency not measured", level: .warning)
            return .init(taps: taps, complete: 0, p50: nil, p95: nil, p99: nil)
        }
        if r.unplugged { throw fail(DeviceError.unplugged(path: device.path)) }
        let summary = LatencySummary(r.samples)
        if summary.incomplete > 0 {
            Diagnostics.print(
                "touchbridge: qualify: \(summary.incomplete) of \(r.samples.count) taps did not complete the chain"
                    + " (missed by one side, or never shown)")
        }
        let whole = summary.stages[.whole]
        return .init(taps: taps, complete: summary.complete, p50: whole?.p50, p95: whole?.p95, p99: whole?.p99)
    }
}
