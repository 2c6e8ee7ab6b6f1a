import InputEvents

/// A pen's part of the tester's lines: the tool and axes on a contact of its tip, and a line
/// of its own for each hover change.
extension ContactLog {
    /// ` pen tilt=X,Y d=D buttons=B` (text) or `,"tool":"pen","tiltX":X,…` (JSON), the axes the pen has.
    func writePen(_ pen: PenState, into out: inout TextBuffer) {
        if json {
            out.append(pen.eraser ? ",\"tool\":\"eraser\"" : ",\"tool\":\"pen\"")
            if let x = pen.tiltX, let y = pen.tiltY {
                out.append(",\"tiltX\":")
                out.append(decimal: x)
                out.append(",\"tiltY\":")
                out.append(decimal: y)
            }
            if let d = pen.distance {
                out.append(",\"distance\":")
                out.append(decimal: d)
            }
            out.append(",\"buttons\":")
            out.append(decimal: Int64(pen.buttons))
        } else {
            out.append(pen.eraser ? " eraser" : " pen")
            if let x = pen.tiltX, let y = pen.tiltY {
                out.append(" tilt=")
                out.append(decimal: x)
                out.append(",")
                out.append(decimal: y)
            }
            if let d = pen.distance {
                out.append(" d=")
                out.append(decimal: d)
            }
            if pen.buttons != 0 {
                out.append(" buttons=")
                out.append(decimal: Int64(pen.buttons))
            }
        }
    }

    /// One hover change of a pen in the state `pen`, at `at` (mapped like the contacts' positions).
    func writeHover(_ h: PenHover, pen: PenState, at: ScreenPoint, time: EventTime, into out: inout TextBuffer) {
        if json {
            out.append("{\"t\":")
            out.append(time: time)
            out.append(",\"device\":")
            out.append(jsonString: device)
            out.append(",\"event\":\"hover\",\"phase\":\"")
            out.append(string: h.phase.rawValue)
            out.append("\",\"location\":{\"x\":")
            out.append(fixed: at.x, decimals: 3)
            out.append(",\"y\":")
            out.append(fixed: at.y, decimals: 3)
            out.append("}")
            writePen(pen, into: &out)
            out.append("}\n")
        } else {
            out.append(time: time)
            out.append(" ")
            out.append(string: device)
            out.append(" hover ")
            out.append(string: h.phase.rawValue)
            out.append(" (")
            out.append(fixed: at.x, decimals: 2)
            out.append(", ")
            out.append(fixed: at.y, decimals: 2)
            out.append(")")
            writePen(pen, into: &out)
            out.append("\n")
        }
    }
}
