import Testing
import TouchKit

@Suite("Touch dispatch")
struct DispatchTests {
    /// Two side-by-side views in a window's root view.
    func twoViews(_ log: CallLog) -> (Application, Window, LoggingView, LoggingView) {
        let (app, window, vc) = makeScreen(log: log)
        let left = LoggingView("Left", frame: Rect(x: 0, y: 0, width: 200, height: 400), log: log)
        let right = LoggingView("Right", frame: Rect(x: 200, y: 0, width: 200, height: 400), log: log)
        left.handles = true
        right.handles = true
        vc.view.addSubview(left)
        vc.view.addSubview(right)
        return (app, window, left, right)
    }

    func calls(_ log: CallLog) -> [String] { log.lines.filter { $0.contains("touches") } }

    @Test func eachViewGetsOneCallPerPhaseAndStationaryTouchesGetNone() {
        let log = CallLog()
        let (app, _, left, right) = twoViews(log)
        left.isMultipleTouchEnabled = true
        app.handleTouches(
            [
                TouchUpdate(identifier: 1, phase: .began, location: Point(x: 10, y: 10)),
                TouchUpdate(identifier: 2, phase: .began, location: Point(x: 20, y: 10)),
                TouchUpdate(identifier: 3, phase: .began, location: Point(x: 300, y: 10)),
            ], timestamp: 0)
        #expect(calls(log) == ["Left.touchesBegan 2", "Right.touchesBegan 1"])
        log.lines.removeAll()
        // 1 moves, 2 lifts, 3 stays put.
        app.handleTouches(
            [
                TouchUpdate(identifier: 1, phase: .moved, location: Point(x: 12, y: 10)),
                TouchUpdate(identifier: 2, phase: .ended, location: Point(x: 20, y: 10)),
            ], timestamp: 0.01)
        #expect(calls(log) == ["Left.touchesMoved 1", "Left.touchesEnded 1"])
        _ = right
    }

