import InputEvents
import TextBuffers

/// The hardware tester's view of contacts: one line per contact change, then a frame line,
/// as readable text or JSON Lines.
public struct ContactLog: Sendable {
    public let device: String
    public let json: Bool
    /// The device's name as each line writes it, escaped once here rather than on every line:
    /// for JSON, and for a terminal (a control character written as `\u{…}`).
    let deviceJSON: [UInt8]
    let deviceText: [UInt8]

    public init(device: String, json: Bool) {
        self.device = device
        self.json = json
        var b = TextBuffer(capacity: 64)
        b.append(jsonString: device)
        deviceJSON = b.bytes
        deviceText = Array(device.printable.utf8)
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
            writeContact(c, at, prev, frame.pen, &out)
        }
        if let h = frame.hover, let pen = frame.pen {
            var at = Self.place(h.position, mapper)
            at.x += origin.x
            at.y += origin.y
            writeHover(h, pen: pen, at: at, time: frame.time, into: &out)
        }
        let f = fields
        f.start(&out)
        out.append(time: frame.time)
        f.preformatted(&out, "device", json: deviceJSON, text: deviceText)
        f.symbol(&out, "event", "frame")
        f.integer(&out, "contacts", Int64(frame.contacts.count), text: .hidden)
        f.end(&out)
    }

    /// The line's fields, in its format.
    var fields: LineFields { LineFields(json: json) }

    /// One contact's line: the kernel's slot (`-` in text for protocol A and single-touch
    /// panels), its id, phase and places, then the axes the device has.
    private func writeContact(
        _ c: Contact, _ at: ScreenPoint, _ prev: ScreenPoint, _ pen: PenState?, _ out: inout TextBuffer
    ) {
        let f = fields
        f.start(&out)
        out.append(time: c.time)
        f.preformatted(&out, "device", json: deviceJSON, text: deviceText)
        f.integer(&out, "slot", Int64(c.slot), text: c.slot >= 0 ? .labelled("slot") : .hidden)
        if c.slot < 0 { f.word(&out, "slot -") }
        f.integer(&out, "id", Int64(c.id), text: .joined(" #"))
        f.symbol(&out, "phase", c.phase.rawValue)
        Self.place(&out, f, "location", at)
        Self.place(&out, f, "previousLocation", prev, text: .labelled("prev"))
        Self.axis(&out, f, "pressure", c.pressure, text: "p")
        Self.axis(&out, f, "touchMajor", c.touchMajor, text: "major")
        Self.axis(&out, f, "touchMinor", c.touchMinor, text: "minor")
        Self.axis(&out, f, "orientation", c.orientation, text: "orientation")
        Self.axis(&out, f, "toolType", c.toolType, text: "tool")
        if c.trackingID >= 0 { f.integer(&out, "trackingID", Int64(c.trackingID), text: .equals("tid")) }
        if let pen { writePen(pen, f, into: &out) }
        if c.isInitial { f.flag(&out, "initial", true, said: "initial") }
        f.end(&out)
    }

    /// An axis the device may lack: ` label=V` or `,"key":V` when it has it, nothing when not.
    @inline(__always)
    static func axis(
        _ out: inout TextBuffer, _ f: LineFields, _ key: StaticString, _ v: Int32?, text label: StaticString
    ) {
        if let v { f.integer(&out, key, Int64(v), text: .equals(label)) }
    }

    /// A place: `{"x":X,"y":Y}` with three decimals in JSON, ` (X, Y)` with two in text.
    static func place(
        _ out: inout TextBuffer, _ f: LineFields, _ key: StaticString, _ p: ScreenPoint,
        text: LineFields.Text = .value
    ) {
        guard f.open(&out, key, text, isNil: false, missing: nil) else { return }
        out.append(f.json ? "{\"x\":" : "(")
        out.append(fixed: p.x, decimals: f.json ? 3 : 2)
        out.append(f.json ? ",\"y\":" : ", ")
        out.append(fixed: p.y, decimals: f.json ? 3 : 2)
        out.append(f.json ? "}" : ")")
        f.close(&out, text)
    }
}
