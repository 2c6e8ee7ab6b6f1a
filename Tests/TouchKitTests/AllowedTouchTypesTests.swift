import Testing
import TouchKit

/// allowedTouchTypes: a recognizer sees only the kinds of touch it allows, as in UIKit.
@Suite("Allowed touch types")
struct AllowedTouchTypesTests {
    func tap(_ app: Application, _ id: UInt64, pencil: Bool, at t: Double) {
        var down = TouchUpdate(identifier: id, phase: .began, location: Point(x: 100, y: 100))
        if pencil { down.type = .pencil }
        var up = down
        up.phase = .ended
        app.handleTouches([down], timestamp: t)
        app.handleTouches([up], timestamp: t + 0.05)
    }

    @Test func aPencilOnlyTapIgnoresFingers() {
        let (app, _, controller) = makeScreen(log: CallLog())
        var recognized = 0
        let r = TapGestureRecognizer(name: "penTap") { _ in recognized += 1 }
        r.allowedTouchTypes = [.pencil]
        controller.view.addGestureRecognizer(r)
        tap(app, 1, pencil: false, at: 0)
        #expect(recognized == 0, "a finger's tap")
        tap(app, 2, pencil: true, at: 1)
        #expect(recognized == 1, "a pen's tap")
        #expect(r.allowedTouchTypes == [.pencil])
        #expect(TapGestureRecognizer().allowedTouchTypes == [.direct, .pencil])
    }
}
