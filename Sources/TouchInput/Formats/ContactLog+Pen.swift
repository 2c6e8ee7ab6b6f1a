import InputEvents
import TextBuffers

/// A pen's part of the tester's lines: the tool and axes on a contact of its tip, and a line
/// of its own for each hover change.
extension ContactLog {
    /// ` pen tilt=X,Y d=D buttons=B` (text: buttons when pressed) or `,"tool":"pen","tiltX":X,…`
    /// (JSON), the axes the pen has.
    func writePen(_ pen: PenState, _ f: LineFields, into out: inout TextBuffer) {
        f.symbol(&out, "tool", pen.eraser ? "eraser" : "pen")
        if let x = pen.tiltX, let y = pen.tiltY {
            f.integer(&out, "tiltX", Int64(x), text: .equals("tilt"))
            f.integer(&out, "tiltY", Int64(y), text: .joined(","))
        }
        Self.axis(&out, f, "distance", pen.distance, text: "d")
        f.integer(&out, "buttons", Int64(pen.buttons), text: pen.buttons != 0 ? .equals("buttons") : .hidden)
    }

    /// One hover change of a pen in the state `pen`, at `at` (mapped like the contacts' positions).
    func writeHover(_ h: PenHover, pen: PenState, at: ScreenPoint, time: EventTime, into out: inout TextBuffer) {
        let f = fields
        f.start(&out)
        out.append(time: time)
        f.preformatted(&out, "device", json: deviceJSON, text: deviceText)
        f.symbol(&out, "event", "hover")
        f.symbol(&out, "phase", h.phase.rawValue)
        Self.place(&out, f, "location", at)
        writePen(pen, f, into: &out)
        f.end(&out)
    }
}
