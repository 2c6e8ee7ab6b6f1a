import InputEvents

/// What a pen reports beside its position, in device units: which end is used (the eraser's
/// `BTN_TOOL_RUBBER`, else `BTN_TOOL_PEN`), its tilt (`ABS_TILT_X/Y`), its height over the
/// glass (`ABS_DISTANCE`) and its barrel buttons (`BTN_STYLUS`, `BTN_STYLUS2`).
public struct PenState: Equatable, Sendable {
    public var eraser = false
    /// Tilt towards +x and +y; nil when the pen has no such axis.
    public var tiltX: Int32?
    public var tiltY: Int32?
    /// Height over the glass; nil when the pen has no such axis.
    public var distance: Int32?
    /// The barrel buttons held: bit 0 `BTN_STYLUS`, bit 1 `BTN_STYLUS2`.
    public var buttons: UInt8 = 0

    public init(
        eraser: Bool = false, tiltX: Int32? = nil, tiltY: Int32? = nil, distance: Int32? = nil, buttons: UInt8 = 0
    ) {
        self.eraser = eraser
        self.tiltX = tiltX
        self.tiltY = tiltY
        self.distance = distance
        self.buttons = buttons
    }
}

/// A pen in proximity that does not touch: where it hovers, as it comes (`began`), moves
/// (`moved`) and goes (`ended`: out of proximity, or its tip down). Its tool and axes are its
/// frame's (`ContactFrame.pen`).
public struct PenHover: Equatable, Sendable {
    public var phase: ContactPhase
    public var position: DevicePoint

    public init(phase: ContactPhase, position: DevicePoint) {
        self.phase = phase
        self.position = position
    }
}

extension PenState {
    /// Its height over the range of its distance axis (`ABS_DISTANCE`), 0…1, as UIKit's zOffset
    /// (0 without a height or an axis).
    public func height(over axis: AbsInfo?) -> Double {
        guard let d = distance, let a = axis, a.maximum > a.minimum else { return 0 }
        return min(1, max(0, Double(Int64(d) - Int64(a.minimum)) / Double(Int64(a.maximum) - Int64(a.minimum))))
    }
}
