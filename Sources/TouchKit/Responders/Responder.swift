/// An object that can handle events: touches, motion and remote-control events travel up the
/// chain of `next` responders until one handles them (UIResponder's role).
open class Responder {
    public init() {}

    /// The next responder in the chain; nil ends it.
    open var next: Responder? { nil }

    // MARK: Touches — the defaults pass the call up the chain.

    open func touchesBegan(_ touches: Set<Touch>, with event: Event?) { next?.touchesBegan(touches, with: event) }
    open func touchesMoved(_ touches: Set<Touch>, with event: Event?) { next?.touchesMoved(touches, with: event) }
    open func touchesEnded(_ touches: Set<Touch>, with event: Event?) { next?.touchesEnded(touches, with: event) }
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { next?.touchesCancelled(touches, with: event) }

    // MARK: Motion and remote control

    open func motionBegan(_ motion: Event.Subtype, with event: Event?) { next?.motionBegan(motion, with: event) }
    open func motionEnded(_ motion: Event.Subtype, with event: Event?) { next?.motionEnded(motion, with: event) }
    open func motionCancelled(_ motion: Event.Subtype, with event: Event?) { next?.motionCancelled(motion, with: event) }
    open func remoteControlReceived(with event: Event?) { next?.remoteControlReceived(with: event) }

    // MARK: Presses (physical buttons)

    open func pressesBegan(_ presses: Set<Press>, with event: Event?) { next?.pressesBegan(presses, with: event) }
    open func pressesChanged(_ presses: Set<Press>, with event: Event?) { next?.pressesChanged(presses, with: event) }
    open func pressesEnded(_ presses: Set<Press>, with event: Event?) { next?.pressesEnded(presses, with: event) }
    open func pressesCancelled(_ presses: Set<Press>, with event: Event?) { next?.pressesCancelled(presses, with: event) }

    // MARK: Actions

    /// Whether this responder handles `action` (sent by a control, or by
    /// `Application.sendAction`); the default says no.
    open func canPerformAction(_ action: Action, withSender sender: AnyObject?) -> Bool { false }

    /// Handles `action`; called when `canPerformAction` said yes.
    open func perform(_ action: Action, sender: AnyObject?, event: Event?) {}

    // MARK: First responder

    /// Whether this responder accepts first-responder status (false by default).
    open var canBecomeFirstResponder: Bool { false }

    /// Whether this responder gives up first-responder status when asked (true by default).
    open var canResignFirstResponder: Bool { true }

    /// The window whose first responder this responder would be; nil when it has none.
    open var firstResponderWindow: Window? { nil }

    public var isFirstResponder: Bool { firstResponderWindow?.firstResponder === self }

    /// Makes this responder its window's first responder, when it can be one and the current
    /// one resigns. Returns whether it is the first responder afterwards.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let window = firstResponderWindow else { return false }
        if window.firstResponder === self { return true }
        if let current = window.firstResponder, !current.resignFirstResponder() { return false }
        window.firstResponder = self
        return true
    }

    /// Gives up first-responder status. Returns false when `canResignFirstResponder` refuses.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if let window = firstResponderWindow, window.firstResponder === self { window.firstResponder = nil }
        return true
    }
}
