import InputEvents
import TextBuffers
import TouchInput

extension QualifyReport {
    /// For a person: a line per criterion with its figure, limit and verdict, then the verdict.
    public func text(panel: String) -> String {
        var out = "qualification of \(panel.printable)\n"
        for v in judged {
            out +=
                "  \(v.measured ? (v.pass ? "pass" : "FAIL") : "----")  \(pad(v.name, 12)) \(pad(v.value, 44)) \(v.limit)\n"
        }
        if let mean = accuracyMean, let p95 = accuracyP95 {
            out += "  taps: mean \(n(mean)) \(unit), p95 \(n(p95)) \(unit)\n"
        }
        for (i, l) in lines.enumerated() {
            out +=
                "  line \(i + 1): "
                + (l.map {
                    "\(n($0.fit)) \(unit) from its best fit, \(n($0.target)) \(unit) from the target line, "
                        + "spanning \(Int(($0.span * 100).rounded())) % of it"
                }
                    ?? (missing.contains(.line(i)) ? "not reached" : "not drawn")) + "\n"
        }
        if isUnfinished {
            out += "UNFINISHED: the session ended before \(missingWords), so nothing of it was judged\n"
        } else {
            out += pass ? "PASS\n" : "FAIL\n"
        }
        return out
    }

    /// For a fleet: one JSON object (schema/qualify.schema.json), each field stated once.
    public func json(panel: String) -> String {
        let u = unit == "mm" ? "MM" : "Pt"
        var w = JSONWriter(capacity: 2048)
        w.object { o in
            o.string("panel", panel)
            o.string("unit", unit)
            o.object("accuracy") { a in
                a.measure("max\(u)", accuracyMax, decimals: 3)
                a.measure("p95\(u)", accuracyP95, decimals: 3)
                a.measure("mean\(u)", accuracyMean, decimals: 3)
                a.array("taps") { list in
                    for i in tapErrors.indices {
                        list.object { t in
                            if let p = taps[i] {
                                t.array("tap") { xy in
                                    xy.measure(nil, p.x, decimals: 2)
                                    xy.measure(nil, p.y, decimals: 2)
                                }
                            } else {
                                t.json("tap", nil)
                            }
                            t.measure("error\(u)", tapErrors[i], decimals: 3)
                        }
                    }
                }
            }
            o.object("linearity") { l in
                l.measure("max\(u)", linearityMax, decimals: 3)
                l.array("lines") { list in
                    for line in lines {
                        guard let line else {
                            list.json(nil, nil)
                            continue
                        }
                        list.object { f in
                            f.measure("fit\(u)", line.fit, decimals: 3)
                            f.measure("target\(u)", line.target, decimals: 3)
                            f.measure("span", line.span, decimals: 3)
                        }
                    }
                }
            }
            o.object("jitter") { j in j.measure("max\(u)", jitter, decimals: 3) }
            o.object("reportRate") { r in r.measure("minHz", reportRate, decimals: 3) }
            if pen {
                o.bool("pen", true)
                o.object("hoverOffset") { h in
                    h.measure("max\(u)", hoverOffsetMax, decimals: 3)
                    h.array("marks") { list in for v in hoverOffsets { list.measure(nil, v, decimals: 3) } }
                }
            } else {
                o.integer("maxContacts", maxContacts)
                o.object("separation") { s in s.measure("min\(u)", separation, decimals: 3) }
                o.object("fastTaps") { f in
                    f.integer("asked", tapsAsked)
                    f.integer("made", tapsMade)
                    f.integer("missed", missedTaps)
                    f.integer("split", splitTaps)
                }
            }
            o.integer("ghosts", ghosts)
            o.integer("stuck", stuck)
            writeExtraSteps(&o)
            o.object("verdicts") { v in for j in judged { v.bool(j.name, j.measured ? j.pass : nil) } }
            if isUnfinished { o.strings("unfinished", missing.map(stepName)) }
            o.bool("pass", pass)
        }
        return w.string + "\n"
    }

    /// The steps only some sessions have: `--quiet`'s and `--latency`'s.
    private func writeExtraSteps(_ o: inout JSONWriter) {
        if let q = quiet {
            o.object("quiet") { s in
                s.measure("seconds", q.seconds, decimals: 3)
                s.integer("phantomContacts", q.phantoms)
            }
        }
        if let l = latency {
            o.object("latency") { s in
                s.integer("taps", l.taps)
                s.integer("complete", l.complete)
                s.measure("p50MS", l.p50.map { $0 * 1000 }, decimals: 3)
                s.measure("p95MS", l.p95.map { $0 * 1000 }, decimals: 3)
                s.measure("p99MS", l.p99.map { $0 * 1000 }, decimals: 3)
            }
        }
    }

    /// `mark 3`, `line 1`, `rest`: a step as the report names it.
    func stepName(_ s: QualifyPlan.Step) -> String {
        switch s {
        case .mark(let i): "mark \(i + 1)"
        case .line(let i): "line \(i + 1)"
        default: Self.kind(s)
        }
    }

