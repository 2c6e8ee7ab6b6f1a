import InputEvents
import TouchInput

/// A finger resting: one contact's reports while they stay within a radius of where the
/// period began. `health` pools the periods long enough into its jitter figure; `watch` shows
/// the one of the contact resting now.
public struct RestingPeriod: Sendable {
    /// Where the period began, in device units.
    public private(set) var anchor: DevicePoint
    /// Its first and latest report's times.
    public private(set) var start: Double
    public private(set) var end: Double
    /// The reports' positions on each axis.
    public private(set) var x = RunningStats()
    public private(set) var y = RunningStats()

    /// A period that begins with no reports yet at `anchor`.
    public init(at anchor: DevicePoint, time: Double) {
        self.anchor = anchor
        start = time
        end = time
    }

    /// How far a resting finger may stray on each axis, in device units: `settings.restRadius`
    /// mm, or 1 % of the axis where the device gives no resolution.
    public static func radius(x: AbsInfo, y: AbsInfo, settings: HealthSettings) -> (x: Double, y: Double) {
        if let mm = unitsPerMM(x: x, y: y) { return (settings.restRadius * mm.x, settings.restRadius * mm.y) }
        return (Double(x.range) / 100, Double(y.range) / 100)
    }

    /// Device units a millimetre on each axis, nil without a resolution on both.
    public static func unitsPerMM(x: AbsInfo, y: AbsInfo) -> (x: Double, y: Double)? {
        x.resolution > 0 && y.resolution > 0 ? (Double(x.resolution), Double(y.resolution)) : nil
    }

    /// Whether `p` is within `radius` of the anchor (an ellipse with those half-axes).
    public func holds(_ p: DevicePoint, radius: (x: Double, y: Double)) -> Bool {
        let dx = (p.x - anchor.x) / radius.x
        let dy = (p.y - anchor.y) / radius.y
        return dx * dx + dy * dy <= 1
    }

    /// A report at `p` and `time`, within the period.
    public mutating func add(_ p: DevicePoint, time: Double) {
        x.add(p.x)
        y.add(p.y)
        end = time
    }

    /// Whether the period is long enough to count as resting (`restMinDuration`, `restMinReports`).
    public func counts(_ settings: HealthSettings) -> Bool {
        end - start >= settings.restMinDuration && x.count >= settings.restMinReports
    }

    /// The standard deviation of the positions on each axis, in device units (nil under two reports).
    public var standardDeviation: (x: Double, y: Double)? {
        guard x.count > 1 else { return nil }
        let n = Double(x.count - 1)
        return ((x.sumOfSquares / n).squareRoot(), (y.sumOfSquares / n).squareRoot())
    }
}
