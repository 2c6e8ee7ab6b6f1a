import Testing
import TouchKit

/// The hit-testing and responder-chain scenarios of the seed articles.
@Suite("The seeds' hit-testing scenarios")
struct HitTestingSeedTests {
    /// Window root view A (full screen); subviews B (left) and C (right), C with D (top) and
    /// E (bottom). Subviews are tried last-first, so B is added after C and D after E.
    func abcde(_ log: CallLog) -> (Application, Window, ViewController, [String: LoggingView]) {
        let vc = ViewController(name: "Controller")
        let a = LoggingView("A", frame: Rect(x: 0, y: 0, width: 400, height: 800), log: log)
        vc.view = a
        let (app, window, _) = makeScreen(log: log, controller: vc)
        let c = LoggingView("C", frame: Rect(x: 200, y: 0, width: 200, height: 800), log: log)
        let b = LoggingView("B", frame: Rect(x: 0, y: 0, width: 200, height: 800), log: log)
        let e = LoggingView("E", frame: Rect(x: 0, y: 400, width: 200, height: 400), log: log)
        let d = LoggingView("D", frame: Rect(x: 0, y: 0, width: 200, height: 400), log: log)
        a.addSubview(c)
        a.addSubview(b)
        c.addSubview(e)
        c.addSubview(d)
        return (app, window, vc, ["A": a, "B": b, "C": c, "D": d, "E": e])
    }