    /// `marks 3 to 9, line 1, rest`: the steps not reached, runs of marks and lines joined.
    var missingWords: String {
        var parts: [String] = []
        for kind in ["mark", "line"] {
            let idx = missing.compactMap { s -> Int? in
                switch (kind, s) {
                case ("mark", .mark(let i)), ("line", .line(let i)): i + 1
                default: nil
                }
            }
            guard let first = idx.first, let last = idx.last else { continue }
            parts.append(first == last ? "\(kind) \(first)" : "\(kind)s \(first) to \(last)")
        }
        parts += missing.filter { Self.kind($0) != "mark" && Self.kind($0) != "line" }.map(stepName)
        return parts.joined(separator: ", ")
    }

    private func n(_ v: Double, decimals: Int = 2) -> String {
        var m = 1.0
        for _ in 0..<decimals { m *= 10 }
        let r = (v * m).rounded() / m
        var s = String(r)
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }

    private func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
    }

    /// An SVG of the screen: each mark with its tap and the distance between, each target line
    /// with what was drawn over it.
    public func svg(plan: QualifyPlan, width: Double, height: Double) -> String {
        func f(_ v: Double) -> String { n(v, decimals: 1) }
        var o =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(width)) \(f(height))\">\n"
        o +=
            "<rect class=\"screen\" x=\"0\" y=\"0\" width=\"\(f(width))\" height=\"\(f(height))\" fill=\"white\" stroke=\"black\"/>\n"
        for (i, l) in plan.lines.enumerated() {
            o +=
                "<line class=\"target\" x1=\"\(f(l.from.x))\" y1=\"\(f(l.from.y))\" x2=\"\(f(l.to.x))\" y2=\"\(f(l.to.y))\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>\n"
            if i < strokes.count, !strokes[i].isEmpty {
                let good =
                    lines[i].map { max($0.fit, $0.target) <= criteria.linearityMM && $0.span >= Self.spanNeeded }
                    ?? false
                let colour = good ? "#06c" : "#d00"
                o +=
                    "<polyline class=\"drawn\" fill=\"none\" stroke=\"\(colour)\" points=\""
                    + strokes[i].map { "\(f($0.x)),\(f($0.y))" }.joined(separator: " ") + "\"/>\n"
                // What was drawn off the target line, ten times over, so a millimetre shows.
                let dx = l.to.x - l.from.x
                let dy = l.to.y - l.from.y
                let len = (dx * dx + dy * dy).squareRoot()
                if len > 0 {
                    let (ux, uy) = (dx / len, dy / len)
                    let magnified = strokes[i].map { p -> String in
                        let along = (p.x - l.from.x) * ux + (p.y - l.from.y) * uy
                        let off = (p.x - l.from.x) * -uy + (p.y - l.from.y) * ux
                        return "\(f(l.from.x + along * ux - 10 * off * uy)),\(f(l.from.y + along * uy + 10 * off * ux))"
                    }
                    o +=
                        "<polyline class=\"deviation\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"0.8\" stroke-dasharray=\"2 2\" points=\""
                        + magnified.joined(separator: " ") + "\"/>\n"
                }
                let start = strokes[i][0]
                o +=
                    "<text x=\"\(f(start.x + 4))\" y=\"\(f(start.y + 14))\" font-size=\"11\" fill=\"\(colour)\">\(i + 1)</text>\n"
                if let r = lines[i] {
                    let y = height - 20 - 13 * Double(plan.lines.count - 1 - i)
                    o +=
                        "<text x=\"6\" y=\"\(f(y))\" font-size=\"10\" fill=\"\(colour)\">line \(i + 1): \(n(r.fit)) \(unit) off its best fit, \(n(r.target)) \(unit) off the target</text>\n"
                }
            }
        }
        for (i, m) in plan.marks.enumerated() {
            o += "<circle class=\"mark\" cx=\"\(f(m.x))\" cy=\"\(f(m.y))\" r=\"6\" fill=\"none\" stroke=\"black\"/>\n"
            guard i < taps.count, let t = taps[i] else { continue }
            let good = (tapErrors[i] ?? .infinity) <= criteria.accuracyMM
            o +=
                "<line class=\"error\" x1=\"\(f(m.x))\" y1=\"\(f(m.y))\" x2=\"\(f(t.x))\" y2=\"\(f(t.y))\" stroke=\"\(good ? "#06c" : "#d00")\"/>\n"
            o +=
                "<circle class=\"tap\" cx=\"\(f(t.x))\" cy=\"\(f(t.y))\" r=\"2.5\" fill=\"\(good ? "#06c" : "#d00")\"/>\n"
            o +=
                "<text x=\"\(f(m.x + 8))\" y=\"\(f(m.y - 8))\" font-size=\"10\">\(n(tapErrors[i] ?? 0)) \(unit)</text>\n"
        }
        o +=
            "<text x=\"6\" y=\"\(f(height - 6))\" font-size=\"10\">marks: circles, taps: dots; dashed: target lines, and what was drawn off them ten times over</text>\n"
        return o + "</svg>\n"
    }
}
