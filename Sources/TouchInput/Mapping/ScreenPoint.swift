/// A position in screen points, after the mapping: where masks, placements and the window
/// see a contact (a `DevicePoint` is in the panel's own units, before it).
public struct ScreenPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

extension ScreenPoint {
    /// The point moved by `origin`'s coordinates: from a panel's rectangle into the whole screen.
    @inline(__always)
    public func offset(by origin: (x: Double, y: Double)) -> ScreenPoint {
        ScreenPoint(x: x + origin.x, y: y + origin.y)
    }
}

/// A point of a plane, in whatever units: what a scatter or a line fit needs of it.
public protocol PlanePoint {
    var x: Double { get }
    var y: Double { get }
}

extension ScreenPoint: PlanePoint {}
extension DevicePoint: PlanePoint {}
