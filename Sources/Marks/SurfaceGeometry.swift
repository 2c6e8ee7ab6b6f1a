import TouchInput

/// Where a screen point lands in a drawing surface's pixels: the panel's screen points are
/// upright (its display's turn applied), a surface is either upright too (a compositor that
/// turns the display) or in the display's own scan-out orientation (KMS, or a compositor that
/// does not turn it), and either may be scaled.
public struct SurfaceGeometry: Equatable, Sendable {
    /// The panel's screen, in points, upright.
    public var screenWidth: Double
    public var screenHeight: Double
    /// The turn, clockwise, that takes the display's own picture upright (its panel orientation).
    public var turn: ScreenMapper.Rotation
    /// The surface's size in pixels.
    public var surfaceWidth: Double
    public var surfaceHeight: Double
    /// Whether the surface is in the display's own orientation (KMS's scan-out) rather than upright.
    public var scanOut: Bool

    public init(
        screenWidth: Double, screenHeight: Double, turn: ScreenMapper.Rotation, surfaceWidth: Double,
        surfaceHeight: Double, scanOut: Bool
    ) {
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.turn = turn
        self.surfaceWidth = surfaceWidth
        self.surfaceHeight = surfaceHeight
        self.scanOut = scanOut
    }

    /// A compositor's surface of `width`×`height`: upright when its sides run as the screen's
    /// (the compositor turned the display), else in the display's own orientation.
    public static func compositor(
        screenWidth: Double, screenHeight: Double, turn: ScreenMapper.Rotation, width: Double, height: Double
    ) -> SurfaceGeometry {
        let screenLandscape = screenWidth >= screenHeight
        let surfaceLandscape = width >= height
        let upright = !turn.swapsSides || screenLandscape == surfaceLandscape || screenWidth == screenHeight
        return SurfaceGeometry(
            screenWidth: screenWidth, screenHeight: screenHeight, turn: turn, surfaceWidth: width,
            surfaceHeight: height, scanOut: !upright && turn != .none)
    }

    /// The turn the surface's picture has on the glass relative to the screen: none when
    /// upright, else the display's.
    public var pictureTurn: ScreenMapper.Rotation { scanOut ? turn : .none }

    /// The pixel (continuous: a pixel's centre is at +0.5) that shows the screen point `p`.
    public func pixel(_ p: ScreenPoint) -> (x: Double, y: Double) {
        // Back from upright to the picture's own orientation, in screen points.
        let w = screenWidth
        let h = screenHeight
        let q: (x: Double, y: Double)
        let frame: (w: Double, h: Double)
        switch pictureTurn {
        case .none: (q, frame) = ((p.x, p.y), (w, h))
        case .quarter: (q, frame) = ((p.y, w - p.x), (h, w))
        case .half: (q, frame) = ((w - p.x, h - p.y), (w, h))
        case .threeQuarters: (q, frame) = ((h - p.y, p.x), (h, w))
        }
        return (q.x * surfaceWidth / frame.w, q.y * surfaceHeight / frame.h)
    }

    /// How many pixels a screen point's length takes (the smaller scale, for sizes of marks and text).
    public var scale: Double {
        let frame = pictureTurn.swapsSides ? (screenHeight, screenWidth) : (screenWidth, screenHeight)
        return min(surfaceWidth / frame.0, surfaceHeight / frame.1)
    }

    /// The angle, in quarter turns clockwise, text must be turned to read upright on the glass.
    public var textQuarterTurns: Int { pictureTurn.rawValue / 90 }
}
