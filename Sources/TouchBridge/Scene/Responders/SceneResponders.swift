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

    override func canPerformAction(_ action: Action, withSender sender: AnyObject?) -> Bool { behaviour.canPerform(action) }
    override func perform(_ action: Action, sender: AnyObject?, event: Event?) { behaviour.perform(action) }
}
