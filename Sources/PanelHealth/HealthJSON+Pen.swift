import InputEvents
import TextBuffers

/// A pen's figures as the report's `"pen"` object.
extension JSONWriter {
    mutating func pen(_ p: PenReport) {
        object("pen") { o in
            o.integer("strokes", p.strokes)
            o.integer("eraserStrokes", p.eraserStrokes)
            o.rate("rate", p.rate)
            o.axis("pressure", p.pressure)
            o.array("pressureBands") { a in for n in p.pressureBands { a.integer(nil, n) } }
            o.bool("reachesMaximum", p.reachesMaximum)
            o.integer("monotonicStrokes", p.monotonicStrokes)
            o.object("tiltDegrees") { t in
                t.degrees("x", p.tiltX)
                t.degrees("y", p.tiltY)
            }
            o.axis("height", p.height)
            o.integer("hoverReports", p.hoverReports)
        }
    }

    private mutating func degrees(_ key: String, _ r: (minimum: Double, maximum: Double)?) {
        guard let r else { return json(key, nil) }
        array(key) { a in
            a.number(nil, r.minimum)
            a.number(nil, r.maximum)
        }
    }
}
