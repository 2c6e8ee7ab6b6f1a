import InputEvents
import TextBuffers

/// The report for a terminal: one line per figure, the coverage grid as ASCII ('#' touched,
/// '.' never), contacts listed up to `contactLines`.
public enum HealthText {
    /// A number as people write it: whole numbers without a point, else up to 3 decimals.
    public static func plain(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return number(v, 3)
    }

    static func number(_ v: Double, _ decimals: Int) -> String {
        var b = TextBuffer(capacity: 48)
        b.append(compact: v, maxDecimals: decimals)
        return b.string
    }

    static func fixed(_ v: Double, _ decimals: Int) -> String { String(fixed: v, decimals: decimals) }

    static func ms(_ v: Double?) -> String { v.map { fixed($0 * 1000, 2) } ?? "–" }

    static func rate(_ r: HealthReport.Rate) -> String {
        guard let hz = r.meanHz else { return "no intervals (a contact needs two reports)" }
        return "mean \(fixed(hz, 1)) Hz; interval min \(ms(r.minimum)), p5 \(ms(r.p5)), median \(ms(r.median)), "
            + "p95 \(ms(r.p95)), max \(ms(r.maximum)) ms (\(r.intervals) intervals, \(r.idleGaps) idle gaps left out)"
    }

    public static func write(_ r: HealthReport, contactLines: Int = 20) -> String {
        var out: [String] = []
        let slots = r.slots.map { ", \($0) slots" } ?? ""
        out.append("touchbridge health: \"\(r.device.printable)\" (\(r.source.printable)), \(r.touchProtocol)\(slots)")
        out.append(
            "duration \(fixed(r.duration, 3)) s, \(r.frames) frames, \(r.events) events, \(r.contacts) contacts, "
                + "at most \(r.maxSimultaneous) at once" + (r.slots.map { " (the device has \($0) slots)" } ?? ""))
        out.append("jitter filter   " + r.jitterFilter)
        out.append("")
        out.append("report rate     " + rate(r.rate))
        if let j = r.jitter {
            var line = "resting jitter  σ x \(fixed(j.stddev.x, 2)) y \(fixed(j.stddev.y, 2)) units"
            if let mm = j.stddevMM { line += " (\(fixed(mm.x, 3)) × \(fixed(mm.y, 3)) mm)" }
            line += ", range x \(number(j.range.x, 2)) y \(number(j.range.y, 2)) units"
            if let mm = j.rangeMM { line += " (\(fixed(mm.x, 3)) × \(fixed(mm.y, 3)) mm)" }
            line += ", over \(j.restingPeriods) resting period\(j.restingPeriods == 1 ? "" : "s"), \(j.samples) reports"
            out.append(line)
        } else {
            out.append("resting jitter  no resting finger seen")
        }
        if r.stuck.isEmpty {
            out.append("stuck           none")
        } else {
            out.append("stuck           \(r.stuck.count):")
            for s in r.stuck {
                out.append(
                    "                  #\(s.id) slot \(s.slot) at (\(number(s.at.x, 2)), \(number(s.at.y, 2))): "
                        + "\(fixed(s.silence, 3)) s without a report while down")
            }
        }
        var ghosts = "ghosts          \(r.shortGhosts.count) short-lived, \(r.jumps) jump\(r.jumps == 1 ? "" : "s")"
        if r.ghostSpots.isEmpty {
            out.append(ghosts + "; none recurring")
        } else {
            ghosts += "; recurring at \(r.ghostSpots.count) spot\(r.ghostSpots.count == 1 ? "" : "s"):"
            out.append(ghosts)
            for s in r.ghostSpots {
                let m = s.maskScreen
                let d = s.mask
                out.append(
                    "                  \(s.count) at (\(number(s.center.x, 1)), \(number(s.center.y, 1))): "
                        + "--mask \"\(number(m.x, 1)) \(number(m.y, 1)) \(number(m.width, 1)) \(number(m.height, 1))\" "
                        + "(screen points; device units \(number(d.x, 1)) \(number(d.y, 1)) \(number(d.width, 1)) \(number(d.height, 1)))"
                )
            }
        }
        if !r.noise.isEmpty {
            out.append(
                "noise rules     would filter "
                    + r.noise.map { "\($0.touches) \($0.rule)" }.joined(separator: ", ")
                    + " (run --noise-filter)")
        }
        out.append(
            "tracking        churn \(r.churn), slots out of range \(r.slotsOutOfRange), too many contacts \(r.tooManyContacts), "
                + "SYN_DROPPED \(r.synDropped)")
        for a in [r.pressure, r.touchMajor].compactMap({ $0 }) {
            let seen = a.seen.map { "\($0.minimum)–\($0.maximum)" } ?? "none"
            let declared = a.declared.map { "\($0.minimum)–\($0.maximum)" } ?? "?"
            out.append("\(a.name.padding(16))seen \(seen) of the declared \(declared)")
        }
        if let p = r.pen { out += pen(p) }
        let c = r.coverage
        out.append("coverage        \(c.touched) of \(c.columns * c.rows) cells touched (\(fixed(c.percent, 1)) %):")
        for row in c.counts { out.append("                  " + String(row.map { $0 > 0 ? "#" : "." })) }
        if !r.perContact.isEmpty {
            out.append("")
            out.append("per contact")
            for p in r.perContact.prefix(contactLines) {
                let hz = p.rate.meanHz.map { "\(fixed($0, 1)) Hz, median \(ms(p.rate.median)) ms" } ?? "–"
                out.append("  #\(p.id) slot \(p.slot): \(fixed(p.duration, 3)) s, \(p.reports) reports, \(hz)")
            }
            if r.perContact.count > contactLines {
                out.append("  … \(r.perContact.count - contactLines) more (--json has all)")
            }
        }
        return out.joined(separator: "\n") + "\n"
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}

extension HealthText {
    /// A pen's lines: strokes and rate, pressure, tilt, hover.
    static func pen(_ p: PenReport) -> [String] {
        var out: [String] = []
        let eraser = p.eraserStrokes > 0 ? " (\(p.eraserStrokes) with the eraser)" : ""
        out.append(
            "pen             \(p.strokes) stroke\(p.strokes == 1 ? "" : "s")\(eraser); while near, \(rate(p.rate))")
        if let a = p.pressure {
            let seen = a.seen.map { "\($0.minimum)–\($0.maximum)" } ?? "none"
            let declared = a.declared.map { "\($0.minimum)–\($0.maximum)" } ?? "?"
            out.append(
                "pen pressure    seen \(seen) of the declared \(declared), "
                    + (p.reachesMaximum ? "reaching its maximum" : "short of its maximum")
                    + "; \(p.monotonicStrokes) of \(p.strokes) strokes press on to their peak without easing back")
            out.append(
                "                reports by tenth of the range: "
                    + p.pressureBands.map(String.init).joined(separator: " "))
        } else {
            out.append("pen pressure    none (no ABS_PRESSURE)")
        }
        func span(_ r: (minimum: Double, maximum: Double)?) -> String {
            r.map { "\(fixed($0.minimum, 1))° to \(fixed($0.maximum, 1))°" } ?? "none"
        }
        out.append("pen tilt        x \(span(p.tiltX)), y \(span(p.tiltY))")
        if let h = p.height {
            let seen = h.seen.map { "\($0.minimum)–\($0.maximum)" } ?? "none"
            let declared = h.declared.map { "\($0.minimum)–\($0.maximum)" } ?? "?"
            out.append(
                "pen hover       height seen \(seen) of the declared \(declared), over \(p.hoverReports) reports")
        } else {
            out.append("pen hover       no height (no ABS_DISTANCE)")
        }
        return out
    }
}
