import InputEvents
import Marks
import Testing
import TouchInput

/// Where a mark is drawn must be where the finger that touches it lands: for every turn of the
/// display, the pixel a screen point is drawn at is the one the panel reports touches at.
struct SurfaceGeometryTests {
    let axis = AbsInfo(minimum: 0, maximum: 3999)

    @Test(arguments: ScreenMapper.Rotation.allCases)
    func aMarkOnTheScanOutIsWhereTheFingerReports(turn: ScreenMapper.Rotation) throws {
        // A display of 1600x900 pixels with a panel over it, mounted turned by `turn`.
        let native = (w: 1600.0, h: 900.0)
        let upright = turn.swapsSides ? (w: native.h, h: native.w) : native
        let mapper = ScreenMapper(
            x: axis, y: axis, rotation: turn, width: upright.w, height: upright.h)
        let g = SurfaceGeometry(
            screenWidth: upright.w, screenHeight: upright.h, turn: turn, surfaceWidth: native.w,
            surfaceHeight: native.h, scanOut: true)
        for (fx, fy) in [(0.1, 0.1), (0.9, 0.1), (0.25, 0.75), (0.5, 0.5)] {
            // The finger at this fraction of the glass (the panel's own axes, as the display's pixels run).
            let raw = DevicePoint(x: fx * 4000, y: fy * 4000)
            let screen = mapper.map(raw)
            let pixel = g.pixel(screen)
            #expect(abs(pixel.x - fx * native.w) < 0.5, "\(turn) \(screen) \(pixel)")
            #expect(abs(pixel.y - fy * native.h) < 0.5, "\(turn) \(screen) \(pixel)")
        }
    }

    @Test func aCompositorThatTurnsTheDisplayGetsUprightPoints() {
        let g = SurfaceGeometry.compositor(
            screenWidth: 900, screenHeight: 1600, turn: .quarter, width: 900, height: 1600)
        #expect(!g.scanOut)
        let p = g.pixel(ScreenPoint(x: 90, y: 160))
        #expect(p.x == 90)
        #expect(p.y == 160)
    }

    @Test func aCompositorThatDoesNotTurnItGetsTheDisplaysOwnPixels() {
        let g = SurfaceGeometry.compositor(
            screenWidth: 900, screenHeight: 1600, turn: .quarter, width: 1600, height: 900)
        #expect(g.scanOut)
        let p = g.pixel(ScreenPoint(x: 90, y: 160))
        #expect(p.x == 160)
        #expect(p.y == 810)
    }

    @Test func aSmallerScreenIsScaledToTheSurface() {
        let g = SurfaceGeometry.compositor(screenWidth: 800, screenHeight: 480, turn: .none, width: 1600, height: 960)
        let p = g.pixel(ScreenPoint(x: 400, y: 240))
        #expect(p.x == 800)
        #expect(p.y == 480)
        #expect(g.scale == 2)
    }
}

struct SurfaceChoiceTests {
    @Test func noDrawAsksForTheTerminalAlone() {
        var f = SurfaceChoice.Facts()
        f.noDraw = true
        f.waylandSockets = ["/run/user/1000/wayland-0"]
        #expect(SurfaceChoice.candidates(f) == [.terminal(reason: nil)])
    }

    @Test func compositorsComeFirstThenTheDisplayThenTheTerminal() {
        var f = SurfaceChoice.Facts()
        f.waylandSockets = ["/run/user/1000/wayland-0"]
        f.display = ("/dev/dri/card0", "HDMI-A-1")
        let c = SurfaceChoice.candidates(f)
        #expect(c.count == 3)
        #expect(c[0] == .wayland(socket: "/run/user/1000/wayland-0"))
        #expect(c[1] == .kms(card: "/dev/dri/card0", connector: "HDMI-A-1"))
        guard case .terminal(let reason?) = c[2] else { return #expect(Bool(false), "\(c)") }
        #expect(reason.contains("no compositor answered on /run/user/1000/wayland-0"))
    }

    @Test func withNothingTheTerminalSaysWhy() {
        #expect(
            SurfaceChoice.candidates(SurfaceChoice.Facts()) == [
                .terminal(
                    reason: "no Wayland compositor runs and the panel's display is not known (touchbridge screens)")
            ])
        var f = SurfaceChoice.Facts()
        f.display = ("/dev/dri/card1", "eDP-1")
        f.masterHeld = true
        #expect(
            SurfaceChoice.candidates(f) == [
                .terminal(reason: "no Wayland compositor runs and another program holds /dev/dri/card1 (DRM master)")
            ])
    }
}
