import InputEvents
import Latency
import TextBuffers

/// `latency`'s report: each sample's moments and each stage's percentiles, as JSON or as text a
/// person reads, stage by stage with what spends it.
enum LatencyReport {
    static func writeJSON(
        _ samples: [LatencySample], clock: String, refresh: Double, hardware: Bool, into b: inout TextBuffer
    ) {
        let summary = LatencySummary(samples)
        var w = JSONWriter(capacity: 1 << 14)
        w.object { o in
            o.string("clock", clock)
            o.number("refresh", refresh > 0 ? refresh : nil, maxDecimals: 9)
            o.bool("hardware_clock", hardware)
            o.array("samples") { a in
                for s in samples {
                    a.object { e in
                        e.number("kernel", s.kernel, maxDecimals: 6)
                        e.number("delivered", s.delivered, maxDecimals: 9)
                        e.number("committed", s.committed, maxDecimals: 9)
                        e.number("presented", s.presented, maxDecimals: 9)
                        e.bool("complete", s.isComplete)
                    }
                }
            }
            o.integer("complete", summary.complete)
            o.integer("incomplete", summary.incomplete)
            o.object("summary") { m in
                for stage in LatencyStage.allCases {
                    let p = summary.stages[stage]
                    m.object(stage.key) { e in
                        e.integer("count", p?.count ?? 0)
                        e.number("p50", p?.p50, maxDecimals: 9)
                        e.number("p95", p?.p95, maxDecimals: 9)
                        e.number("p99", p?.p99, maxDecimals: 9)
                    }
                }
            }
        }
        b.append(bytes: w.buffer.bytes)
        b.append("\n")
    }

    static func writeText(
        _ samples: [LatencySample], clock: String, refresh: Double, hardware: Bool, into b: inout TextBuffer
    ) {
        let summary = LatencySummary(samples)
        let period = refresh > 0 ? "refresh \(ms(refresh)) ms" : "refresh unknown"
        b.append(
            string: "\(summary.complete) complete samples of \(samples.count) touches, on \(clock); \(period)"
                + (hardware ? "" : ", presentation times not from the display's clock") + "\n")
        if summary.incomplete > 0 {
            b.append(
                string:
                    "\(summary.incomplete) touches did not complete the chain (missed by one side, or never shown)\n")
        }
        b.append(string: "                    p50       p95       p99   (ms)\n")
        for stage in LatencyStage.allCases {
            guard let p = summary.stages[stage] else { continue }
            b.append(string: pad(ms(p.p50)) + pad(ms(p.p95)) + pad(ms(p.p99)) + "   " + stage.words + "\n")
        }
    }

    static func ms(_ s: Double) -> String {
        let v = (s * 10_000).rounded() / 10
        return String(v)
    }

    static func pad(_ s: String) -> String { String(repeating: " ", count: max(0, 10 - s.count)) + s }
}
