import TouchKit

/// A button (or plain control) of the scene: tracks its touch as `Control` does, logs every
/// touch call, and logs each action it sends with the control event that sent it.
final class SceneControl: Button, SceneResponder {
    let behaviour: ResponderBehaviour
    let shape: ShapeSpec
    let isButton: Bool

    init(frame: Rect, behaviour: ResponderBehaviour, shape: ShapeSpec, isButton: Bool) {
        self.behaviour = behaviour
        self.shape = shape
        self.isButton = isButton
        super.init(frame: frame, name: String(decoding: behaviour.name.text, as: UTF8.self))
    }

    override var primaryEvents: Events { isButton ? super.primaryEvents : .touchUpInside }

    override func point(inside point: Point, with event: Event?) -> Bool {
        shape.contains(point, in: self, with: event)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if behaviour.handle(.began, touches, event, in: self) { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if behaviour.handle(.moved, touches, event, in: self) { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if behaviour.handle(.ended, touches, event, in: self) { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        if behaviour.handle(.cancelled, touches, event, in: self) { super.touchesCancelled(touches, with: event) }
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

    override func sendAction(_ action: Action, to target: Responder?, for event: Event?, controlEvents: Events) {
        let eventName = Events.names.first { controlEvents.contains($0.0) }?.1
        behaviour.log.beginAction(HandlerLog.Name(action.name), sender: behaviour.name, controlEvent: eventName)
        let handled = window?.application?.sendAction(action, to: target, from: self, for: event) ?? false
        if !handled { behaviour.log.unperformed() }
    }

    override func canPerformAction(_ action: Action, withSender sender: AnyObject?) -> Bool { behaviour.canPerform(action) }
    override func perform(_ action: Action, sender: AnyObject?, event: Event?) { behaviour.perform(action) }
}
