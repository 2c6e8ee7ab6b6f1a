import Testing
import TouchKit

/// An app delegate that handles the "buy" action.
final class Shop: Responder {
    var bought: [String] = []
    override func canPerformAction(_ action: Action, withSender sender: AnyObject?) -> Bool { action == "buy" }
    override func perform(_ action: Action, sender: AnyObject?, event: Event?) {
        bought.append((sender as? View)?.name ?? "?")
    }
}

@Suite("Controls and target–action")
struct ControlTests {
    func buttonScreen() -> (Application, Button, Shop, CallLog) {
        let log = CallLog()
        let (app, _, vc) = makeScreen(log: log)
        let shop = Shop()
        app.delegate = shop
        let button = Button(frame: Rect(x: 100, y: 100, width: 100, height: 50), name: "OkButton", title: "OK")
        vc.view.addSubview(button)
        button.addTarget(nil, action: "buy", for: .touchUpInside)
        button.eventObserver = { _, name in log.add(name) }
        return (app, button, shop, log)
    }

    @Test func dragOutPastSeventyPointsAndBackThenUpInside() {
        let (app, button, shop, log) = buttonScreen()
        touch(app, 1, .began, 150, 125, at: 0)
        #expect(button.isHighlighted)
        #expect(button.isTracking)
        touch(app, 1, .moved, 150, 215, at: 0.1)  // 65 below the bottom edge (150): still inside
        touch(app, 1, .moved, 150, 225, at: 0.2)  // 75 below: outside
        #expect(!button.isHighlighted)
        #expect(!button.isTouchInside)
        touch(app, 1, .moved, 150, 130, at: 0.3)  // back in
        touch(app, 1, .ended, 150, 130, at: 0.4)
        #expect(
            log.lines == [
                "touchDown", "touchDragInside", "touchDragOutside", "touchDragExit", "touchDragInside",
                "touchDragEnter",
                "touchUpInside", "primaryActionTriggered",
            ])
        #expect(shop.bought == ["OkButton"], "a nil target walks the chain to the app delegate")
        #expect(!button.isTracking)
        #expect(!button.isHighlighted)
    }

    @Test func upOutsideAndCancelSendNoAction() {
        let (app, _, shop, log) = buttonScreen()
        touch(app, 1, .began, 150, 125, at: 0)
        touch(app, 1, .ended, 400, 700, at: 0.1)
        touch(app, 2, .began, 150, 125, at: 1)
        app.cancelAllTouches(timestamp: 1.1)
        #expect(log.lines == ["touchDown", "touchUpOutside", "touchDown", "touchCancel"])
        #expect(shop.bought.isEmpty)
    }

    @Test func touchDownRepeatComesFromTheTapCount() {
        let (app, _, _, log) = buttonScreen()
        touch(app, 1, .began, 150, 125, at: 0)
        touch(app, 1, .ended, 150, 125, at: 0.05)
        touch(app, 2, .began, 152, 125, at: 0.2)
        #expect(log.lines.suffix(2) == ["touchDown", "touchDownRepeat"])
    }

    @Test func theButtonWinsOverATapRecognizerOnItsSuperview() {
        let (app, button, shop, _) = buttonScreen()
        let log = CallLog()
        let tap = LoggingTap("tap", log: log)
        button.superview!.addGestureRecognizer(tap)
        touch(app, 1, .began, 150, 125, at: 0)
        touch(app, 1, .ended, 150, 125, at: 0.1)
        #expect(shop.bought == ["OkButton"])
        #expect(!log.lines.contains { $0.hasPrefix("action") }, "the superview's single tap fails")
        // Elsewhere on the superview the tap still works.
        touch(app, 2, .began, 300, 500, at: 1)
        touch(app, 2, .ended, 300, 500, at: 1.1)
        #expect(log.lines.contains("action tap ended"))
    }

    @Test func aRecognizerOnTheButtonItselfWinsOverItsActions() {
        let (app, button, shop, events) = buttonScreen()
        let log = CallLog()
        button.addGestureRecognizer(LoggingTap("tap", log: log))
        touch(app, 1, .began, 150, 125, at: 0)
        touch(app, 1, .ended, 150, 125, at: 0.1)
        #expect(log.lines.contains("action tap ended"))
        #expect(shop.bought.isEmpty)
        #expect(events.lines == ["touchDown", "touchCancel"])
    }

    @Test func disabledControlsTrackNothing() {
        let (app, button, shop, log) = buttonScreen()
        button.isEnabled = false
        touch(app, 1, .began, 150, 125, at: 0)
        touch(app, 1, .ended, 150, 125, at: 0.1)
        #expect(log.lines.isEmpty)
        #expect(shop.bought.isEmpty)
    }

    @Test func sendActionPrefersTheFirstResponderAndReportsWhetherAnyoneHandledIt() {
        final class Field: View {
            var got: [String] = []
            override var canBecomeFirstResponder: Bool { true }
            override func canPerformAction(_ a: Action, withSender s: AnyObject?) -> Bool { a == "buy" }
            override func perform(_ a: Action, sender: AnyObject?, event: Event?) { got.append(a.name) }
        }
        let (app, button, shop, _) = buttonScreen()
        #expect(!app.sendAction("sell", to: nil, from: button, for: nil), "nobody handles sell")
        #expect(app.sendAction("buy", to: nil, from: button, for: nil))
        #expect(shop.bought == ["OkButton"])
        let field = Field(frame: .zero, name: "field")
        button.superview!.addSubview(field)
        #expect(field.becomeFirstResponder())
        #expect(app.sendAction("buy", to: nil, from: button, for: nil))
        #expect(field.got == ["buy"], "the first responder's chain comes first")
        #expect(shop.bought.count == 1, "the first responder's chain comes first")
        #expect(app.sendAction("buy", to: shop, from: nil, for: nil))
        #expect(shop.bought.count == 2)
        #expect(!app.sendAction("buy", to: button, from: nil, for: nil), "an explicit target that cannot perform it")
    }
}
