import Testing
import TouchKit

/// A pen's tip as UIKit's pencil touches: its type, altitude and end kept from the input
/// side's updates, its azimuth given in any view, turned with the view.
@Suite("Pencil touches")
struct PencilTouchTests {
    @Test func aPencilUpdateMakesAPencilTouchAndAFingerStaysDirect() throws {
        let (app, window, controller) = makeScreen(log: CallLog())
        var pen = TouchUpdate(identifier: 1, phase: .began, location: Point(x: 100, y: 100))
        pen.type = .pencil
        pen.altitudeAngle = 1.0
        pen.azimuthAngle = 0.5
        pen.isEraser = true
        app.handleTouches(
            [pen, TouchUpdate(identifier: 2, phase: .began, location: Point(x: 200, y: 200))], timestamp: 0)
        let touches = app.activeTouches.sorted { $0.identifier < $1.identifier }
        try #require(touches.count == 2)
        #expect(touches[0].type == .pencil)
        #expect(touches[0].altitudeAngle == 1.0)
        #expect(touches[0].isEraser)
        #expect(abs(touches[0].azimuthAngle(in: window) - 0.5) < 1e-12)
        #expect(abs(touches[0].azimuthAngle(in: nil) - 0.5) < 1e-12)
        #expect(touches[1].type == .direct)
        #expect(touches[1].altitudeAngle == .pi / 2)
        #expect(!touches[1].isEraser)
        // The pen tilts further as it moves: the touch follows.
        pen.phase = .moved
        pen.altitudeAngle = 0.7
        pen.azimuthAngle = 1.5
        app.handleTouches([pen], timestamp: 0.01)
        #expect(touches[0].altitudeAngle == 0.7)
        #expect(abs(touches[0].azimuthAngle(in: controller.view) - 1.5) < 1e-9)
    }

    @Test func theAzimuthTurnsWithTheView() throws {
        let (app, _, controller) = makeScreen(log: CallLog())
        let turned = View(frame: Rect(x: 50, y: 50, width: 200, height: 200), name: "turned")
        turned.transform = AffineTransform(rotationAngle: .pi / 2)
        controller.view.addSubview(turned)
        var pen = TouchUpdate(identifier: 1, phase: .began, location: Point(x: 150, y: 150))
        pen.type = .pencil
        pen.azimuthAngle = .pi / 2  // pointing down the screen
        app.handleTouches([pen], timestamp: 0)
        let t = try #require(app.activeTouches.first)
        // The view is turned a quarter clockwise: down the screen is along its +x.
        let a = t.azimuthAngle(in: turned)
        #expect(min(a, 2 * .pi - a) < 1e-9, "\(a)")
    }
}