    /// A view that records which touches each touchesMoved call carries (by window location's x).
    final class MovedRecorder: View {
        var moved: [[Double]] = []
        override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
            moved.append(touches.map { $0.location(in: nil).x }.sorted())
        }
    }

    @Test func touchesMovedCarriesExactlyTheTouchesThatMovedInItsFrame() {
        // The moved set is kept from frame to frame while the same touches move: it must
        // change as soon as which touches move does, in either view, and hold none that ended.
        let (app, _, vc) = makeScreen(log: CallLog())
        let a = MovedRecorder(frame: Rect(x: 0, y: 0, width: 200, height: 400))
        let b = MovedRecorder(frame: Rect(x: 200, y: 0, width: 200, height: 400))
        a.isMultipleTouchEnabled = true
        b.isMultipleTouchEnabled = true
        vc.view.addSubview(a)
        vc.view.addSubview(b)
        func frame(_ t: Double, _ updates: [(UInt64, Touch.Phase, Double)]) {
            app.handleTouches(
                updates.map { TouchUpdate(identifier: $0.0, phase: $0.1, location: Point(x: $0.2, y: 10)) },
                timestamp: t)
        }
        frame(0, [(1, .began, 10), (2, .began, 20), (3, .began, 300)])
        frame(0.01, [(1, .moved, 11), (2, .moved, 21)])
        frame(0.02, [(1, .moved, 12), (2, .moved, 22)])
        frame(0.03, [(1, .moved, 13)])  // 2 rests
        frame(0.04, [(2, .moved, 23), (3, .moved, 301)])  // the other one, and the other view
        frame(0.05, [(1, .ended, 13), (2, .moved, 24), (3, .moved, 302)])
        frame(0.06, [(2, .moved, 25), (3, .moved, 303)])
        frame(0.07, [(2, .ended, 25), (3, .moved, 304)])
        frame(0.08, [(3, .moved, 305)])
        #expect(a.moved == [[11, 21], [12, 22], [13], [23], [24], [25]])
        #expect(b.moved == [[301], [302], [303], [304], [305]])
    }

    @Test func touchesThatEndedAreNotKeptByTheDelivery() {
        // After its last frame a touch is held by nothing of the window's delivery.
        weak var gone: Touch?
        let (app, _, vc) = makeScreen(log: CallLog())
        let v = MovedRecorder(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        vc.view.addSubview(v)
        do {
            touch(app, 1, .began, 10, 10, at: 0)
            touch(app, 1, .moved, 12, 10, at: 0.01)
            touch(app, 1, .moved, 14, 10, at: 0.02)
            gone = app.activeTouches.first
            #expect(gone != nil)
            touch(app, 1, .ended, 14, 10, at: 0.03)
        }
        #expect(gone == nil)
        #expect(v.moved.count == 2)
    }

    @Test func aViewWithoutMultipleTouchGetsOnlyTheFirstTouch() {
        let log = CallLog()
        let (app, _, left, _) = twoViews(log)
        touch(app, 1, .began, 10, 10, at: 0)
        touch(app, 2, .began, 50, 50, at: 0.5)
        touch(app, 2, .moved, 55, 50, at: 0.6)
        touch(app, 2, .ended, 55, 50, at: 0.7)
        #expect(calls(log) == ["Left.touchesBegan 1"], "the second touch is never delivered")
        left.isMultipleTouchEnabled = true
        touch(app, 3, .began, 60, 60, at: 1)
        #expect(calls(log).last == "Left.touchesBegan 1")
        #expect(calls(log).count == 2)
    }

    @Test func exclusiveTouchBlocksOtherViewsOfTheWindowAndViceVersa() {
        let log = CallLog()
        let (app, _, left, _) = twoViews(log)
        left.isExclusiveTouch = true
        touch(app, 1, .began, 10, 10, at: 0)
        touch(app, 2, .began, 300, 10, at: 0.5)
        #expect(calls(log) == ["Left.touchesBegan 1"], "Right is blocked while Left tracks")
        touch(app, 1, .ended, 10, 10, at: 1)
        touch(app, 2, .ended, 300, 10, at: 1)
        log.lines.removeAll()
        touch(app, 3, .began, 300, 10, at: 2)
        touch(app, 4, .began, 10, 10, at: 2.5)
        #expect(calls(log) == ["Right.touchesBegan 1"], "an exclusive view gets nothing while another view tracks")
    }

    @Test func exclusiveTouchDoesNotReachIntoAnotherWindow() {
        let log = CallLog()
        let (app, _, left, _) = twoViews(log)
        left.isExclusiveTouch = true
        let overlay = Window(frame: Rect(x: 0, y: 400, width: 400, height: 400), name: "Overlay")
        let panel = LoggingView("Panel", frame: Rect(x: 0, y: 0, width: 400, height: 400), log: log)
        panel.handles = true
        overlay.addSubview(panel)
        app.addWindow(overlay)
        touch(app, 1, .began, 10, 10, at: 0)
        touch(app, 2, .began, 10, 500, at: 0.5)
        #expect(calls(log) == ["Left.touchesBegan 1", "Panel.touchesBegan 1"])
        #expect(app.windows.count == 2)
    }

    @Test func aTouchKeepsItsViewWhenTheFingerLeavesIt() throws {
        let log = CallLog()
        let (app, window, left, right) = twoViews(log)
        var seen: Touch?
        final class Grab: View {
            var onBegan: (Touch) -> Void = { _ in }
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { onBegan(touches.first!) }
        }
        let grab = Grab(frame: Rect(x: 50, y: 50, width: 50, height: 50), name: "grab")
        grab.onBegan = { seen = $0 }
        left.addSubview(grab)
        touch(app, 1, .began, 60, 70, at: 0)
        touch(app, 1, .moved, 350, 300, at: 0.1)
        let t = try #require(seen)
        #expect(t.view === grab)
        #expect(t.window === window)
        #expect(t.location(in: nil) == Point(x: 350, y: 300))
        #expect(t.location(in: grab) == Point(x: 300, y: 250))
        #expect(t.previousLocation(in: grab) == Point(x: 10, y: 20))
        #expect(t.location(in: right) == Point(x: 150, y: 300))
    }

    @Test func oneEventObjectServesTheWholeSequence() throws {
        final class Recorder: View {
            var events: [Event] = []  // held: a freed event's address may be reused
            var all: [Int] = []
            var mine: [Int] = []
            override func touchesBegan(_ t: Set<Touch>, with e: Event?) { note(e) }
            override func touchesMoved(_ t: Set<Touch>, with e: Event?) { note(e) }
            override func touchesEnded(_ t: Set<Touch>, with e: Event?) { note(e) }
            func note(_ e: Event?) {
                events.append(e!)
                all.append(e!.allTouches!.count)
                mine.append(e!.touches(for: self)!.count)
            }
        }
        let log = CallLog()
        let (app, window, vc) = makeScreen(log: log)
        let r = Recorder(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "r")
        vc.view.addSubview(r)
        touch(app, 1, .began, 10, 10, at: 0)
        touch(app, 2, .began, 300, 300, at: 0.1)  // lands on the controller's view
        touch(app, 1, .moved, 12, 10, at: 0.2)
        touch(app, 1, .ended, 12, 10, at: 0.3)
        touch(app, 2, .ended, 300, 300, at: 0.3)
        touch(app, 3, .began, 10, 10, at: 5)
        #expect(r.events[0] === r.events[1], "began, moved, ended: one event")
        #expect(r.events[1] === r.events[2], "began, moved, ended: one event")
        #expect(r.events[3] !== r.events[0], "a new sequence, a new event")
        #expect(r.all == [1, 2, 2, 1])
        #expect(r.mine == [1, 1, 1, 1])
        _ = window
    }

    @Test func aViewRemovedWhileTrackingGetsItsTouchesCancelled() {
        let log = CallLog()
        let (app, _, left, _) = twoViews(log)
        touch(app, 1, .began, 10, 10, at: 0)
        left.removeFromSuperview()
        #expect(calls(log) == ["Left.touchesBegan 1", "Left.touchesCancelled 1"])
        touch(app, 1, .moved, 20, 10, at: 0.1)
        touch(app, 1, .ended, 20, 10, at: 0.2)
        #expect(calls(log).count == 2, "nothing more for that touch")
    }

    @Test func touchesCancelledByTheApplicationReachTouchesCancelled() {
        let log = CallLog()
        let (app, _, left, right) = twoViews(log)
        touch(app, 1, .began, 10, 10, at: 0)
        touch(app, 2, .began, 300, 10, at: 0)
        app.cancelAllTouches(timestamp: 1)
        #expect(calls(log).suffix(2) == ["Left.touchesCancelled 1", "Right.touchesCancelled 1"])
        app.cancelAllTouches(timestamp: 2)
        #expect(calls(log).count == 4, "nothing left to cancel")
        _ = (left, right)
    }

    @Test func tapCountCountsQuickTapsInTheSamePlace() throws {
        final class Taps: View {
            var counts: [Int] = []
            override func touchesBegan(_ t: Set<Touch>, with e: Event?) { counts.append(t.first!.tapCount) }
        }
        let log = CallLog()
        let (app, _, vc) = makeScreen(log: log)
        let v = Taps(frame: Rect(x: 0, y: 0, width: 400, height: 800), name: "taps")
        vc.view.addSubview(v)
        var t = 0.0
        func tap(_ id: UInt64, _ x: Double, after dt: Double) {
            t += dt
            touch(app, id, .began, x, 100, at: t)
            touch(app, id, .ended, x, 100, at: t + 0.05)
        }
        tap(1, 100, after: 0)
        tap(2, 110, after: 0.3)  // within 0.35 s and 30 pt: 2
        tap(3, 115, after: 0.3)  // 3
        tap(4, 200, after: 0.3)  // too far: 1
        tap(5, 200, after: 0.36)  // too late: 1
        tap(6, 229, after: 0.2)  // 29 pt: 2
        #expect(v.counts == [1, 2, 3, 1, 1, 2])
    }
}

