import InputEvents

#if canImport(Glibc)
    import Glibc
#endif

/// A pen's tilt as angles, by the W3C Pointer Events conversion: the altitude (π/2 upright, 0
/// flat on the glass) and the azimuth (0 along +x, growing clockwise on the screen, whose y
/// grows downwards), from the tilts towards +x and +y.
public enum PenAngles {
    /// A tilt axis' value in radians: over its resolution (units a radian), or in degrees on
    /// an axis that has none.
    public static func radians(_ value: Int32, axis: AbsInfo?) -> Double {
        guard let r = axis?.resolution, r > 0 else { return Double(value) * .pi / 180 }
        return Double(value) / Double(r)
    }

    /// The altitude and azimuth of a pen tilted `tiltX` towards +x and `tiltY` towards +y (radians).
    public static func angles(tiltX x: Double, tiltY y: Double) -> (altitude: Double, azimuth: Double) {
        let flat = Double.pi / 2
        if abs(x) >= flat || abs(y) >= flat { return (0, 0) }
        if x == 0 { return (flat - abs(y), y > 0 ? flat : y < 0 ? 3 * flat : 0) }
        if y == 0 { return (flat - abs(x), x < 0 ? .pi : 0) }
        let tx = tan(x)
        let ty = tan(y)
        let azimuth = atan2(ty, tx)
        return (atan(1 / (tx * tx + ty * ty).squareRoot()), azimuth < 0 ? azimuth + 2 * .pi : azimuth)
    }

    /// The tilts towards +x and +y (radians) of a pen at `altitude` pointing at `azimuth`: the
    /// conversion undone, for devices that report tilts (the virtual pen).
    public static func tilts(altitude: Double, azimuth: Double) -> (x: Double, y: Double) {
        let flat = Double.pi / 2
        guard altitude < flat else { return (0, 0) }
        guard altitude > 0 else { return (flat * cos(azimuth), flat * sin(azimuth)) }
        let t = tan(altitude)
        return (atan(cos(azimuth) / t), atan(sin(azimuth) / t))
    }

    /// `azimuth` on a screen turned `rotation` clockwise from the panel.
    public static func turned(_ azimuth: Double, by rotation: ScreenMapper.Rotation) -> Double {
        let a = azimuth + Double(rotation.rawValue) * .pi / 180
        return a >= 2 * .pi ? a - 2 * .pi : a
    }
}
