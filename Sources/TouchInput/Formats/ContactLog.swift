import InputEvents

/// The hardware tester's view of contacts: one line per contact change, then a frame line,
/// as readable text or JSON Lines.
public struct ContactLog: Sendable {
    public let device: String
    public let json: Bool

    public init(device: String, json: Bool) {
        self.device = device
        self.json = json
    }

    /// Where a position is written: in screen points through `mapper`, else in the panel's
    /// own units as they are.
    @inline(__always)
    static func place(_ p: DevicePoint, _ mapper: ScreenMapper?) -> ScreenPoint {
        mapper?.map(p) ?? ScreenPoint(x: p.x, y: p.y)
    }

    /// Writes a frame, its positions mapped to screen points by `mapper` (device units
    /// when nil) and moved by `origin` (where the panel's rectangle starts on the screen).
    /// Mapping happens while writing, so no frame is copied.
    public func write(
        _ frame: ContactFrame, mapper: ScreenMapper?, origin: ScreenPoint = ScreenPoint(x: 0, y: 0),
        into out: inout TextBuffer
    ) {
        for c in frame.contacts {
            var at = Self.place(c.position, mapper)
            var prev = Self.place(c.previousPosition, mapper)
            if origin.x != 0 || origin.y != 0 {
                at.x += origin.x
                at.y += origin.y
                prev.x += origin.x
                prev.y += origin.y
            }
            json ? writeJSON(c, at, prev, frame.pen, &out) : writeText(c, at, prev, frame.pen, &out)
        }
        if let h = frame.hover, let pen = frame.pen {
            var at = Self.place(h.position, mapper)
            at.x += origin.x
            at.y += origin.y
            writeHover(h, pen: pen, at: at, time: frame.time, into: &out)
        }
        if json {
            out.append("{\"t\":")
            out.append(time: frame.time)
            out.append(",\"device\":")
            out.append(jsonString: device)
            out.append(",\"event\":\"frame\",\"contacts\":")
            out.append(decimal: frame.contacts.count)
            out.append("}\n")
        } else {
            out.append(time: frame.time)
            out.append(" ")
            out.append(string: device)
            out.append(" frame\n")
        }
    }

    private func writeText(
        _ c: Contact, _ at: ScreenPoint, _ prev: ScreenPoint, _ pen: PenState?, _ out: inout TextBuffer
    ) {
        out.append(time: c.time)
        out.append(" ")
        out.append(string: device)
        if c.slot >= 0 {
            out.append(" slot ")
            out.append(decimal: c.slot)
        } else {
            out.append(" slot -")
        }
        out.append(" #")
        out.append(decimal: Int64(c.id))
        out.append(" ")
        out.append(string: c.phase.rawValue)
        out.append(" (")
        out.append(fixed: at.x, decimals: 2)
        out.append(", ")
        out.append(fixed: at.y, decimals: 2)
        out.append(") prev (")
        out.append(fixed: prev.x, decimals: 2)
        out.append(", ")
        out.append(fixed: prev.y, decimals: 2)
        out.append(")")
        if let v = c.pressure {
            out.append(" p=")
            out.append(decimal: v)
        }
        if let v = c.touchMajor {
            out.append(" major=")
            out.append(decimal: v)
        }
        if let v = c.touchMinor {
            out.append(" minor=")
            out.append(decimal: v)
        }
        if let v = c.orientation {
            out.append(" orientation=")
            out.append(decimal: v)
        }
        if let v = c.toolType {
            out.append(" tool=")
            out.append(decimal: v)
        }
        if c.trackingID >= 0 {
            out.append(" tid=")
            out.append(decimal: c.trackingID)
        }
        if let pen { writePen(pen, into: &out) }
        if c.isInitial { out.append(" initial") }
        out.append("\n")
    }

    private func writeJSON(
        _ c: Contact, _ at: ScreenPoint, _ prev: ScreenPoint, _ pen: PenState?, _ out: inout TextBuffer
    ) {
        out.append("{\"t\":")
        out.append(time: c.time)
        out.append(",\"device\":")
        out.append(jsonString: device)
        out.append(",\"slot\":")
        out.append(decimal: c.slot)
        out.append(",\"id\":")
        out.append(decimal: Int64(c.id))
        out.append(",\"phase\":\"")
        out.append(string: c.phase.rawValue)
        out.append("\",\"location\":{\"x\":")
        out.append(fixed: at.x, decimals: 3)
        out.append(",\"y\":")
        out.append(fixed: at.y, decimals: 3)
        out.append("},\"previousLocation\":{\"x\":")
        out.append(fixed: prev.x, decimals: 3)
        out.append(",\"y\":")
        out.append(fixed: prev.y, decimals: 3)
        out.append("}")
        if c.trackingID >= 0 {
            out.append(",\"trackingID\":")
            out.append(decimal: c.trackingID)
        }
        if let v = c.pressure {
            out.append(",\"pressure\":")
            out.append(decimal: v)
        }
        if let v = c.touchMajor {
            out.append(",\"touchMajor\":")
            out.append(decimal: v)
        }
        if let v = c.touchMinor {
            out.append(",\"touchMinor\":")
            out.append(decimal: v)
        }
        if let v = c.orientation {
            out.append(",\"orientation\":")
            out.append(decimal: v)
        }
        if let v = c.toolType {
            out.append(",\"toolType\":")
            out.append(decimal: v)
        }
        if let pen { writePen(pen, into: &out) }
        if c.isInitial { out.append(",\"initial\":true") }
        out.append("}\n")
    }
}
