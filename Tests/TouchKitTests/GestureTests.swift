import Testing
import TouchKit

/// A tap recognizer that logs what it sees.
final class LoggingTap: TapGestureRecognizer {
    let log: CallLog
    init(_ name: String, log: CallLog) {
        self.log = log
        super.init(name: name)
        addTarget(nil) { r in log.add("action \(r.name) \(r.state.rawValue)") }
    }
    override func touchesBegan(_ t: Set<Touch>, with e: Event) {
        log.add("\(name).touchesBegan")
        super.touchesBegan(t, with: e)
    }
    override func touchesEnded(_ t: Set<Touch>, with e: Event) {
        log.add("\(name).touchesEnded")
        super.touchesEnded(t, with: e)
    }
}

/// A window with one full-size logging view.
func gestureScreen(_ log: CallLog) -> (Application, LoggingView) {
    let (app, _, vc) = makeScreen(log: log)
    let v = LoggingView("View", frame: Rect(x: 0, y: 0, width: 400, height: 800), log: log)
    v.handles = true
    v.logsPointInside = false
    vc.view.addSubview(v)
    return (app, v)
}

@Suite("Gesture recognizers and touch delivery")
struct GestureDeliveryTests {
    @Test func aTapCancelsTheViewsTouchInTheSeedsOrder() {
        let log = CallLog()
        let (app, view) = gestureScreen(log)
        view.addGestureRecognizer(LoggingTap("tap", log: log))
        touch(app, 1, .began, 100, 100, at: 0)
        touch(app, 1, .ended, 101, 100, at: 0.1)
        // Recognizer first, then the view; on lift the recognizer recognizes, its action
        // runs, then the view's touch is cancelled — never ended.
        #expect(
            log.lines == [
                "tap.touchesBegan", "View.touchesBegan 1", "tap.touchesEnded", "action tap ended",
                "View.touchesCancelled 1",
            ])
    }

    @Test func aTapRecognizedAfterItsLiftCancelsTheWithheldTouchUp() {
        // delaysTouchesEnded: "if the gesture recognizer subsequently recognizes its gesture,
        // these touch objects are cancelled". A single tap waiting for a double tap to fail
        // recognizes 0.35 s after the lift, with no touch left to follow.
        let log = CallLog()
        let (app, view) = gestureScreen(log)
        let single = LoggingTap("single", log: log)
        let double = TapGestureRecognizer(name: "double")
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        var recognizedAt: Point?
        single.addTarget(nil) { [unowned view] r in recognizedAt = r.location(in: view) }
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        touch(app, 1, .began, 100, 100, at: 0)
        touch(app, 1, .ended, 100, 100, at: 0.05)
        #expect(
            log.lines == ["single.touchesBegan", "View.touchesBegan 1", "single.touchesEnded"],
            "the touch-up is withheld")
        app.advanceTime(to: 0.5)
        #expect(Array(log.lines.dropFirst(3)) == ["action single ended", "View.touchesCancelled 1"])
        #expect(recognizedAt == Point(x: 100, y: 100), "where the tap was, with no touch left")
    }

    @Test func withoutCancelsTouchesInViewTheViewSeesTheEnd() {
        let log = CallLog()
        let (app, view) = gestureScreen(log)
        let tap = LoggingTap("tap", log: log)
        tap.cancelsTouchesInView = false
        view.addGestureRecognizer(tap)
        touch(app, 1, .began, 100, 100, at: 0)
        touch(app, 1, .ended, 100, 100, at: 0.1)
        #expect(
            log.lines == [
                "tap.touchesBegan", "View.touchesBegan 1", "tap.touchesEnded", "action tap ended",
                "View.touchesEnded 1",
            ])
    }

    @Test func delaysTouchesBeganKeepsTheViewOutOfARecognizedTap() {
        let log = CallLog()
        let (app, view) = gestureScreen(log)
        let tap = LoggingTap("tap", log: log)
        tap.delaysTouchesBegan = true
        view.addGestureRecognizer(tap)
        touch(app, 1, .began, 100, 100, at: 0)
        touch(app, 1, .ended, 100, 100, at: 0.1)
        #expect(
            log.lines == ["tap.touchesBegan", "tap.touchesEnded", "action tap ended"], "the withheld touch is discarded"
        )
    }

    @Test func aFailingRecognizerReleasesWithheldTouchesLateInOrder() {
        let log = CallLog()
        let (app, view) = gestureScreen(log)
        let tap = LoggingTap("tap", log: log)
        tap.delaysTouchesBegan = true
        view.addGestureRecognizer(tap)
        touch(app, 1, .began, 100, 100, at: 0)
        #expect(log.lines == ["tap.touchesBegan"])
        touch(app, 1, .moved, 130, 100, at: 0.1)  // beyond 10 pt: the tap fails
        touch(app, 1, .ended, 130, 100, at: 0.2)
        #expect(log.lines == ["tap.touchesBegan", "View.touchesBegan 1", "View.touchesMoved 1", "View.touchesEnded 1"])
        #expect(tap.state == .possible, "reset after the sequence")
    }

    @Test func touchesEndedWaitsForAnUndecidedRecognizer() {
        let log = CallLog()
        let (app, view) = gestureScreen(log)
        let double = LoggingTap("double", log: log)
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(double)
        touch(app, 1, .began, 100, 100, at: 0)
        touch(app, 1, .ended, 100, 100, at: 0.1)
        #expect(!log.lines.contains("View.touchesEnded 1"), "withheld while a second tap may come")
        app.advanceTime(to: 0.46)  // the double tap times out
        #expect(log.lines.last == "View.touchesEnded 1")
        #expect(double.state == .possible)
    }

    @Test func singleTapRequiringTheDoubleTapToFail() {
        let log = CallLog()
        let (app, view) = gestureScreen(log)
        let single = LoggingTap("single", log: log)
        let double = LoggingTap("double", log: log)
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        var recognizedAt: Point?
        single.addTarget(nil) { [unowned view] r in recognizedAt = r.location(in: view) }
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        // One tap: the single tap waits for the double tap to time out, then recognizes.
        touch(app, 1, .began, 100, 100, at: 0)
        touch(app, 1, .ended, 100, 100, at: 0.05)
        #expect(!log.lines.contains { $0.hasPrefix("action") })
        app.advanceTime(to: 0.5)
        #expect(log.lines.filter { $0.hasPrefix("action") } == ["action single ended"])
        #expect(recognizedAt == view.convert(Point(x: 100, y: 100), from: nil), "where the tap was, in the view")
        // Two quick taps: the double tap wins, the single tap fails.
        log.lines.removeAll()
        touch(app, 2, .began, 200, 200, at: 2)
        touch(app, 2, .ended, 200, 200, at: 2.05)
        touch(app, 3, .began, 202, 200, at: 2.2)
        touch(app, 3, .ended, 202, 200, at: 2.25)
        app.advanceTime(to: 3)
        #expect(log.lines.filter { $0.hasPrefix("action") } == ["action double ended"])
    }

    @Test func twoRecognizersAllowedToRecognizeSimultaneouslyBothFire() {
        final class Both: GestureRecognizerDelegate {
            func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith o: GestureRecognizer)
                -> Bool
            { true }
        }
        let log = CallLog()
        let (app, view) = gestureScreen(log)
        let a = LoggingTap("a", log: log)
        let b = LoggingTap("b", log: log)
        view.addGestureRecognizer(a)
        view.superview!.addGestureRecognizer(b)
        touch(app, 1, .began, 100, 100, at: 0)
        touch(app, 1, .ended, 100, 100, at: 0.1)
        #expect(log.lines.filter { $0.hasPrefix("action") } == ["action a ended"], "without permission only one wins")
        let both = Both()
        a.delegate = both
        log.lines.removeAll()
        touch(app, 2, .began, 100, 100, at: 5)
        touch(app, 2, .ended, 100, 100, at: 5.1)
        #expect(Set(log.lines.filter { $0.hasPrefix("action") }) == ["action a ended", "action b ended"])
    }

    @Test func recognizersOfAncestorsSeeTheTouchBeforeTheView() {
        let log = CallLog()
        let (app, view) = gestureScreen(log)
        let far = LoggingTap("ancestor", log: log)
        view.window!.addGestureRecognizer(far)
        touch(app, 1, .began, 100, 100, at: 0)
        #expect(log.lines == ["ancestor.touchesBegan", "View.touchesBegan 1"])
        let t = view.window!.gestureRecognizers
        #expect(t.count == 1)
    }

    @Test func theDelegateCanKeepARecognizerFromBeginningOrFromSeeingATouch() {
        final class Refuse: GestureRecognizerDelegate {
            var begin = true, receive = true
            func gestureRecognizerShouldBegin(_ r: GestureRecognizer) -> Bool { begin }
            func gestureRecognizer(_ r: GestureRecognizer, shouldReceive t: Touch) -> Bool { receive }
        }
        let log = CallLog()
        let (app, view) = gestureScreen(log)
        let tap = LoggingTap("tap", log: log)
        let d = Refuse()
        tap.delegate = d
        view.addGestureRecognizer(tap)
        d.begin = false
        touch(app, 1, .began, 100, 100, at: 0)
        touch(app, 1, .ended, 100, 100, at: 0.1)
        #expect(!log.lines.contains { $0.hasPrefix("action") })
        #expect(log.lines.last == "View.touchesEnded 1")
        d.begin = true
        d.receive = false
        log.lines.removeAll()
        touch(app, 2, .began, 100, 100, at: 1)
        touch(app, 2, .ended, 100, 100, at: 1.1)
        #expect(log.lines == ["View.touchesBegan 1", "View.touchesEnded 1"])
    }

    @Test func anIllegalTransitionIsAProgrammingError() async {
        await #expect(processExitsWith: .failure) {
            let r = GestureRecognizer(name: "bad")
            r.state = .changed  // possible → changed skips began
        }
        #expect(GestureRecognizer.State.recognized == .ended)
    }
}
