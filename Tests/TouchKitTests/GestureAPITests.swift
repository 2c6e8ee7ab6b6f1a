import Testing
import TouchKit

@Suite("Gesture recognizer API")
struct GestureAPITests {
    @Test func delegateFailureRequirementWorksLikeRequireToFail() {
        final class WaitForDouble: GestureRecognizerDelegate {
            let double: GestureRecognizer
            init(_ d: GestureRecognizer) { double = d }
            func gestureRecognizer(_ r: GestureRecognizer, shouldRequireFailureOf o: GestureRecognizer) -> Bool {
                o === double
            }
        }
        let log = CallLog()
        let (app, view) = gestureScreen(log)
        let single = LoggingTap("single", log: log)
        let double = LoggingTap("double", log: log)
        double.numberOfTapsRequired = 2
        let d = WaitForDouble(double)
        single.delegate = d
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        touch(app, 1, .began, 50, 50, at: 0)
        touch(app, 1, .ended, 50, 50, at: 0.05)
        touch(app, 2, .began, 50, 50, at: 0.2)
        touch(app, 2, .ended, 50, 50, at: 0.25)
        app.advanceTime(to: 1)
        #expect(log.lines.filter { $0.hasPrefix("action") } == ["action double ended"])
    }

    @Test func aRecognizerThatCannotBePreventedRecognizesToo() {
        final class Stubborn: TapGestureRecognizer {
            override func canBePrevented(by other: GestureRecognizer) -> Bool { false }
        }
        let log = CallLog()
        let (app, view) = gestureScreen(log)
        let first = LoggingTap("first", log: log)
        let stubborn = Stubborn(name: "stubborn")
        stubborn.addTarget(nil) { r in log.add("action \(r.name) \(r.state.rawValue)") }
        view.addGestureRecognizer(first)
        view.superview!.addGestureRecognizer(stubborn)
        touch(app, 1, .began, 50, 50, at: 0)
        touch(app, 1, .ended, 50, 50, at: 0.05)
        #expect(Set(log.lines.filter { $0.hasPrefix("action") }) == ["action first ended", "action stubborn ended"])
    }

    @Test func anIgnoredTouchIsNotDeliveredAgain() {
        final class IgnoreFirst: GestureRecognizer {
            var seen: [String] = []
            override func touchesBegan(_ t: Set<Touch>, with e: Event) {
                seen.append("began")
                for x in t { ignore(x, for: e) }
            }
            override func touchesMoved(_ t: Set<Touch>, with e: Event) { seen.append("moved") }
            override func touchesEnded(_ t: Set<Touch>, with e: Event) { seen.append("ended") }
        }
        let log = CallLog()
        let (app, view) = gestureScreen(log)
        let r = IgnoreFirst(name: "ignorer")
        view.addGestureRecognizer(r)
        touch(app, 1, .began, 50, 50, at: 0)
        touch(app, 1, .moved, 60, 50, at: 0.05)
        touch(app, 1, .ended, 60, 50, at: 0.1)
        #expect(r.seen == ["began"])
        #expect(log.lines == ["View.touchesBegan 1", "View.touchesMoved 1", "View.touchesEnded 1"])
    }

    @Test func locationsAndTouchCount() {
        let log = CallLog()
        let (app, view) = gestureScreen(log)
        view.isMultipleTouchEnabled = true
        let inner = View(frame: Rect(x: 100, y: 100, width: 200, height: 200), name: "inner")
        inner.isMultipleTouchEnabled = true  // both touches land on inner
        view.addSubview(inner)
        var snapshot: (Int, Point, Point, Point)?
        final class Probe: GestureRecognizer {
            var onMove: (Probe) -> Void = { _ in }
            override func touchesMoved(_ t: Set<Touch>, with e: Event) { onMove(self) }
        }
        let probe = Probe(name: "probe")
        probe.onMove = { p in
            snapshot = (
                p.numberOfTouches, p.location(in: nil), p.location(in: inner), p.location(ofTouch: 0, in: inner)
            )
        }
        view.addGestureRecognizer(probe)
        app.handleTouches(
            [
                TouchUpdate(identifier: 1, phase: .began, location: Point(x: 110, y: 110)),
                TouchUpdate(identifier: 2, phase: .began, location: Point(x: 130, y: 150)),
            ], timestamp: 0)
        app.handleTouches([TouchUpdate(identifier: 1, phase: .moved, location: Point(x: 120, y: 110))], timestamp: 0.1)
        let s = try! #require(snapshot)
        #expect(s.0 == 2)
        #expect(s.1 == Point(x: 125, y: 130), "the centroid")
        #expect(s.2 == Point(x: 25, y: 30))
        #expect(s.3 == Point(x: 20, y: 10))
    }

