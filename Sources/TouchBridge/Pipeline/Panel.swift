import InputEvents
import TouchInput

/// One input device feeding the pipeline: its contact tracker, its screen mapping and what
/// turns its pressure and touch-size axes into UIKit's `force` and `majorRadius`. A class:
/// the event loop holds it as the device's handle.
public final class Panel {
    /// The number touches carry to name their device in the log.
    public let number: Int
    /// The event node, or the recording's path.
    public let node: String
    /// The device's name (`N:` of a recording).
    public let name: String
    public let description: DeviceDescription
    public let mapper: ScreenMapper
    var tracker: ContactTracker
    private let pressure: AbsInfo?
    /// Screen points per device unit, for the touch size.
    private let pointsPerUnit: Double

    /// The force of a touch at half the pressure axis' range (UIKit: 1.0 is an average touch).
    public static let maximumPossibleForce = 2.0

    init(number: Int, node: String, name: String, description: DeviceDescription, mapper: ScreenMapper, ids: ContactIDs,
         warn: @escaping (TrackerWarning) -> Void) {
        self.number = number
        self.node = node
        self.name = name
        self.description = description
        self.mapper = mapper
        tracker = ContactTracker(description: description, ids: ids, warn: warn)
        let multitouch = tracker.touchProtocol != .single
        pressure = description.absInfo[multitouch ? Kernel.ABS_MT_PRESSURE : Kernel.ABS_PRESSURE]
            .flatMap { description.has(type: Kernel.EV_ABS, code: multitouch ? Kernel.ABS_MT_PRESSURE : Kernel.ABS_PRESSURE) ? $0 : nil }
        let turned = mapper.rotation == .quarter || mapper.rotation == .threeQuarters
        let sx = (turned ? mapper.height : mapper.width) / Double(mapper.x.range)
        let sy = (turned ? mapper.width : mapper.height) / Double(mapper.y.range)
        pointsPerUnit = (sx * sy).squareRoot()
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
