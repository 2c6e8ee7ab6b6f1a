import TouchKit

/// What a pen did in one input frame, on the screen, as its virtual pen reports it: near or
/// away, where, the tip down or not with its pressure, its angles, which end, its height and
/// its barrel buttons.
package struct PenSample: Equatable, Sendable {
    /// In proximity: hovering or touching. False: the pen went away (the rest is not read).
    package var isNear: Bool
    /// Where the tip is, or would touch, in screen points.
    package var location: Point
    /// The tip (or the eraser) is on the glass.
    package var isTouching: Bool
    /// The tip's pressure, 0…1.
    package var pressure: Double
    /// The angle with the glass (π/2 upright) and where the pen points on the upright screen
    /// (radians from +x, clockwise), as `Touch.altitudeAngle` and `azimuthAngle`.
    package var altitude: Double, azimuth: Double
    /// The eraser end is the one near.
    package var isEraser: Bool
    /// The height over the glass, 0 (touching) to 1 (the top of the range), as `zOffset`.
    package var height: Double
    /// The barrel buttons held: bit 0 `BTN_STYLUS`, bit 1 `BTN_STYLUS2`.
    package var buttons: UInt8

    package init(
        isNear: Bool, location: Point, isTouching: Bool = false, pressure: Double = 0, altitude: Double = .pi / 2,
        azimuth: Double = 0, isEraser: Bool = false, height: Double = 0, buttons: UInt8 = 0
    ) {
        self.isNear = isNear
        self.location = location
        self.isTouching = isTouching
        self.pressure = pressure
        self.altitude = altitude
        self.azimuth = azimuth
        self.isEraser = isEraser
        self.height = height
        self.buttons = buttons
    }

    /// The pen away: what ends a virtual pen's proximity.
    package static let away = PenSample(isNear: false, location: Point(x: 0, y: 0))
}
