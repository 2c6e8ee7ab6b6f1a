/// A pen's figures as the report's `"pen"` object.
extension HealthJSON.Writer {
    mutating func pen(_ p: PenReport) {
        next("pen")
        b.append("{")
        key("strokes")
        b.append(decimal: p.strokes)
        next("eraserStrokes")
        b.append(decimal: p.eraserStrokes)
        next("rate")
        rate(p.rate)
        next("pressure")
        axis(p.pressure)
        next("pressureBands")
        list(p.pressureBands) { w, n in w.b.append(decimal: n) }
        next("reachesMaximum")
        b.append(p.reachesMaximum ? "true" : "false")
        next("monotonicStrokes")
        b.append(decimal: p.monotonicStrokes)
        next("tiltDegrees")
        b.append("{")
        key("x")
        degrees(p.tiltX)
        next("y")
        degrees(p.tiltY)
        b.append("}")
        next("height")
        axis(p.height)
        next("hoverReports")
        b.append(decimal: p.hoverReports)
        b.append("}")
    }

    private mutating func degrees(_ r: (minimum: Double, maximum: Double)?) {
        guard let r else { return b.append("null") }
        b.append("[")
        num(r.minimum)
        b.append(",")
        num(r.maximum)
        b.append("]")
    }
}