@Suite("First responder, motion and remote control")
struct FirstResponderTests {
    final class Field: View {
        override var canBecomeFirstResponder: Bool { true }
        var refuseResign = false
        override var canResignFirstResponder: Bool { !refuseResign }
    }

    @Test func firstResponderIsPerWindow() {
        let log = CallLog()
        let (app, window, vc) = makeScreen(log: log)
        let a = Field(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "a")
        let b = Field(frame: Rect(x: 0, y: 20, width: 10, height: 10), name: "b")
        let plain = View(frame: .zero, name: "plain")
        vc.view.addSubview(a)
        vc.view.addSubview(b)
        vc.view.addSubview(plain)
        #expect(!plain.becomeFirstResponder())
        #expect(a.becomeFirstResponder())
        #expect(a.isFirstResponder)
        #expect(window.firstResponder === a)
        a.refuseResign = true
        #expect(!b.becomeFirstResponder(), "a refuses to resign")
        #expect(a.isFirstResponder, "a refuses to resign")
        a.refuseResign = false
        #expect(b.becomeFirstResponder())
        #expect(!a.isFirstResponder)
        #expect(app.firstResponder === b)
        let other = Window(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "other")
        app.addWindow(other)
        let c = Field(frame: .zero, name: "c")
        other.addSubview(c)
        #expect(c.becomeFirstResponder(), "each window has its own")
        #expect(b.isFirstResponder, "each window has its own")
        #expect(b.resignFirstResponder())
        #expect(window.firstResponder == nil)
        let orphan = Field(frame: .zero, name: "orphan")
        #expect(!orphan.becomeFirstResponder(), "not in a window")
    }

    @Test func motionAndRemoteControlTravelUpTheChain() {
        let log = CallLog()
        let (app, _, vc) = makeScreen(log: log)
        app.delegate = LoggingResponder("Delegate", log: log)
        let v = View(frame: .zero, name: "v")
        vc.view.addSubview(v)
        v.motionBegan(.motionShake, with: Event(type: .motion, subtype: .motionShake, timestamp: 0))
        v.remoteControlReceived(with: Event(type: .remoteControl, subtype: .remoteControlPlay, timestamp: 0))
        #expect(log.lines == ["Delegate.motionBegan", "Delegate.remoteControlReceived"])
    }
}
