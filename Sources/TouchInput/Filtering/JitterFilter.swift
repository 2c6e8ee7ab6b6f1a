import InputEvents

/// libinput's hysteresis for touch positions: within a margin of its centre a contact stays
/// put, beyond it the centre follows the finger a margin behind. A resting finger's noise
/// then makes no motion at all, and a moving finger loses only the margin.
public struct JitterFilter: Sendable {
    /// The margin per axis in device units; 0 on both turns the filter off.
    public private(set) var margin: (x: Double, y: Double)
    private var centres: [UInt64: DevicePoint] = [:]

    public init(margin: (x: Double, y: Double) = (0, 0)) { self.margin = margin }

    /// A margin of `mm` millimetres on the mapper's axes: by the axes' resolution, else (no
    /// resolution) by the screen at 96 dpi. 0 mm is no filtering.
    public init(millimetres mm: Double, mapper: ScreenMapper) {
        guard mm > 0 else { self.init(); return }
        let turned = mapper.rotation == .quarter || mapper.rotation == .threeQuarters
        let sx = (turned ? mapper.height : mapper.width) / Double(mapper.x.range)
        let sy = (turned ? mapper.width : mapper.height) / Double(mapper.y.range)
        let perMM = { (axis: AbsInfo, scale: Double) in axis.resolution > 0 ? Double(axis.resolution) : 96 / 25.4 / scale }
        self.init(margin: (mm * perMM(mapper.x, sx), mm * perMM(mapper.y, sy)))
    }

    /// The contact's position after the filter, or nil when it did not move at all.
    public mutating func filter(_ c: Contact) -> DevicePoint? {
        guard margin.x > 0 || margin.y > 0 else { return c.position }
        switch c.phase {
        case .began:
            centres[c.id] = c.position
            return c.position
        case .ended, .cancelled:
            return centres.removeValue(forKey: c.id) ?? c.position
        case .moved, .stationary:
            guard let centre = centres[c.id] else { return c.position }
            let next = DevicePoint(x: Self.hysteresis(c.position.x, centre.x, margin.x),
                                   y: Self.hysteresis(c.position.y, centre.y, margin.y))
            guard next != centre else { return nil }
            centres[c.id] = next
            return next
        }
    }

    /// One axis: the centre while `value` is within `margin` of it, else `value` a margin behind.
    public static func hysteresis(_ value: Double, _ centre: Double, _ margin: Double) -> Double {
        let d = value - centre
        if abs(d) <= margin { return centre }
        return d > 0 ? value - margin : value + margin
    }
}
