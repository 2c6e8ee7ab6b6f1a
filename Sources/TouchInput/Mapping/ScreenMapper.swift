import InputEvents

/// Maps device units to screen points the way libinput does for touchscreens: normalise
/// each axis with `range = max - min + 1`, apply the calibration matrix in normalised space,
/// then rotate and scale to the screen. Values outside the axis range are not clamped.
public struct ScreenMapper: Sendable {
    /// Rows 1–2 of libinput's 3×3 calibration matrix: `x' = a·x + b·y + c`, `y' = d·x + e·y + f`.
    public struct Calibration: Equatable, Sendable {
        public var a, b, c, d, e, f: Double

        public static let identity = Calibration([1, 0, 0, 0, 1, 0])!

        /// Six values `a b c d e f`; nil unless there are exactly six finite numbers.
        public init?(_ values: [Double]) {
            guard values.count == 6, values.allSatisfy(\.isFinite) else { return nil }
            (a, b, c, d, e, f) = (values[0], values[1], values[2], values[3], values[4], values[5])
        }

        /// Parses `"a b c d e f"` as udev's `LIBINPUT_CALIBRATION_MATRIX` and `--calibration` give it.
        public init?(parsing text: String) {
            let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," })
            let values = parts.compactMap { Double($0) }
            guard values.count == parts.count else { return nil }
            self.init(values)
        }
    }

    /// Screen rotation in degrees, clockwise, applied after calibration; 90 is the same
    /// transform as libinput's preset matrix `0 -1 1 1 0 0`.
    public enum Rotation: Int, Sendable, CaseIterable {
        case none = 0
        case quarter = 90
        case half = 180
        case threeQuarters = 270

        /// Whether it swaps the screen's width and height.
        public var swapsSides: Bool { self == .quarter || self == .threeQuarters }
    }

    public let x: AbsInfo
    public let y: AbsInfo
    public let calibration: Calibration
    /// Whether `calibration` is not the identity, decided once instead of at every point.
    private let calibrated: Bool
    public let rotation: Rotation
    /// Screen size in points.
    public let width: Double
    public let height: Double

    public init(
        x: AbsInfo, y: AbsInfo, calibration: Calibration = .identity, rotation: Rotation = .none,
        width: Double, height: Double
    ) {
        self.x = x
        self.y = y
        self.calibration = calibration
        calibrated = calibration != .identity
        self.rotation = rotation
        self.width = width
        self.height = height
    }

    /// A mapper for a device's position axes. Without an explicit size the screen is the
    /// panel's own size at 96 dpi when its resolution is known (rotated with the panel), else
    /// 1920×1080 points.
    public init?(
        device d: DeviceDescription, calibration: Calibration = .identity, rotation: Rotation = .none,
        screen: (width: Double, height: Double)? = nil
    ) {
        let codes = TouchProtocol(d).positionCodes
        guard let ax = d.absInfo[codes.x], let ay = d.absInfo[codes.y] else { return nil }
        var size = screen ?? ScreenMapper.defaultScreen(x: ax, y: ay)
        if screen == nil && rotation.swapsSides { size = (size.height, size.width) }
        self.init(x: ax, y: ay, calibration: calibration, rotation: rotation, width: size.width, height: size.height)
    }

    static func defaultScreen(x: AbsInfo, y: AbsInfo) -> (width: Double, height: Double) {
        guard x.resolution > 0, y.resolution > 0 else { return (1920, 1080) }
        let points = 96.0 / 25.4
        return (
            (Double(x.range) / Double(x.resolution) * points).rounded(),
            (Double(y.range) / Double(y.resolution) * points).rounded()
        )
    }

    /// The position as fractions of the screen (0…1 inside it), before scaling.
    public func normalized(_ p: DevicePoint) -> DevicePoint {
        let sx = Double(x.range)
        let sy = Double(y.range)
        let minX = Double(x.minimum)
        let minY = Double(y.minimum)
        var px = p.x
        var py = p.y
        if calibrated {
            // As libinput does: one matrix in device units (normalise, calibrate, scale back)
            // applied to the raw coordinates, keeping whole units (truncated toward zero, as
            // its C conversion does), so positions agree with libinput's.
            let c = calibration
            let qx = c.a * (px - minX) + c.b * (sx / sy) * (py - minY) + c.c * sx + minX
            let qy = c.d * (sy / sx) * (px - minX) + c.e * (py - minY) + c.f * sy + minY
            px = qx.rounded(.towardZero)
            py = qy.rounded(.towardZero)
        }
        let cx = (px - minX) / sx
        let cy = (py - minY) / sy
        switch rotation {
        case .none: return DevicePoint(x: cx, y: cy)
        case .quarter: return DevicePoint(x: 1 - cy, y: cx)
        case .half: return DevicePoint(x: 1 - cx, y: 1 - cy)
        case .threeQuarters: return DevicePoint(x: cy, y: 1 - cx)
        }
    }

    /// The position in screen points.
    public func map(_ p: DevicePoint) -> ScreenPoint {
        let n = normalized(p)
        return ScreenPoint(x: n.x * width, y: n.y * height)
    }
}
