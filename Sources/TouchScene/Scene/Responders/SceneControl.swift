import TouchKit

/// A button (or plain control) of the scene: tracks its touch as `Control` does, takes touches
/// where its shape says, and logs each action it sends with the control event that sent it;
/// the rest is its `ResponderBehaviour`, its hook.
final class SceneControl: Button {
    let behaviour: ResponderBehaviour
    let shape: ShapeSpec
    let isButton: Bool

    init(frame: Rect, behaviour: ResponderBehaviour, shape: ShapeSpec, isButton: Bool) {
        self.behaviour = behaviour
        self.shape = shape
        self.isButton = isButton
        super.init(frame: frame, name: String(decoding: behaviour.name.text, as: UTF8.self))
        hook = behaviour
    }

    override var primaryEvents: Events { isButton ? super.primaryEvents : .touchUpInside }

    override func point(inside point: Point, with event: Event?) -> Bool {
        shape.contains(point, in: self, with: event)
    }

    override func sendAction(_ action: Action, to target: Responder?, for event: Event?, controlEvents: Events) {
        let eventName = Events.names.first { controlEvents.contains($0.0) }?.1
        let touch = event?.allTouches?.first { $0.view === self }
        if let touch { behaviour.log.currentDevice = touch.device }
        behaviour.log.beginAction(
            HandlerLog.Name(action.name), sender: behaviour.name, controlEvent: eventName,
            location: touch?.location(in: nil))
        let handled = window?.application?.sendAction(action, to: target, from: self, for: event) ?? false
        if !handled { behaviour.log.unperformed() }
    }
}
