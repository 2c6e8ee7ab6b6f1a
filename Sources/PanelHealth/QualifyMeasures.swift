import Glibc
import InputEvents
import TouchInput

extension QualifySession {
    /// The figures of the gestures answered so far, judged by `criteria`; `ghosts` and
    /// `stuck` as health counted them over the same events.
    public func report(criteria: QualifyCriteria, ghosts: Int, stuck: Int) -> QualifyReport {
        let scale = Lengths(mapper: mapper)
        var r = QualifyReport(unit: scale.unit)
        r.criteria = criteria
        r.ghosts = ghosts
        r.stuck = stuck
        if plan.quietSeconds > 0 {
            r.quiet = (plan.quietSeconds, phantoms)
        }
        func answer(_ s: QualifyPlan.Step) -> Gesture? { answers.first { $0.step == s }?.gesture }
        for (i, mark) in plan.marks.enumerated() {
            guard let t = answer(.mark(i))?.first, !t.points.isEmpty else {
                r.tapErrors.append(nil)
                r.taps.append(nil)
                if plan.pen { r.hoverOffsets.append(nil) }
                continue
            }
            let p = ScreenPoint(x: median(t.points.map(\.x)), y: median(t.points.map(\.y)))
            r.taps.append(p)
            r.tapErrors.append(scale.length(p.x - mark.x, p.y - mark.y))
            if plan.pen, let landed = t.points.first {
                r.hoverOffsets.append(
                    answer(.mark(i))?.hoverBefore.map { scale.length(landed.x - $0.x, landed.y - $0.y) })
            }
        }
        r.pen = plan.pen
        var rates: [Double] = []
        for (i, line) in plan.lines.enumerated() {
            guard let t = answer(.line(i))?.first, t.points.count >= 3 else {
                r.lines.append(nil)
                r.strokes.append([])
                continue
            }
            // In millimetres before fitting: a line's straightness is the panel's, not the screen's aspect.
            let mm = t.points.map { scale.millimetres($0) }
            let fit = Self.bestFitDeviation(mm)
            let a = scale.millimetres(line.from)
            let b = scale.millimetres(line.to)
            let target = mm.map { Self.distance($0, fromLineThrough: a, b) }.max() ?? 0
            r.lines.append((fit, target, Self.span(mm, from: a, to: b)))
            r.strokes.append(t.points)
            if let rate = Self.lowestRate(t.times) { rates.append(rate) }
        }
        if let g = answer(.rest), let t = g.first {
            // The rest without its first and last quarter second (the finger landing and lifting).
            let kept = zip(t.points, t.times).filter { $0.1 >= g.start + 0.25 && $0.1 <= t.ended - 0.25 }.map(\.0)
            let points = kept.isEmpty ? t.points : kept
            if !points.isEmpty {
                let m = ScreenPoint(x: median(points.map(\.x)), y: median(points.map(\.y)))
                r.jitter = points.map { scale.length($0.x - m.x, $0.y - m.y) }.max()
            }
        }
        if let g = answer(.contacts) {
            r.maxContacts = g.mostAtOnce
            for id in g.order {
                guard let t = g.tracks[id], let a = t.points.first, let b = t.points.last,
                    scale.length(b.x - a.x, b.y - a.y) >= 10 || (t.points.count >= 2 && scale.unit == "pt")
                else { continue }
                if let rate = Self.lowestRate(t.times) { rates.append(rate) }
            }
        }
        if let g = answer(.separation), g.mostAtOnce >= 2, let v = g.closestPair {
            r.separation = scale.length(v.0, v.1)
        }
        r.reportRate = rates.min()
        r.missing = plan.steps.filter { s in s != .taps && s != .done && !answers.contains { $0.step == s } }
        r.tapsAsked = plan.fastTaps
        r.tapsMade = answers.filter { $0.step == .taps }.reduce(0) { $0 + $1.gesture.order.count }
        return r
    }

