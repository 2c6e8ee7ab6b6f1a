import InputEvents

/// libinput's hysteresis for touchscreen contacts (1.22, `evdev-fallback.c`): around where a
/// contact was last reported lies an ellipse of the margin's radii; a frame whose position
/// stays inside it reports no motion, one beyond it reports the position and drags the
/// ellipse's centre along, a margin behind. By default the margin is half the position axes'
/// fuzz, as libinput's; a resting finger's noise then makes no motion at all.
public struct JitterFilter: Sendable {
    /// The ellipse's radii in device units; 0 on either axis is no filtering (libinput's rule).
    public let margin: (x: Double, y: Double)

    /// What libinput keeps per slot: the slot's point (an axis without an event this frame
    /// keeps the filter's value from the frame before), the centre, the last raw position
    /// (to tell which axes had events) and what was last reported.
    private struct Slot {
        var id: UInt64
        var point: DevicePoint
        var centre: DevicePoint
        var raw: DevicePoint
        var reported: DevicePoint
    }
    /// By kernel slot (an array: no hashing per contact and frame); contacts without a slot
    /// (protocol A, single touch) by id.
    private var bySlot: [Slot?] = []
    private var byID: [UInt64: Slot] = [:]

    private func state(of c: Contact) -> Slot? {
        if c.slot >= 0 {
            guard c.slot < bySlot.count, let s = bySlot[c.slot], s.id == c.id else { return nil }
            return s
        }
        return byID[c.id]
    }

    private mutating func store(_ s: Slot?, for c: Contact) {
        if c.slot >= 0 {
            if c.slot >= bySlot.count {
                bySlot.append(contentsOf: repeatElement(nil, count: c.slot + 1 - bySlot.count))
            }
            bySlot[c.slot] = s
        } else {
            byID[c.id] = s
        }
    }

    public init(margin: (x: Double, y: Double) = (0, 0)) { self.margin = margin }

    /// libinput's margin: half each position axis' fuzz, in whole units.
    public init(fuzz: (x: Int32, y: Int32)) {
        self.init(margin: (Double(fuzz.x / 2), Double(fuzz.y / 2)))
    }

    /// A margin of `mm` millimetres on the mapper's axes: by the axes' resolution, else (no
    /// resolution) by the screen at 96 dpi; in whole units, as libinput's. 0 mm is no filtering.
    public init(millimetres mm: Double, mapper: ScreenMapper) {
        guard mm > 0 else {
            self.init()
            return
        }
        let turned = mapper.rotation.swapsSides
        let sx = (turned ? mapper.height : mapper.width) / Double(mapper.x.range)
        let sy = (turned ? mapper.width : mapper.height) / Double(mapper.y.range)
        let perMM = { (axis: AbsInfo, scale: Double) in
            axis.resolution > 0 ? Double(axis.resolution) : 96 / 25.4 / scale
        }
        self.init(margin: ((mm * perMM(mapper.x, sx)).rounded(), (mm * perMM(mapper.y, sy)).rounded()))
    }

    /// Whether the filter does anything.
    public var isActive: Bool { margin.x > 0 && margin.y > 0 }

    /// The position to report for the contact, or nil when its frame reports no motion.
    public mutating func filter(_ c: Contact) -> DevicePoint? {
        guard isActive else { return c.position }
        switch c.phase {
        case .began:
            store(Slot(id: c.id, point: c.position, centre: c.position, raw: c.position, reported: c.position), for: c)
            return c.position
        case .ended, .cancelled:
            guard let s = state(of: c) else { return c.position }
            store(nil, for: c)
            return s.reported
        case .moved, .stationary:
            guard var s = state(of: c) else { return c.position }
            defer { store(s, for: c) }
            // Only the axes that had an event this frame take the finger's value.
            let movedX = c.position.x != s.raw.x
            let movedY = c.position.y != s.raw.y
            s.raw = c.position
            guard movedX || movedY else { return nil }
            if movedX { s.point.x = c.position.x }
            if movedY { s.point.y = c.position.y }
            let input = s.point
            let result = Self.hysteresis(input, centre: s.centre, margin: margin)
            s.point = result
            if result == s.centre { return nil }
            s.centre = result
            // The position reported is the slot's point before the filter, not the centre.
            s.reported = input
            return input
        }
    }

    /// A frame as the filter lets it through: contacts whose motion it holds back are left
    /// out (no motion to report), the others carry the position to report and, as previous
    /// position, the one reported before. For tools that show contacts (`touches`).
    public mutating func apply(_ frame: ContactFrame) -> ContactFrame {
        guard isActive else { return frame }
        var out = frame
        out.contacts.removeAll(keepingCapacity: true)
        for var c in frame.contacts {
            let before = state(of: c)?.reported
            guard let p = filter(c) else { continue }
            c.position = p
            if let before { c.previousPosition = before }
            out.contacts.append(c)
        }
        return out
    }

    /// libinput's `evdev_hysteresis`: the centre while `input` is inside the ellipse of radii
    /// `margin` around it, else the point a margin behind `input` on the line from the centre,
    /// truncated to whole units as C's conversion to int does.
    public static func hysteresis(_ input: DevicePoint, centre: DevicePoint, margin: (x: Double, y: Double))
        -> DevicePoint
    {
        let a = margin.x
        let b = margin.y
        guard a != 0, b != 0 else { return input }
        let dx = input.x - centre.x
        let dy = input.y - centre.y
        let dx2 = dx * dx
        let dy2 = dy * dy
        let normalized = (dx2 / (a * a) + dy2 / (b * b)).squareRoot()
        if normalized < 1.0 { return centre }
        let distance = (dx2 + dy2).squareRoot()
        let marginDistance = distance / normalized
        let lagX: Double
        let lagY: Double
        if dx != 0 {
            let gradient = dy / dx
            lagX = marginDistance / (gradient * gradient + 1).squareRoot()
            lagY = ((marginDistance + lagX) * (marginDistance - lagX)).squareRoot()
        } else {
            lagX = 0
            lagY = marginDistance
        }
        return DevicePoint(
            x: (dx >= 0 ? input.x - lagX : input.x + lagX).rounded(.towardZero),
            y: (dy >= 0 ? input.y - lagY : input.y + lagY).rounded(.towardZero))
    }
}
