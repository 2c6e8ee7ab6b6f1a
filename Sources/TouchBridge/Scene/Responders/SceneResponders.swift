import TouchKit

/// A view controller of the scene; its touch locations are its view's.
final class SceneViewController: ViewController, SceneResponder {
    let behaviour: ResponderBehaviour

    init(behaviour: ResponderBehaviour) {
        self.behaviour = behaviour
        super.init(name: String(decoding: behaviour.name.text, as: UTF8.self))
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if behaviour.handle(.began, touches, event, in: viewIfLoaded) { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if behaviour.handle(.moved, touches, event, in: viewIfLoaded) { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if behaviour.handle(.ended, touches, event, in: viewIfLoaded) { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        if behaviour.handle(.cancelled, touches, event, in: viewIfLoaded) { super.touchesCancelled(touches, with: event) }
    }

    override var canBecomeFirstResponder: Bool { behaviour.canBecomeFirstResponder }
    override func motionBegan(_ m: Event.Subtype, with e: Event?) { if behaviour.motion("motionBegan", m, e) { super.motionBegan(m, with: e) } }
    override func motionEnded(_ m: Event.Subtype, with e: Event?) { if behaviour.motion("motionEnded", m, e) { super.motionEnded(m, with: e) } }
    override func motionCancelled(_ m: Event.Subtype, with e: Event?) { if behaviour.motion("motionCancelled", m, e) { super.motionCancelled(m, with: e) } }
    override func remoteControlReceived(with e: Event?) { if behaviour.remoteControl(e) { super.remoteControlReceived(with: e) } }
    override func pressesBegan(_ p: Set<Press>, with e: Event?) { if behaviour.presses("pressesBegan", p, e) { super.pressesBegan(p, with: e) } }
    override func pressesChanged(_ p: Set<Press>, with e: Event?) { if behaviour.presses("pressesChanged", p, e) { super.pressesChanged(p, with: e) } }
    override func pressesEnded(_ p: Set<Press>, with e: Event?) { if behaviour.presses("pressesEnded", p, e) { super.pressesEnded(p, with: e) } }
    override func pressesCancelled(_ p: Set<Press>, with e: Event?) { if behaviour.presses("pressesCancelled", p, e) { super.pressesCancelled(p, with: e) } }

    override func canPerformAction(_ action: Action, withSender sender: AnyObject?) -> Bool { behaviour.canPerform(action) }
    override func perform(_ action: Action, sender: AnyObject?, event: Event?) { behaviour.perform(action) }
}

/// A window of the scene; its touch locations are window coordinates.
final class SceneWindow: Window, SceneResponder {
    let behaviour: ResponderBehaviour

    init(frame: Rect, behaviour: ResponderBehaviour) {
        self.behaviour = behaviour
        super.init(frame: frame, name: String(decoding: behaviour.name.text, as: UTF8.self))
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if behaviour.handle(.began, touches, event, in: nil) { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if behaviour.handle(.moved, touches, event, in: nil) { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if behaviour.handle(.ended, touches, event, in: nil) { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        if behaviour.handle(.cancelled, touches, event, in: nil) { super.touchesCancelled(touches, with: event) }
    }

    override var canBecomeFirstResponder: Bool { behaviour.canBecomeFirstResponder }
    override func motionBegan(_ m: Event.Subtype, with e: Event?) { if behaviour.motion("motionBegan", m, e) { super.motionBegan(m, with: e) } }
    override func motionEnded(_ m: Event.Subtype, with e: Event?) { if behaviour.motion("motionEnded", m, e) { super.motionEnded(m, with: e) } }
    override func motionCancelled(_ m: Event.Subtype, with e: Event?) { if behaviour.motion("motionCancelled", m, e) { super.motionCancelled(m, with: e) } }
    override func remoteControlReceived(with e: Event?) { if behaviour.remoteControl(e) { super.remoteControlReceived(with: e) } }
    override func pressesBegan(_ p: Set<Press>, with e: Event?) { if behaviour.presses("pressesBegan", p, e) { super.pressesBegan(p, with: e) } }
    override func pressesChanged(_ p: Set<Press>, with e: Event?) { if behaviour.presses("pressesChanged", p, e) { super.pressesChanged(p, with: e) } }
    override func pressesEnded(_ p: Set<Press>, with e: Event?) { if behaviour.presses("pressesEnded", p, e) { super.pressesEnded(p, with: e) } }
    override func pressesCancelled(_ p: Set<Press>, with e: Event?) { if behaviour.presses("pressesCancelled", p, e) { super.pressesCancelled(p, with: e) } }

    override func canPerformAction(_ action: Action, withSender sender: AnyObject?) -> Bool { behaviour.canPerform(action) }
    override func perform(_ action: Action, sender: AnyObject?, event: Event?) { behaviour.perform(action) }
}

/// The application, logged as `Application`; it passes what reaches it to the app delegate.
final class SceneApplication: Application, SceneResponder {
    let behaviour: ResponderBehaviour

    init(log: HandlerLog) {
        behaviour = ResponderBehaviour(name: "Application", consumes: nil, actions: nil, log: log)
        super.init()
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if behaviour.handle(.began, touches, event, in: nil) { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if behaviour.handle(.moved, touches, event, in: nil) { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if behaviour.handle(.ended, touches, event, in: nil) { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        if behaviour.handle(.cancelled, touches, event, in: nil) { super.touchesCancelled(touches, with: event) }
    }

    override var canBecomeFirstResponder: Bool { behaviour.canBecomeFirstResponder }
    override func motionBegan(_ m: Event.Subtype, with e: Event?) { if behaviour.motion("motionBegan", m, e) { super.motionBegan(m, with: e) } }
    override func motionEnded(_ m: Event.Subtype, with e: Event?) { if behaviour.motion("motionEnded", m, e) { super.motionEnded(m, with: e) } }
    override func motionCancelled(_ m: Event.Subtype, with e: Event?) { if behaviour.motion("motionCancelled", m, e) { super.motionCancelled(m, with: e) } }
    override func remoteControlReceived(with e: Event?) { if behaviour.remoteControl(e) { super.remoteControlReceived(with: e) } }
    override func pressesBegan(_ p: Set<Press>, with e: Event?) { if behaviour.presses("pressesBegan", p, e) { super.pressesBegan(p, with: e) } }
    override func pressesChanged(_ p: Set<Press>, with e: Event?) { if behaviour.presses("pressesChanged", p, e) { super.pressesChanged(p, with: e) } }
    override func pressesEnded(_ p: Set<Press>, with e: Event?) { if behaviour.presses("pressesEnded", p, e) { super.pressesEnded(p, with: e) } }
    override func pressesCancelled(_ p: Set<Press>, with e: Event?) { if behaviour.presses("pressesCancelled", p, e) { super.pressesCancelled(p, with: e) } }
}

/// The app delegate: the end of the responder chain.
final class SceneAppDelegate: Responder, SceneResponder {
    let behaviour: ResponderBehaviour

    init(behaviour: ResponderBehaviour) { self.behaviour = behaviour }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if behaviour.handle(.began, touches, event, in: nil) { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if behaviour.handle(.moved, touches, event, in: nil) { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if behaviour.handle(.ended, touches, event, in: nil) { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        if behaviour.handle(.cancelled, touches, event, in: nil) { super.touchesCancelled(touches, with: event) }
    }

    override var canBecomeFirstResponder: Bool { behaviour.canBecomeFirstResponder }
    override func motionBegan(_ m: Event.Subtype, with e: Event?) { if behaviour.motion("motionBegan", m, e) { super.motionBegan(m, with: e) } }
    override func motionEnded(_ m: Event.Subtype, with e: Event?) { if behaviour.motion("motionEnded", m, e) { super.motionEnded(m, with: e) } }
    override func motionCancelled(_ m: Event.Subtype, with e: Event?) { if behaviour.motion("motionCancelled", m, e) { super.motionCancelled(m, with: e) } }
    override func remoteControlReceived(with e: Event?) { if behaviour.remoteControl(e) { super.remoteControlReceived(with: e) } }
    override func pressesBegan(_ p: Set<Press>, with e: Event?) { if behaviour.presses("pressesBegan", p, e) { super.pressesBegan(p, with: e) } }
    override func pressesChanged(_ p: Set<Press>, with e: Event?) { if behaviour.presses("pressesChanged", p, e) { super.pressesChanged(p, with: e) } }
    override func pressesEnded(_ p: Set<Press>, with e: Event?) { if behaviour.presses("pressesEnded", p, e) { super.pressesEnded(p, with: e) } }
    override func pressesCancelled(_ p: Set<Press>, with e: Event?) { if behaviour.presses("pressesCancelled", p, e) { super.pressesCancelled(p, with: e) } }

    override func canPerformAction(_ action: Action, withSender sender: AnyObject?) -> Bool { behaviour.canPerform(action) }
    override func perform(_ action: Action, sender: AnyObject?, event: Event?) { behaviour.perform(action) }
}
