import Glibc
import InputEvents
import TextBuffers
import TouchInput
import TouchScene

/// The metrics in Prometheus' text format (0.0.4), as node_exporter's textfile collector
/// reads them (`--metrics-file`; the host writes the file).
package enum MetricsText {
    /// The file's text for `metrics` and the panels in service.
    package static func text(_ m: Metrics, panels: [Panel]) -> String {
        var b = PrometheusText()
        counters(m, panels: panels, into: &b)
        if m.measuresLatency { latency(m, into: &b) }
        return b.text.string
    }

    /// The counters and gauges: input read, panels, touches, gestures, actions, kiosk rules.
    private static func counters(_ m: Metrics, panels: [Panel], into b: inout PrometheusText) {
        let live = panels.reduce((0, 0, 0)) { ($0.0 + $1.frames, $0.1 + $1.events, $0.2 + $1.dropped) }
        b.head("touchbridge_frames_total", "counter", "Input frames (SYN_REPORT) read from touch panels.")
        b.line("touchbridge_frames_total", [], m.retired.frames + live.0)
        b.head("touchbridge_events_total", "counter", "Input events read from touch panels.")
        b.line("touchbridge_events_total", [], m.retired.events + live.1)
        b.head(
            "touchbridge_syn_dropped_total", "counter",
            "SYN_DROPPED: times the kernel's buffer overflowed and events were lost.")
        b.line("touchbridge_syn_dropped_total", [], m.retired.dropped + live.2)
        b.head("touchbridge_devices", "gauge", "Touch panels in service.")
        b.line("touchbridge_devices", [], panels.count)
        b.head("touchbridge_touches_total", "counter", "Touches that reached the window, by how they ended or began.")
        b.line("touchbridge_touches_total", [("phase", "began")], m.touchesBegan)
        b.line("touchbridge_touches_total", [("phase", "ended")], m.touchesEnded)
        b.line("touchbridge_touches_total", [("phase", "cancelled")], m.touchesCancelled)
        b.head(
            "touchbridge_gestures_total", "counter",
            "Gesture recognizer state changes (not changed), by recognizer and state.")
        for name in m.gestures.keys.sorted() {
            for (state, n) in m.gestures[name]!.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                b.line("touchbridge_gestures_total", [("recognizer", name), ("state", state.rawValue)], n)
            }
        }
        b.head("touchbridge_actions_total", "counter", "Actions sent (target-action), by action.")
        for (name, n) in m.actions.sorted(by: { $0.key < $1.key }) {
            b.line("touchbridge_actions_total", [("action", name)], n)
        }
        b.head(
            "touchbridge_ghost_contacts_total", "counter",
            "Contacts cancelled as ghosts: they stayed within their panel's jitter past --ghost-after.")
        b.line("touchbridge_ghost_contacts_total", [], m.ghosts)
        b.head(
            "touchbridge_noise_touches_total", "counter",
            "Touches a noise rule filtered (--noise-filter): cancelled, or never begun, by rule.")
        for rule in NoiseRule.allCases {
            b.line("touchbridge_noise_touches_total", [("rule", rule.name)], m.noise[rule.name] ?? 0)
        }
        b.head(
            "touchbridge_idle", "gauge",
            "1 while the kiosk is idle (the scene's idle: nothing touched for its time), else 0.")
        b.line("touchbridge_idle", [], m.isIdle ? 1 : 0)
    }

    /// The histogram of input latency.
    private static func latency(_ m: Metrics, into b: inout PrometheusText) {
        b.head(
            "touchbridge_input_latency_seconds", "histogram",
            "From the kernel's event time to the frame's log line written (CLOCK_MONOTONIC).")
        var cumulative = 0
        for (i, bound) in Metrics.latencyBuckets.enumerated() {
            cumulative += m.latencyCounts[i]
            var le = TextBuffer(capacity: 16)
            le.append(compact: bound, maxDecimals: 4)
            b.line("touchbridge_input_latency_seconds_bucket", [("le", le.string)], cumulative)
        }
        cumulative += m.latencyCounts[Metrics.latencyBuckets.count]
        b.line("touchbridge_input_latency_seconds_bucket", [("le", "+Inf")], cumulative)
        b.text.append("touchbridge_input_latency_seconds_sum ")
        b.text.append(fixed: m.latencySum, decimals: 6)
        b.text.append("\n")
        b.line("touchbridge_input_latency_seconds_count", [], cumulative)
    }

    /// Label values escape backslash, double quote and newline.
    static func escape(_ s: String) -> String {
        guard s.contains(where: { $0 == "\\" || $0 == "\"" || $0 == "\n" }) else { return s }
        var out = ""
        for c in s {
            switch c {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(c)
            }
        }
        return out
    }
}

/// Prometheus' text format, metric by metric.
package struct PrometheusText {
    var text = TextBuffer(capacity: 4096)

    /// A metric's HELP and TYPE lines.
    mutating func head(_ name: StaticString, _ type: StaticString, _ help: StaticString) {
        text.append("# HELP ")
        text.append(name)
        text.append(" ")
        text.append(help)
        text.append("\n")
        text.append("# TYPE ")
        text.append(name)
        text.append(" ")
        text.append(type)
        text.append("\n")
    }

    /// One sample, with its labels.
    mutating func line(_ name: StaticString, _ labels: [(String, String)] = [], _ value: Int) {
        text.append(name)
        if !labels.isEmpty {
            text.append("{")
            for (i, (k, v)) in labels.enumerated() {
                if i > 0 { text.append(",") }
                text.append(string: k)
                text.append("=\"")
                text.append(string: MetricsText.escape(v))
                text.append("\"")
            }
            text.append("}")
        }
        text.append(" ")
        text.append(decimal: value)
        text.append("\n")
    }
}
