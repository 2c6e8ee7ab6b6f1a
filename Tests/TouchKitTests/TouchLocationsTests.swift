import Testing
import TouchKit

/// `locations(in:)` is what the log reads for every touch of every line; its shortcuts (the
/// window itself, the window's root view) must give what the general conversions give.
@Suite("A touch's locations at once")
struct TouchLocationsTests {
    @Test(arguments: [false, true])
    func theShortcutsAgreeWithTheGeneralConversion(transformed: Bool) throws {
        let log = CallLog()
        let (app, window, controller) = makeScreen(log: log)
        let root = controller.view
        root.bounds.origin = Point(x: 7, y: -3)
        if transformed { root.transform = AffineTransform(rotationAngle: 0.3).scaledBy(x: 1.5, y: 0.5) }
        let child = View(frame: Rect(x: 50, y: 60, width: 200, height: 300), name: "child")
        root.addSubview(child)
        var seen: Touch?
        app.handleTouches([TouchUpdate(identifier: 1, phase: .began, location: Point(x: 120, y: 200))], timestamp: 0)
        seen = app.activeTouches.first
        app.handleTouches(
            [TouchUpdate(identifier: 1, phase: .moved, location: Point(x: 131.5, y: 207.25))], timestamp: 0.01)
        let t = try #require(seen)
        for view in [nil, window, root, child] as [View?] {
            let at = t.locations(in: view)
            #expect(close(at.location, t.location(in: view)))
            #expect(close(at.previous, t.previousLocation(in: view)))
            #expect(at.inWindow == t.location(in: nil))
        }
        #expect(root.superview === window)
    }
}
