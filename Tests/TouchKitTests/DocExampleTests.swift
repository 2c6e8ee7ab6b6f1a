import Testing
import TouchKit

/// The Swift examples of docs/touchkit.md, verbatim (scripts/check-docs.py checks that each
/// one is here), run with assertions on what the page says they do.
@Suite("The documentation's Swift examples")
struct DocExampleTests {
    @Test func aViewSubclassGetsTheTouchInItsOwnCoordinates() throws {
        final class Buy: View {
            override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
                print("bought at", touches.first!.location(in: self))
            }
        }

        let app = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 1280, height: 800))
        app.addWindow(window)
        window.rootViewController = ViewController(name: "Shop")
        window.makeKeyAndVisible()
        window.rootViewController!.view.addSubview(
            Buy(frame: Rect(x: 100, y: 100, width: 200, height: 80), name: "Buy"))

        // The input side (the daemon, or a test) feeds frames of contacts in screen points:
        app.handleTouches([TouchUpdate(identifier: 1, phase: .began, location: Point(x: 150, y: 120))], timestamp: 0.00)
        app.handleTouches([TouchUpdate(identifier: 1, phase: .ended, location: Point(x: 150, y: 120))], timestamp: 0.08)
        // prints: bought at (50.0, 20.0)

        let buy = try #require(window.rootViewController!.view.subviews.first as? Buy)
        #expect(app.hitTest(Point(x: 150, y: 120), with: nil) === buy, "the touch goes to Buy")
        #expect(
            buy.convert(Point(x: 150, y: 120), from: nil) == Point(x: 50, y: 20), "at (50, 20) in Buy's coordinates")
    }

    @Test func aSingleTapWaitsForTheDoubleTapToFail() {
        let app = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        app.addWindow(window)
        window.makeKeyAndVisible()
        let panel = View(frame: Rect(x: 0, y: 0, width: 400, height: 400), name: "panel")
        window.addSubview(panel)

        let tap = TapGestureRecognizer(name: "tap") { r in print(r.name, r.state) }  // target–action
        panel.addGestureRecognizer(tap)
        let double = TapGestureRecognizer(name: "double")
        double.numberOfTapsRequired = 2
        tap.require(toFail: double)  // the single tap waits until the double tap has failed
        panel.addGestureRecognizer(double)

        var seen: [String] = []
        for r in [tap, double] { r.stateObserver = { seen.append("\($0.name) \($0.state)") } }
        app.handleTouches([TouchUpdate(identifier: 1, phase: .began, location: Point(x: 50, y: 50))], timestamp: 0)
        app.handleTouches([TouchUpdate(identifier: 1, phase: .ended, location: Point(x: 50, y: 50))], timestamp: 0.05)
        #expect(seen.isEmpty, "the single tap waits for the double tap: \(seen)")
        app.advanceTime(to: 1)
        #expect(seen == ["double failed", "tap ended"], "once the double tap failed, the tap is recognized: \(seen)")
    }
}
