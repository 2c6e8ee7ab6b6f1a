import Testing
import TouchKit

@Suite("The recognizers")
struct RecognizerTests {
    func screen() -> (Application, View, CallLog) {
        let log = CallLog()
        let (app, view) = gestureScreen(log)
        return (app, view, log)
    }

    func states(_ r: GestureRecognizer, _ log: CallLog) {
        r.addTarget(nil) { g in log.add("\(g.state.rawValue)") }
    }

    @Test(arguments: [(9.0, false), (11.0, true)])
    func panBeginsAfterTenPoints(_ distance: Double, _ begins: Bool) {
        let (app, view, _) = screen()
        let pan = PanGestureRecognizer()
        let log = CallLog()
        var velocities: [Double] = []
        pan.addTarget(nil) { [unowned view] g in
            log.add(g.state.rawValue)
            velocities.append((g as! PanGestureRecognizer).velocity(in: view).x)
        }
        view.addGestureRecognizer(pan)
        touch(app, 1, .began, 100, 100, at: 0)
        touch(app, 1, .moved, 100 + distance / 2, 100, at: 0.05)
        touch(app, 1, .moved, 100 + distance, 100, at: 0.1)
        if begins { touch(app, 1, .moved, 100 + distance + 20, 100, at: 0.15) }
        touch(app, 1, .ended, 100 + distance + (begins ? 20 : 0), 100, at: 0.2)
        if begins {
            #expect(log.lines == ["began", "changed", "ended"])
            #expect(velocities.allSatisfy { $0 > 0 }, "moving right: positive velocity \(velocities)")
            #expect(abs(velocities[1] - 400) < 1e-6, "20 points in 0.05 s")
        } else {
            #expect(log.lines.isEmpty, "failed: no action")
        }
    }

    @Test func panTranslationFollowsTheFingerAndCanBeReset() {
        let (app, view, _) = screen()
        let pan = PanGestureRecognizer()
        var seen: [Point] = []
        pan.addTarget(nil) { [unowned view] g in
            let p = g as! PanGestureRecognizer
            seen.append(p.translation(in: view))
            if g.state == .began { p.setTranslation(.zero, in: view) }
        }
        view.addGestureRecognizer(pan)
        touch(app, 1, .began, 100, 100, at: 0)
        touch(app, 1, .moved, 115, 100, at: 0.1)
        touch(app, 1, .moved, 125, 110, at: 0.2)
        #expect(seen == [Point(x: 15, y: 0), Point(x: 10, y: 10)])
    }

    @Test(arguments: [(0.49, false), (0.5, true)])
    func longPressAfterHalfASecond(_ held: Double, _ begins: Bool) {
        let (app, view, _) = screen()
        let press = LongPressGestureRecognizer()
        let log = CallLog()
        states(press, log)
        view.addGestureRecognizer(press)
        touch(app, 1, .began, 100, 100, at: 10)
        app.advanceTime(to: 10 + held)
        #expect(log.lines == (begins ? ["began"] : []))
        touch(app, 1, .moved, 105, 100, at: 10.6)
        touch(app, 1, .ended, 105, 100, at: 10.7)
        if begins {
            #expect(log.lines == ["began", "changed", "ended"])
        } else {
            #expect(log.lines == ["began", "changed", "ended"], "held on past 0.5 s, it begins all the same")
        }
    }

    @Test func longPressFailsWhenTheFingerMovesTooFar() {
        let (app, view, _) = screen()
        let press = LongPressGestureRecognizer()
        let log = CallLog()
        states(press, log)
        view.addGestureRecognizer(press)
        touch(app, 1, .began, 100, 100, at: 0)
        touch(app, 1, .moved, 100, 112, at: 0.2)
        app.advanceTime(to: 1)
        #expect(log.lines.isEmpty)
    }

    @Test func pinchScaleFromTwoDivergingTouches() {
        let (app, view, _) = screen()
        let pinch = PinchGestureRecognizer()
        var scales: [Double] = []
        pinch.addTarget(nil) { g in scales.append((g as! PinchGestureRecognizer).scale) }
        view.addGestureRecognizer(pinch)
        view.isMultipleTouchEnabled = true
        app.handleTouches(
            [
                TouchUpdate(identifier: 1, phase: .began, location: Point(x: 150, y: 200)),
                TouchUpdate(identifier: 2, phase: .began, location: Point(x: 250, y: 200)),
            ], timestamp: 0)
        app.handleTouches(
            [
                TouchUpdate(identifier: 1, phase: .moved, location: Point(x: 125, y: 200)),
                TouchUpdate(identifier: 2, phase: .moved, location: Point(x: 275, y: 200)),
            ], timestamp: 0.1)
        app.handleTouches(
            [
                TouchUpdate(identifier: 1, phase: .moved, location: Point(x: 100, y: 200)),
                TouchUpdate(identifier: 2, phase: .moved, location: Point(x: 300, y: 200)),
            ], timestamp: 0.2)
        #expect(scales == [1.5, 2.0])
        #expect(pinch.velocity == 5, "0.5 per 0.1 s")
    }

