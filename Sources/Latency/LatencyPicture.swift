import TextBuffers

/// The samples as an SVG picture: a histogram for each stage over the complete samples, with
/// its p50, p95 and p99 marked, and the display's refresh period beside the display's stage.
public enum LatencyPicture {
    static let width = 720.0
    static let left = 56.0, right = 16.0
    static let header = 44.0, panel = 170.0, plot = 120.0

    public static func svg(_ samples: [LatencySample], refresh: Double) -> String {
        let summary = LatencySummary(samples)
        let height = header + panel * Double(LatencyStage.allCases.count)
        var o =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\""
            + " viewBox=\"0 0 \(f(width)) \(f(height))\" font-family=\"sans-serif\">\n"
        o += "<rect x=\"0\" y=\"0\" width=\"\(f(width))\" height=\"\(f(height))\" fill=\"white\"/>\n"
        let period = refresh > 0 ? ", refresh \(ms(refresh)) ms" : ""
        o +=
            "<text x=\"\(f(left))\" y=\"24\" font-size=\"15\">Touch to photon: \(summary.complete) complete samples"
            + " of \(samples.count) touches\(period)</text>\n"
        let complete = samples.filter(\.isComplete)
        for (i, stage) in LatencyStage.allCases.enumerated() {
            o += panelOf(
                stage, complete.compactMap { $0.seconds(stage) }, top: header + panel * Double(i),
                refresh: stage == .display ? refresh : 0)
        }
        return o + "</svg>\n"
    }

    /// One stage's histogram, its title and axis, its percentiles as vertical lines.
    static func panelOf(_ stage: LatencyStage, _ values: [Double], top: Double, refresh: Double) -> String {
        var o = "<g class=\"stage\" id=\"\(stage.key)\">\n"
        o += "<text x=\"\(f(left))\" y=\"\(f(top + 14))\" font-size=\"12\">\(stage.words)</text>\n"
        let base = top + 24 + plot
        o +=
            "<line x1=\"\(f(left))\" y1=\"\(f(base))\" x2=\"\(f(width - right))\" y2=\"\(f(base))\" stroke=\"black\"/>\n"
        guard let h = Histogram(values), let p = Percentiles(values), let most = h.counts.max() else {
            o +=
                "<text x=\"\(f(left))\" y=\"\(f(base - 8))\" font-size=\"11\" fill=\"#666\">no complete sample</text>\n"
            return o + "</g>\n"
        }
        let span = h.width * Double(h.counts.count)
        let scale = (width - left - right) / span
        func x(_ seconds: Double) -> Double { left + seconds * scale }
        for (j, c) in h.counts.enumerated() where c > 0 {
            let tall = plot * Double(c) / Double(most)
            o +=
                "<rect class=\"bin\" data-count=\"\(c)\" x=\"\(f(x(h.width * Double(j)) + 0.5))\" y=\"\(f(base - tall))\""
                + " width=\"\(f(max(h.width * scale - 1, 0.5)))\" height=\"\(f(tall))\" fill=\"#69c\"/>\n"
        }
        // Five ticks along the axis, at whole bins.
        let every = max(1, h.counts.count / 5)
        for j in stride(from: 0, through: h.counts.count, by: every) {
            let at = x(h.width * Double(j))
            o += "<line x1=\"\(f(at))\" y1=\"\(f(base))\" x2=\"\(f(at))\" y2=\"\(f(base + 4))\" stroke=\"black\"/>\n"
            o +=
                "<text x=\"\(f(at))\" y=\"\(f(base + 16))\" font-size=\"10\" text-anchor=\"middle\">"
                + "\(ms(h.width * Double(j)))</text>\n"
        }
        o += "<text x=\"\(f(width - right))\" y=\"\(f(base + 28))\" font-size=\"10\" text-anchor=\"end\">ms</text>\n"
        if refresh > 0, span / refresh <= 50 {
            for k in stride(from: refresh, through: span, by: refresh) {
                o +=
                    "<line class=\"refresh\" x1=\"\(f(x(k)))\" y1=\"\(f(top + 24))\" x2=\"\(f(x(k)))\" y2=\"\(f(base))\""
                    + " stroke=\"#bbb\" stroke-dasharray=\"1 3\"/>\n"
            }
        }
        let marks: [(String, Double, String)] = [("p50", p.p50, ""), ("p95", p.p95, "5 3"), ("p99", p.p99, "2 2")]
        for (n, (name, v, dash)) in marks.enumerated() {
            o +=
                "<line class=\"\(name)\" x1=\"\(f(x(v)))\" y1=\"\(f(top + 24))\" x2=\"\(f(x(v)))\" y2=\"\(f(base))\""
                + " stroke=\"#c00\"\(dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\"")/>\n"
            o +=
                "<text x=\"\(f(width - right))\" y=\"\(f(top + 14 + 13 * Double(n)))\" font-size=\"11\""
                + " text-anchor=\"end\" fill=\"#c00\">\(name) \(ms(v)) ms</text>\n"
        }
        o +=
            "<text x=\"\(f(left - 6))\" y=\"\(f(top + 24 + 10))\" font-size=\"10\" text-anchor=\"end\">\(most)</text>\n"
        return o + "</g>\n"
    }

    static func f(_ v: Double) -> String { String(fixed: v, decimals: 1) }
    static func ms(_ seconds: Double) -> String {
        String(compact: (seconds * 100_000).rounded() / 100, maxDecimals: 2)
    }
}