    @Test func recognizersSeveralLevelsUpAreTheTouchsRecognizers() throws {
        let log = CallLog()
        let (app, view) = gestureScreen(log)
        let mid = View(frame: Rect(x: 0, y: 0, width: 300, height: 300), name: "mid")
        let leaf = View(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "leaf")
        view.addSubview(mid)
        mid.addSubview(leaf)
        let onLeaf = TapGestureRecognizer(name: "leaf")
        let onView = TapGestureRecognizer(name: "view")
        let onWindow = PanGestureRecognizer(name: "window")
        leaf.addGestureRecognizer(onLeaf)
        view.addGestureRecognizer(onView)
        view.window!.addGestureRecognizer(onWindow)
        final class Catch: View {
            var touch: Touch?
            override func touchesBegan(_ t: Set<Touch>, with e: Event?) { touch = t.first }
        }
        let c = Catch(frame: leaf.bounds, name: "catch")
        leaf.addSubview(c)
        touch(app, 1, .began, 10, 10, at: 0)
        let t = try #require(c.touch)
        #expect(
            t.gestureRecognizers.map(\.name) == ["leaf", "view", "window"],
            "the hit view's own first, then each ancestor's")
    }

    /// Two views side by side that consume their touches; the left one is exclusive.
    func exclusiveLeftAndRight(_ log: CallLog) -> (Application, LoggingView, LoggingView) {
        let (app, _, vc) = makeScreen(log: log)
        let left = LoggingView("Left", frame: Rect(x: 0, y: 0, width: 200, height: 400), log: log)
        let right = LoggingView("Right", frame: Rect(x: 200, y: 0, width: 200, height: 400), log: log)
        for v in [left, right] {
            v.handles = true
            v.logsPointInside = false
            vc.view.addSubview(v)
        }
        left.isExclusiveTouch = true
        return (app, left, right)
    }

    /// UIKit's `isExclusiveTouch` decides which views get touches; recognizers ignore it.
    /// Left is exclusive and tracks a touch; Right may not get the second touch, its tap
    /// recognizer still sees it and recognizes.
    @Test func aRecognizerOnAnotherViewRecognizesWhileAnExclusiveViewTracks() {
        let log = CallLog()
        let (app, _, right) = exclusiveLeftAndRight(log)
        right.addGestureRecognizer(LoggingTap("tap", log: log))
        touch(app, 1, .began, 10, 10, at: 0)
        touch(app, 2, .began, 300, 10, at: 0.05)
        touch(app, 2, .ended, 300, 10, at: 0.1)
        #expect(
            log.lines == ["Left.touchesBegan 1", "tap.touchesBegan", "tap.touchesEnded", "action tap ended"],
            "the blocked touch never reaches Right, but its recognizer: \(log.lines)")
    }

    /// The other way round: Right tracks a touch, so the exclusive Left may not get a second
    /// one; Left's own tap recognizer still recognizes it.
    @Test func aRecognizerOnAnExclusiveViewRecognizesATouchTheViewMayNotGet() {
        let log = CallLog()
        let (app, left, _) = exclusiveLeftAndRight(log)
        left.addGestureRecognizer(LoggingTap("tap", log: log))
        touch(app, 1, .began, 300, 10, at: 0)
        touch(app, 2, .began, 10, 10, at: 0.05)
        touch(app, 2, .ended, 10, 10, at: 0.1)
        #expect(
            log.lines == ["Right.touchesBegan 1", "tap.touchesBegan", "tap.touchesEnded", "action tap ended"],
            "Left gets nothing while Right tracks; its recognizer does: \(log.lines)")
    }
}

@Suite("Recognizers on different views do not compete")
struct IndependentRecognizerTests {
    @Test func aTapElsewhereDoesNotFailADoubleTapWaitingForItsSecondTap() {
        let log = CallLog()
        let (app, _, vc) = makeScreen(log: log)
        let left = View(frame: Rect(x: 0, y: 0, width: 200, height: 400), name: "left")
        let right = View(frame: Rect(x: 200, y: 0, width: 200, height: 400), name: "right")
        vc.view.addSubview(left)
        vc.view.addSubview(right)
        let double = LoggingTap("double", log: log)
        double.numberOfTapsRequired = 2
        left.addGestureRecognizer(double)
        right.addGestureRecognizer(LoggingTap("single", log: log))
        touch(app, 1, .began, 50, 50, at: 0)
        touch(app, 1, .ended, 50, 50, at: 0.05)
        touch(app, 2, .began, 300, 50, at: 0.1)
        touch(app, 2, .ended, 300, 50, at: 0.15)  // the other view
        touch(app, 3, .began, 52, 50, at: 0.25)
        touch(app, 3, .ended, 52, 50, at: 0.3)
        app.advanceTime(to: 2)
        #expect(log.lines.filter { $0.hasPrefix("action") } == ["action single ended", "action double ended"])
    }
}