    @Test func rotationOfTwoTouches() {
        let (app, view, _) = screen()
        let rotation = RotationGestureRecognizer()
        var angles: [Double] = []
        rotation.addTarget(nil) { g in angles.append((g as! RotationGestureRecognizer).rotation) }
        view.addGestureRecognizer(rotation)
        view.isMultipleTouchEnabled = true
        app.handleTouches(
            [
                TouchUpdate(identifier: 1, phase: .began, location: Point(x: 100, y: 200)),
                TouchUpdate(identifier: 2, phase: .began, location: Point(x: 300, y: 200)),
            ], timestamp: 0)
        // Turn the pair a quarter clockwise about (200, 200).
        app.handleTouches(
            [
                TouchUpdate(identifier: 1, phase: .moved, location: Point(x: 200, y: 100)),
                TouchUpdate(identifier: 2, phase: .moved, location: Point(x: 200, y: 300)),
            ], timestamp: 0.1)
        #expect(angles.count == 1)
        #expect(abs(angles[0] - .pi / 2) < 1e-9)
    }

    static let swipes: [(SwipeGestureRecognizer.Direction, Double, Double, Bool)] = [
        (.right, 80, 0, true),
        (.right, -80, 0, false),
        ([.left, .right], -80, 0, true),
        (.up, 0, -80, true),
        (.right, 0, 80, false),
        (.right, 80, 60, false),  // 37° off the axis
    ]

    @Test(arguments: 0..<6)
    func swipeDirections(_ i: Int) {
        let (direction, dx, dy, recognizes) = Self.swipes[i]
        let (app, view, _) = screen()
        let swipe = SwipeGestureRecognizer()
        swipe.direction = direction
        var fired = 0
        swipe.addTarget(nil) { _ in fired += 1 }
        view.addGestureRecognizer(swipe)
        touch(app, 1, .began, 200, 400, at: 0)
        touch(app, 1, .moved, 200 + dx, 400 + dy, at: 0.1)
        touch(app, 1, .ended, 200 + dx, 400 + dy, at: 0.15)
        #expect(fired == (recognizes ? 1 : 0))
    }

    @Test func aSlowStrokeIsNoSwipe() {
        let (app, view, _) = screen()
        let swipe = SwipeGestureRecognizer()
        var fired = 0
        swipe.addTarget(nil) { _ in fired += 1 }
        view.addGestureRecognizer(swipe)
        touch(app, 1, .began, 100, 400, at: 0)
        touch(app, 1, .moved, 190, 400, at: 0.6)
        #expect(fired == 0)
    }

    @Test func unplugMidPanCancelsItWithALastAction() {
        let (app, view, _) = screen()
        let pan = PanGestureRecognizer()
        let log = CallLog()
        states(pan, log)
        view.addGestureRecognizer(pan)
        touch(app, 1, .began, 100, 100, at: 0)
        touch(app, 1, .moved, 150, 100, at: 0.1)
        app.cancelAllTouches(timestamp: 0.2)
        #expect(log.lines == ["began", "cancelled"])
        #expect(pan.state == .possible, "reset after the sequence")
    }

    @Test func threeRecognizersWithChainedFailureRequirements() {
        // triple tap > double tap > single tap: each waits for the next bigger one to fail.
        let (app, view, _) = screen()
        let log = CallLog()
        let single = LoggingTap("single", log: log)
        let double = LoggingTap("double", log: log)
        let triple = LoggingTap("triple", log: log)
        double.numberOfTapsRequired = 2
        triple.numberOfTapsRequired = 3
        single.require(toFail: double)
        double.require(toFail: triple)
        for r in [single, double, triple] { view.addGestureRecognizer(r) }
        for (i, t) in [0.0, 0.2].enumerated() {
            touch(app, UInt64(i + 1), .began, 100, 100, at: t)
            touch(app, UInt64(i + 1), .ended, 100, 100, at: t + 0.05)
        }
        app.advanceTime(to: 2)
        #expect(log.lines.filter { $0.hasPrefix("action") } == ["action double ended"])
    }
}
