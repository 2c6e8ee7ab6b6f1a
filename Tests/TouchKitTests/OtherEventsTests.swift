import Testing

@testable import TouchKit

/// Motion, remote-control and press events go to the key window's first responder and up
/// its `next` chain (not hit-tested), as UIKit routes them.
@Suite("Motion, remote-control and press events")
struct OtherEventsTests {
    final class Recorder: View {
        var calls: [String] = []
        var consumes = false
        var canBecome = true
        override var canBecomeFirstResponder: Bool { canBecome }
        override func motionBegan(_ m: Event.Subtype, with e: Event?) {
            calls.append("motionBegan \(m.name)")
            if !consumes { super.motionBegan(m, with: e) }
        }
        override func motionEnded(_ m: Event.Subtype, with e: Event?) {
            calls.append("motionEnded")
            if !consumes { super.motionEnded(m, with: e) }
        }
        override func remoteControlReceived(with e: Event?) {
            calls.append("remote \(e?.subtype.name ?? "")")
            if !consumes { super.remoteControlReceived(with: e) }
        }
        override func pressesBegan(_ p: Set<Press>, with e: Event?) {
            calls.append("pressesBegan \(p.map(\.name).sorted())")
            if !consumes { super.pressesBegan(p, with: e) }
        }
        override func pressesEnded(_ p: Set<Press>, with e: Event?) {
            calls.append("pressesEnded \(p.map(\.name).sorted())")
            if !consumes { super.pressesEnded(p, with: e) }
        }
        override func pressesCancelled(_ p: Set<Press>, with e: Event?) {
            calls.append("pressesCancelled \(p.map(\.name).sorted())")
            if !consumes { super.pressesCancelled(p, with: e) }
        }
    }

    final class RecordingWindow: Window {
        var calls: [String] = []
        override func motionBegan(_ m: Event.Subtype, with e: Event?) { calls.append("motionBegan") }
        override func remoteControlReceived(with e: Event?) { calls.append("remote") }
    }

    func setUp() -> (Application, RecordingWindow, Recorder, Recorder) {
        let app = Application()
        let window = RecordingWindow(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "w")
        app.addWindow(window)
        window.makeKeyAndVisible()
        let outer = Recorder(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "outer")
        let inner = Recorder(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "inner")
        window.addSubview(outer)
        outer.addSubview(inner)
        return (app, window, outer, inner)
    }

    @Test func theFirstResponderGetsThemFirstThenItsChain() {
        let (app, window, outer, inner) = setUp()
        #expect(inner.becomeFirstResponder())
        app.sendMotion(.began, .motionShake, timestamp: 1)
        app.sendRemoteControl(.remoteControlTogglePlayPause, timestamp: 2)
        #expect(inner.calls == ["motionBegan motionShake", "remote remoteControlTogglePlayPause"])
        #expect(outer.calls == inner.calls, "passed up the chain")
        #expect(window.calls == ["motionBegan", "remote"])
        outer.consumes = true
        app.sendMotion(.ended, .motionShake, timestamp: 3)
        #expect(outer.calls.last == "motionEnded", "consumed: the window never hears it")
        #expect(window.calls.count == 2, "consumed: the window never hears it")
    }

    @Test func withoutAFirstResponderTheKeyWindowGetsThem() {
        let (app, window, outer, inner) = setUp()
        app.sendMotion(.began, .motionShake, timestamp: 1)
        #expect(window.calls == ["motionBegan"])
        #expect(inner.calls.isEmpty)
        #expect(outer.calls.isEmpty)
    }

    @Test func aResponderThatCannotBecomeFirstIsNotMadeIt() {
        let (_, window, _, inner) = setUp()
        inner.canBecome = false
        #expect(!inner.becomeFirstResponder())
        #expect(window.firstResponder == nil)
    }

    @Test func pressesBeginOnceEndOnceAndAreCancelledWhenTheDeviceGoes() {
        let (app, _, _, inner) = setUp()
        inner.becomeFirstResponder()
        inner.consumes = true
        app.handlePress(key: 28, name: "KEY_ENTER", isDown: true, timestamp: 1)
        app.handlePress(key: 28, name: "KEY_ENTER", isDown: true, timestamp: 1.3)  // repeat: ignored
        app.handlePress(key: 28, name: "KEY_ENTER", isDown: false, timestamp: 1.5)
        app.handlePress(key: 28, name: "KEY_ENTER", isDown: false, timestamp: 1.6)  // not down: ignored
        app.handlePress(key: 2, name: "KEY_1", isDown: true, timestamp: 2)
        app.handlePress(key: 3, name: "KEY_2", isDown: true, timestamp: 2.2)
        app.cancelPresses(keys: [2], timestamp: 2.5)  // KEY_1's device left
        app.handlePress(key: 3, name: "KEY_2", isDown: false, timestamp: 3)
        #expect(
            inner.calls == [
                "pressesBegan [\"KEY_ENTER\"]", "pressesEnded [\"KEY_ENTER\"]",
                "pressesBegan [\"KEY_1\"]", "pressesBegan [\"KEY_2\"]", "pressesCancelled [\"KEY_1\"]",
                "pressesEnded [\"KEY_2\"]",
            ])
    }
}