    /// The largest orthogonal distance of `points` from their total-least-squares line.
    static func bestFitDeviation(_ points: [ScreenPoint]) -> Double {
        let s = Scatter(points)
        // The principal axis of the scatter: the direction the points spread along most.
        let angle = 0.5 * atan2(2 * s.sxy, s.sxx - s.syy)
        let dx = cos(angle)
        let dy = sin(angle)
        return points.map { abs(($0.x - s.centre.x) * dy - ($0.y - s.centre.y) * dx) }.max() ?? 0
    }

    /// How much of the target line from `a` to `b` the stroke covers: the stretch between its
    /// points' farthest projections onto the line, as a fraction of the line's length (0…1).
    static func span(_ points: [ScreenPoint], from a: ScreenPoint, to b: ScreenPoint) -> Double {
        let dx = b.x - a.x
        let dy = b.y - a.y
        let squared = dx * dx + dy * dy
        guard squared > 0 else { return 1 }
        let along = points.map { min(1, max(0, (($0.x - a.x) * dx + ($0.y - a.y) * dy) / squared)) }
        guard let lo = along.min(), let hi = along.max() else { return 0 }
        return hi - lo
    }

    static func distance(_ p: ScreenPoint, fromLineThrough a: ScreenPoint, _ b: ScreenPoint) -> Double {
        let dx = b.x - a.x
        let dy = b.y - a.y
        let len = (dx * dx + dy * dy).squareRoot()
        guard len > 0 else { return ((p.x - a.x) * (p.x - a.x) + (p.y - a.y) * (p.y - a.y)).squareRoot() }
        return abs((p.x - a.x) * dy - (p.y - a.y) * dx) / len
    }

    /// The fewest reports a second over any quarter-second window of a contact's reports
    /// (windows stepped by 50 ms, within its span); nil when it lasted less than a window.
    static func lowestRate(_ times: [Double]) -> Double? {
        let window = 0.25
        guard let first = times.first, let last = times.last, last - first >= window else { return nil }
        var lowest = Double.infinity
        var start = first
        while start + window <= last + 1e-9 {
            let n = times.filter { $0 >= start && $0 < start + window }.count
            lowest = min(lowest, Double(n) / window)
            start += 0.05
        }
        return lowest
    }
}

/// Screen points to millimetres through the panel's mapping and resolution; points when the
/// panel has no resolution.
struct Lengths {
    let unit: String
    /// Device units per screen point, inverted (the mapping's Jacobian), and units per millimetre.
    private let inverse: (a: Double, b: Double, c: Double, d: Double)
    private let perMM: (x: Double, y: Double)?

    init(mapper m: ScreenMapper) {
        let c = DevicePoint(
            x: Double(m.x.minimum) + Double(m.x.range) / 2, y: Double(m.y.minimum) + Double(m.y.range) / 2)
        let o = m.map(c)
        let ux = m.map(DevicePoint(x: c.x + 1, y: c.y))
        let uy = m.map(DevicePoint(x: c.x, y: c.y + 1))
        let (a, b, cc, d) = (ux.x - o.x, uy.x - o.x, ux.y - o.y, uy.y - o.y)
        let det = a * d - b * cc
        inverse = det == 0 ? (1, 0, 0, 1) : (d / det, -b / det, -cc / det, a / det)
        perMM = m.x.resolution > 0 && m.y.resolution > 0 ? (Double(m.x.resolution), Double(m.y.resolution)) : nil
        unit = perMM == nil ? "pt" : "mm"
    }

    /// A screen-point vector's length in the unit.
    func length(_ dx: Double, _ dy: Double) -> Double {
        guard let perMM else { return (dx * dx + dy * dy).squareRoot() }
        let ux = inverse.a * dx + inverse.b * dy
        let uy = inverse.c * dx + inverse.d * dy
        let mx = ux / perMM.x
        let my = uy / perMM.y
        return (mx * mx + my * my).squareRoot()
    }

    /// A screen point in millimetres from the screen's origin (points when without resolution),
    /// still on the screen's axes.
    func millimetres(_ p: ScreenPoint) -> ScreenPoint {
        guard let perMM else { return p }
        return ScreenPoint(
            x: (inverse.a * p.x + inverse.b * p.y) / perMM.x, y: (inverse.c * p.x + inverse.d * p.y) / perMM.y)
    }
}

func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    guard !s.isEmpty else { return 0 }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}
