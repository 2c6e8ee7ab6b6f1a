import InputEvents
import TouchInput
import TouchKit

/// One input device feeding the pipeline: its contact tracker, where it lands on the screen,
/// its jitter filter and masks, and what turns its pressure and touch-size axes into UIKit's
/// `force` and `majorRadius`. A class: the event loop holds it as the device's handle.
public final class Panel {
    /// The number touches carry to name their device in the log.
    public let number: Int
    /// The event node, or the recording's path.
    public let node: String
    /// The device's name (`N:` of a recording).
    public let name: String
    public let description: DeviceDescription
    public private(set) var mapper: ScreenMapper
    public let placement: PanelPlacement
    var tracker: ContactTracker
    /// Input events, frames (`SYN_REPORT`) and `SYN_DROPPED` seen, for the state report and
    /// the metrics.
    public internal(set) var events = 0
    public internal(set) var frames = 0
    public internal(set) var dropped = 0
    private let origin: DevicePoint
    private let pressure: AbsInfo?
    /// Screen points per device unit, for the touch size.
    private var pointsPerUnit = 0.0
    /// The hysteresis margin per axis in device units (0: off), and each contact's centre.
    private var margin = (x: 0.0, y: 0.0)
    private var centres: [UInt64: DevicePoint] = [:]

    /// The force of a touch at half the pressure axis' range (UIKit: 1.0 is an average touch).
    public static let maximumPossibleForce = 2.0

    init(number: Int, node: String, name: String, description: DeviceDescription, mapper: ScreenMapper,
         placement: PanelPlacement, ids: ContactIDs, warn: @escaping (TrackerWarning) -> Void) {
        self.number = number
        self.node = node
        self.name = name
        self.description = description
        self.mapper = mapper
        self.placement = placement
        origin = DevicePoint(x: placement.rect?.minX ?? 0, y: placement.rect?.minY ?? 0)
        tracker = ContactTracker(description: description, ids: ids, warn: warn)
        let multitouch = tracker.touchProtocol != .single
        let pressureCode = multitouch ? Kernel.ABS_MT_PRESSURE : Kernel.ABS_PRESSURE
        pressure = description.has(type: Kernel.EV_ABS, code: pressureCode) ? description.absInfo[pressureCode] : nil
        remap(mapper)
    }

    /// Maps the panel anew (a reloaded scene with another screen size).
    func remap(_ mapper: ScreenMapper) {
        self.mapper = mapper
        let turned = mapper.rotation == .quarter || mapper.rotation == .threeQuarters
        let sx = (turned ? mapper.height : mapper.width) / Double(mapper.x.range)
        let sy = (turned ? mapper.width : mapper.height) / Double(mapper.y.range)
        pointsPerUnit = (sx * sy).squareRoot()
        // Millimetres in device units: the axis resolution, else the screen at 96 dpi.
        let mm = placement.hysteresisMM
        let perMM = { (axis: AbsInfo, scale: Double) in axis.resolution > 0 ? Double(axis.resolution) : 96 / 25.4 / scale }
        margin = mm > 0 ? (mm * perMM(mapper.x, sx), mm * perMM(mapper.y, sy)) : (0, 0)
    }

    /// Where a contact is in global screen points.
    func screenPoint(_ p: DevicePoint) -> Point {
        let m = mapper.map(p)
        return Point(x: m.x + origin.x, y: m.y + origin.y)
    }

    /// Whether a contact that begins at `p` (screen points) is in a masked region.
    func isMasked(_ p: Point) -> Bool { placement.masks.contains { $0.contains(p) } }

    /// The contact's position after the jitter filter (libinput's hysteresis: within the
    /// margin of its centre a contact stays put; beyond, the centre follows, the margin
    /// behind), or nil when it did not move at all.
    func filtered(_ c: Contact) -> DevicePoint? {
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

    static func hysteresis(_ value: Double, _ centre: Double, _ margin: Double) -> Double {
        let d = value - centre
        if abs(d) <= margin { return centre }
        return d > 0 ? value - margin : value + margin
    }

    /// UIKit's force: the pressure normalised so that half the axis range is 1.0 (up to
    /// `maximumPossibleForce`); 0 for devices without pressure.
    func force(_ raw: Int32?) -> Double {
        guard let raw, let p = pressure, p.maximum > p.minimum else { return 0 }
        return Double(Int64(raw) - Int64(p.minimum)) / Double(Int64(p.maximum) - Int64(p.minimum)) * Self.maximumPossibleForce
    }

    var maximumPossibleForce: Double { pressure == nil ? 0 : Self.maximumPossibleForce }

    /// UIKit's majorRadius: half the touch's major axis (`ABS_MT_TOUCH_MAJOR`, which the
    /// kernel defines in the position axes' units) in screen points; 0 without that axis.
    func majorRadius(_ raw: Int32?) -> Double {
        guard let raw else { return 0 }
        return Double(raw) / 2 * pointsPerUnit
    }
}