    @Test func aTouchInEHitTestsAThenCThenERejectingBAndD() {
        let log = CallLog()
        let (_, window, _, v) = abcde(log)
        let hit = window.hitTest(Point(x: 300, y: 600), with: nil)
        #expect(hit === v["E"])
        #expect(
            log.lines == [
                "A.pointInside yes", "B.pointInside no", "C.pointInside yes", "D.pointInside no", "E.pointInside yes",
            ])
    }

    @Test func theTouchOnEForwardsEToCToAToControllerToWindowToApplicationToDelegate() {
        let log = CallLog()
        let (app, window, vc, v) = abcde(log)
        let delegate = LoggingResponder("Delegate", log: log)
        app.delegate = delegate
        var chain: [String] = []
        var r: Responder? = v["E"]
        while let current = r {
            chain.append(
                (current as? View)?.name ?? (current as? ViewController)?.name
                    ?? (current === app ? "Application" : "Delegate"))
            r = current.next
        }
        #expect(chain == ["E", "C", "A", "Controller", "Window", "Application", "Delegate"])
        #expect(v["A"]!.next === vc)
        #expect(vc.next === window)
        #expect(window.next === app)
        #expect(app.next === delegate)
        log.lines.removeAll()
        touch(app, 1, .began, 300, 600, at: 0)
        #expect(
            log.lines.filter { $0.contains("touches") } == [
                "E.touchesBegan 1", "C.touchesBegan 1", "A.touchesBegan 1", "Delegate.touchesBegan",
            ])
    }

    @Test func hiddenDisabledAndNearlyTransparentViewsAreSkipped() {
        let log = CallLog()
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "root")
        let under = View(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "under")
        let top = View(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "top")
        root.addSubview(under)
        root.addSubview(top)
        let p = Point(x: 50, y: 50)
        #expect(root.hitTest(p, with: nil) === top)
        top.isHidden = true
        #expect(root.hitTest(p, with: nil) === under)
        top.isHidden = false
        top.isUserInteractionEnabled = false
        #expect(root.hitTest(p, with: nil) === under)
        top.isUserInteractionEnabled = true
        top.alpha = 0.009
        #expect(root.hitTest(p, with: nil) === under)
        top.alpha = 0.01
        #expect(root.hitTest(p, with: nil) === top, "alpha 0.01 is still hit")
        _ = log
    }

    @Test func aSubviewOutsideItsSuperviewIsHitOnlyWhenTheSuperviewSaysSo() {
        let log = CallLog()
        let root = LoggingView("root", frame: Rect(x: 0, y: 0, width: 400, height: 400), log: log)
        let parent = LoggingView("parent", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
        let child = LoggingView("child", frame: Rect(x: 150, y: 0, width: 50, height: 50), log: log)  // outside parent
        root.addSubview(parent)
        parent.addSubview(child)
        parent.clipsToBounds = false
        #expect(root.hitTest(Point(x: 160, y: 10), with: nil) === root)
        // The seed's fix: the superview's point(inside:) also asks its subviews.
        parent.insideOverride = { [unowned parent, unowned child] p in
            parent.bounds.contains(p) || child.point(inside: child.convert(p, from: parent), with: nil)
        }
        #expect(root.hitTest(Point(x: 160, y: 10), with: nil) === child)
    }

    @Test func bOverridingPointInsideWinsInsideAButNotOutsideIt() {
        // superview ⊃ A ⊃ B ⊃ C; B and C lie outside A; B's point(inside:) always says yes.
        let log = CallLog()
        let sup = LoggingView("Super", frame: Rect(x: 0, y: 0, width: 400, height: 400), log: log)
        let a = LoggingView("A", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
        let b = LoggingView("B", frame: Rect(x: 150, y: 150, width: 100, height: 100), log: log)
        let c = LoggingView("C", frame: Rect(x: 150, y: 150, width: 50, height: 50), log: log)
        sup.addSubview(a)
        a.addSubview(b)
        b.addSubview(c)
        b.insideOverride = { _ in true }
        #expect(sup.hitTest(Point(x: 50, y: 50), with: nil) === b, "tapping A (outside B): B answers")
        #expect(log.lines.suffix(2) == ["B.pointInside yes", "C.pointInside no"])
        #expect(sup.hitTest(Point(x: 200, y: 200), with: nil) === sup, "tapping B's place outside A: the superview")
    }

    @Test func aCircularButtonMissesItsCorners() {
        let log = CallLog()
        let button = LoggingView("round", frame: Rect(x: 100, y: 100, width: 200, height: 200), log: log)
        button.insideOverride = { p in Point(x: 100, y: 100).distance(to: p) <= 100 }
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 400), name: "root")
        root.addSubview(button)
        #expect(root.hitTest(Point(x: 200, y: 200), with: nil) === button)
        #expect(root.hitTest(Point(x: 110, y: 110), with: nil) === root, "top-left corner")
        #expect(root.hitTest(Point(x: 295, y: 295), with: nil) === root, "bottom-right corner")
        #expect(root.hitTest(Point(x: 200, y: 101), with: nil) === button, "top edge of the circle")
    }

    @Test func theNextChainOfADeepViewEndsAtTheAppDelegate() {
        let log = CallLog()
        let container = ViewController(name: "Navigation")
        let content = ViewController(name: "Content")
        let (app, _, _) = makeScreen(log: log, controller: container)
        app.delegate = LoggingResponder("AppDelegate", log: log)
        container.addChild(content)
        content.view.frame = container.view.bounds
        container.view.addSubview(content.view)
        let l1 = View(frame: Rect(x: 0, y: 0, width: 300, height: 300), name: "Level1")
        let l2 = View(frame: Rect(x: 0, y: 0, width: 200, height: 200), name: "Level2")
        let l3 = View(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "Level3")
        content.view.addSubview(l1)
        l1.addSubview(l2)
        l2.addSubview(l3)
        var printed: [String] = []
        var r: Responder? = l3
        while let current = r {
            printed.append(
                String(
                    describing: current as? CustomStringConvertible ?? (current === app ? "Application" : "AppDelegate")
                ))
            if current === app { printed[printed.count - 1] = "Application" }
            if current === app.delegate as AnyObject { printed[printed.count - 1] = "AppDelegate" }
            r = current.next
        }
        #expect(
            printed == [
                "Level3", "Level2", "Level1", "Content.view", "Content", "Navigation.view", "Navigation", "Window",
                "Application", "AppDelegate",
            ])
    }

    final class Controller: ViewController {
        let log: CallLog
        let callsSuper: Bool
        init(log: CallLog, callsSuper: Bool) {
            self.log = log
            self.callsSuper = callsSuper
            super.init(name: "Controller")
        }
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
            log.add("Controller.touchesBegan")
            if callsSuper {
                log.add("Controller calls super")
                super.touchesBegan(touches, with: event)
                log.add("Controller after super")
            }
        }
    }

    @Test(arguments: [false, true])
    func aControllerOverridingTouchesBeganStopsTheChainUnlessItCallsSuper(_ callsSuper: Bool) {
        let log = CallLog()
        let (app, _, _) = makeScreen(log: log, controller: Controller(log: log, callsSuper: callsSuper))
        app.delegate = LoggingResponder("AppDelegate", log: log)
        touch(app, 1, .began, 10, 10, at: 0)
        if callsSuper {
            #expect(
                log.lines == [
                    "Controller.touchesBegan", "Controller calls super", "AppDelegate.touchesBegan",
                    "Controller after super",
                ])
        } else {
            #expect(log.lines == ["Controller.touchesBegan"])
        }
    }
}
