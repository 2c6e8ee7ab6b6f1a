import Drawing
import Marks
import Testing
import TouchInput

/// What cairo paints, read back from the pixels: the crosshair is centred on its point, in
/// the colour of its state, through the surface's turn.
struct PainterTests {
    /// The mean of the pixels `matches` picks, in an ARGB32 picture of `w`×`h`.
    func centre(_ pixels: [UInt32], _ w: Int, _ matches: (UInt32, UInt32, UInt32) -> Bool) -> (
        x: Double, y: Double, n: Int
    ) {
        var sx = 0.0
        var sy = 0.0
        var n = 0
        for (i, p) in pixels.enumerated() where matches((p >> 16) & 0xff, (p >> 8) & 0xff, p & 0xff) {
            sx += Double(i % w) + 0.5
            sy += Double(i / w) + 0.5
            n += 1
        }
        return (sx / Double(max(n, 1)), sy / Double(max(n, 1)), n)
    }

    func paint(_ scene: MarkScene, _ g: SurfaceGeometry, backdrop: Painter.Backdrop = .opaque) -> [UInt32] {
        let w = Int(g.surfaceWidth)
        let h = Int(g.surfaceHeight)
        var pixels = [UInt32](repeating: 0, count: w * h)
        pixels.withUnsafeMutableBytes { raw in
            Painter(geometry: g, backdrop: backdrop).paint(
                scene, into: raw.baseAddress!, width: w, height: h, stride: w * 4)
        }
        return pixels
    }

    static func yellow(_ r: UInt32, _ g: UInt32, _ b: UInt32) -> Bool { r > 200 && g > 150 && b < 90 }
    static func green(_ r: UInt32, _ g: UInt32, _ b: UInt32) -> Bool { r < 120 && g > 170 && b < 120 }

    @Test(arguments: [ScreenMapper.Rotation.none, .quarter, .half, .threeQuarters])
    func theMarkAskedForIsCentredOnItsPixel(turn: ScreenMapper.Rotation) {
        let screen = turn.swapsSides ? (w: 240.0, h: 320.0) : (w: 320.0, h: 240.0)
        let g = SurfaceGeometry(
            screenWidth: screen.w, screenHeight: screen.h, turn: turn, surfaceWidth: 320, surfaceHeight: 240,
            scanOut: true)
        var scene = MarkScene()
        let point = ScreenPoint(x: screen.w * 0.3, y: screen.h * 0.4)
        scene.marks = [MarkScene.Mark(point: point, state: .waiting)]
        let c = centre(paint(scene, g), 320, Self.yellow)
        let want = g.pixel(point)
        #expect(c.n > 50)
        #expect(abs(c.x - want.x) <= 1, "\(c) vs \(want)")
        #expect(abs(c.y - want.y) <= 1, "\(c) vs \(want)")
    }

    @Test func aTakenMarkIsGreenAndTheOneAskedForYellow() {
        let g = SurfaceGeometry(
            screenWidth: 320, screenHeight: 240, turn: .none, surfaceWidth: 320, surfaceHeight: 240, scanOut: false)
        var scene = MarkScene()
        scene.marks = [
            MarkScene.Mark(point: ScreenPoint(x: 60, y: 60), state: .taken),
            MarkScene.Mark(point: ScreenPoint(x: 260, y: 180), state: .waiting),
        ]
        let pixels = paint(scene, g)
        let green = centre(pixels, 320, Self.green)
        let yellow = centre(pixels, 320, Self.yellow)
        #expect(abs(green.x - 60) <= 1, "\(green)")
        #expect(abs(green.y - 60) <= 1, "\(green)")
        #expect(abs(yellow.x - 260) <= 1, "\(yellow)")
        #expect(abs(yellow.y - 180) <= 1, "\(yellow)")
    }

    /// A frame of `spots` as a 1920x1080 overlay shows it: the ring's centre on the finger.
    /// (BENCHMARKS.md counts this paint's instructions.)
    @Test func aFingersRingOnAFullHDOverlayIsCentredOnIt() {
        let g = SurfaceGeometry(
            screenWidth: 1920, screenHeight: 1080, turn: .none, surfaceWidth: 1920, surfaceHeight: 1080, scanOut: false)
        var scene = MarkScene()
        scene.spots = [MarkScene.Spot(point: ScreenPoint(x: 576.5, y: 648.25), identifier: 3)]
        let ring = centre(paint(scene, g, backdrop: .clear), 1920) { r, g, b in r < 80 && g > 140 && b > 200 }
        #expect(ring.n > 300)
        #expect(abs(ring.x - 576.5) <= 1, "\(ring)")
        #expect(abs(ring.y - 648.25) <= 1, "\(ring)")
    }

    @Test func anOverlayLeavesWhatIsBeneathShowing() {
        let g = SurfaceGeometry(
            screenWidth: 100, screenHeight: 100, turn: .none, surfaceWidth: 100, surfaceHeight: 100, scanOut: false)
        var scene = MarkScene()
        scene.spots = [MarkScene.Spot(point: ScreenPoint(x: 50, y: 50), identifier: 0)]
        let pixels = paint(scene, g, backdrop: .clear)
        // A corner far from the ring is untouched: fully transparent.
        #expect(pixels[0] == 0)
        #expect(pixels[99] == 0)
        #expect(pixels.contains { $0 >> 24 == 0xff })
    }
}
