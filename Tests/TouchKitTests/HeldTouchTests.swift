import Testing

@testable import TouchKit

/// Found by the random-stream invariant: a finger lifting and another landing on a button in
/// one frame (a slot reused), while a pan that waits for two fingers withholds the touch-up.
@Suite("Withheld touches")
struct HeldTouchTests {
    @Test func aSlotReusedInOneFrameOnAButtonUnderAPanEndsEveryTouchItBegan() {
        let log = CallLog()
        let (app, _, vc) = makeScreen(log: log)
        let root = LoggingView("Root", frame: Rect(x: 0, y: 0, width: 400, height: 800), log: log)
        root.logsPointInside = false
        root.isMultipleTouchEnabled = true
        vc.view.addSubview(root)
        let pan = PanGestureRecognizer(name: "pan")
        pan.minimumNumberOfTouches = 2
        pan.addTarget(nil) { r in log.add("pan \(r.state.rawValue)") }
        root.addGestureRecognizer(pan)
        let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "Buy")
        button.eventObserver = { _, e in log.add("Buy \(e)") }
        root.addSubview(button)
        touch(app, 1, .began, 300, 300, at: 0)  // on Root
        touch(app, 2, .began, 50, 50, at: 0.01)  // on Buy
        app.handleTouches(
            [
                TouchUpdate(identifier: 2, phase: .ended, location: Point(x: 50, y: 50)),
                TouchUpdate(identifier: 3, phase: .began, location: Point(x: 52, y: 52)),
            ], timestamp: 0.02)
        touch(app, 1, .moved, 340, 300, at: 0.03)
        touch(app, 3, .moved, 90, 52, at: 0.04)
        touch(app, 1, .ended, 340, 300, at: 0.05)
        touch(app, 3, .ended, 90, 52, at: 0.06)
        // Touch 3 lands while Buy still tracks 2 (its end withheld by the pan): Buy passes 3 up.
        // When the pan recognizes, 2's withheld end is cancelled at Buy, and 3 — which Buy
        // received in the same call — is cancelled up the chain where it began.
        #expect(
            log.lines == [
                "Root.touchesBegan 1", "Buy touchDown", "Root.touchesBegan 1", "pan began",
                "Root.touchesCancelled 1", "Buy touchCancel", "Root.touchesCancelled 1", "pan changed", "pan ended",
            ])
        #expect(app.activeTouches.isEmpty)
        #expect(app.windows[0].gestureArbiter.heldTouches.isEmpty)
    }
}
