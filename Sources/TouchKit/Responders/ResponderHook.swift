/// What a host adds to any responder without overriding each of its methods: it sees every
/// call the responder receives, before the responder, and says whether the responder's own
/// handling (and with it the forwarding up the chain) goes ahead; and it answers the
/// first-responder and action questions the responder's defaults ask. touchbridge's scene
/// responders log every call and consume what the scene says through one hook.
///
/// Every requirement has a default that changes nothing, so a hook implements what it needs.
public protocol ResponderHook: AnyObject {
    /// `touchesBegan`/`Moved`/`Ended`/`Cancelled` is about to reach `responder`; false keeps it there.
    func responder(_ responder: Responder, receives phase: Touch.Phase, _ touches: Set<Touch>, with event: Event?)
        -> Bool
    /// `motionBegan`/`Ended`/`Cancelled` is about to reach `responder`; false keeps it there.
    func responder(
        _ responder: Responder, receivesMotion phase: Application.MotionPhase, _ subtype: Event.Subtype,
        with event: Event?
    ) -> Bool
    /// `remoteControlReceived` is about to reach `responder`; false keeps it there.
    func responder(_ responder: Responder, receivesRemoteControl event: Event?) -> Bool
    /// `pressesBegan`/`Changed`/`Ended`/`Cancelled` is about to reach `responder`; false keeps it there.
    func responder(
        _ responder: Responder, receivesPresses phase: Press.Phase, _ presses: Set<Press>, with event: Event?
    ) -> Bool
    /// The default of `canBecomeFirstResponder`.
    func canBecomeFirstResponder(_ responder: Responder) -> Bool
    /// The default of `canPerformAction(_:withSender:)`.
    func responder(_ responder: Responder, canPerform action: Action) -> Bool
    /// The default of `perform(_:sender:event:)`.
    func responder(_ responder: Responder, perform action: Action)
}

extension ResponderHook {
    public func responder(
        _ responder: Responder, receives phase: Touch.Phase, _ touches: Set<Touch>, with event: Event?
    ) -> Bool { true }
    public func responder(
        _ responder: Responder, receivesMotion phase: Application.MotionPhase, _ subtype: Event.Subtype,
        with event: Event?
    ) -> Bool { true }
    public func responder(_ responder: Responder, receivesRemoteControl event: Event?) -> Bool { true }
    public func responder(
        _ responder: Responder, receivesPresses phase: Press.Phase, _ presses: Set<Press>, with event: Event?
    ) -> Bool { true }
    public func canBecomeFirstResponder(_ responder: Responder) -> Bool { false }
    public func responder(_ responder: Responder, canPerform action: Action) -> Bool { false }
    public func responder(_ responder: Responder, perform action: Action) {}
}

/// TouchKit's one way of calling a responder's event methods: the hook first.
extension Responder {
    @inline(__always)
    func receiveTouches(_ phase: Touch.Phase, _ touches: Set<Touch>, with event: Event?) {
        if let hook, !hook.responder(self, receives: phase, touches, with: event) { return }
        switch phase {
        case .began: touchesBegan(touches, with: event)
        case .moved: touchesMoved(touches, with: event)
        case .ended: touchesEnded(touches, with: event)
        case .cancelled: touchesCancelled(touches, with: event)
        case .stationary: break
        }
    }

    func receiveMotion(_ phase: Application.MotionPhase, _ subtype: Event.Subtype, with event: Event?) {
        if let hook, !hook.responder(self, receivesMotion: phase, subtype, with: event) { return }
        switch phase {
        case .began: motionBegan(subtype, with: event)
        case .ended: motionEnded(subtype, with: event)
        case .cancelled: motionCancelled(subtype, with: event)
        }
    }

    func receiveRemoteControl(with event: Event?) {
        if let hook, !hook.responder(self, receivesRemoteControl: event) { return }
        remoteControlReceived(with: event)
    }

    func receivePresses(_ phase: Press.Phase, _ presses: Set<Press>, with event: Event?) {
        if let hook, !hook.responder(self, receivesPresses: phase, presses, with: event) { return }
        switch phase {
        case .began: pressesBegan(presses, with: event)
        case .ended: pressesEnded(presses, with: event)
        case .cancelled: pressesCancelled(presses, with: event)
        case .changed, .stationary: pressesChanged(presses, with: event)
        }
    }
}
