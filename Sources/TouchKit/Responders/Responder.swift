/// An object that can handle events: touches, motion and remote-control events travel up the
/// chain of `next` responders until one handles them (UIResponder's role).
open class Responder {
    /// A responder outside any view hierarchy (an application delegate).
    public init() {}

    /// Sees each call this responder receives first, and answers its defaults' questions
    /// (`ResponderHook`); nil for a plain responder.
    public var hook: (any ResponderHook)?

    /// The next responder in the chain; nil ends it.
    open var next: Responder? { nil }

    // MARK: Touches — the defaults pass the call up the chain.

    /// Touches began on this responder (a view: its hit-tested touches); the default passes them to ``Responder/next``.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        next?.receiveTouches(.began, touches, with: event)
    }
    /// Its touches moved; the default passes them to ``Responder/next``.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        next?.receiveTouches(.moved, touches, with: event)
    }
    /// Its touches lifted; the default passes them to ``Responder/next``.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        next?.receiveTouches(.ended, touches, with: event)
    }
    /// Its touches ended without lifting (unplug, resync, a recognizer took them); the default passes them to ``Responder/next``.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        next?.receiveTouches(.cancelled, touches, with: event)
    }

    // MARK: Motion and remote control

    /// A motion (a shake) began; the default passes it to ``Responder/next``.
    open func motionBegan(_ motion: Event.Subtype, with event: Event?) {
        next?.receiveMotion(.began, motion, with: event)
    }
    /// A motion ended (a shake was recognized); the default passes it to ``Responder/next``.
    open func motionEnded(_ motion: Event.Subtype, with event: Event?) {
        next?.receiveMotion(.ended, motion, with: event)
    }
    /// A motion turned out not to be one (too long for a shake); the default passes it to ``Responder/next``.
    open func motionCancelled(_ motion: Event.Subtype, with event: Event?) {
        next?.receiveMotion(.cancelled, motion, with: event)
    }
    /// A media key's command; the default passes it to ``Responder/next``.
    open func remoteControlReceived(with event: Event?) { next?.receiveRemoteControl(with: event) }

    // MARK: Presses (physical buttons)

    /// Keys went down; the default passes them to ``Responder/next``.
    open func pressesBegan(_ presses: Set<Press>, with event: Event?) {
        next?.receivePresses(.began, presses, with: event)
    }
    /// Keys changed value; the default passes them to ``Responder/next``.
    open func pressesChanged(_ presses: Set<Press>, with event: Event?) {
        next?.receivePresses(.changed, presses, with: event)
    }
    /// Keys came up; the default passes them to ``Responder/next``.
    open func pressesEnded(_ presses: Set<Press>, with event: Event?) {
        next?.receivePresses(.ended, presses, with: event)
    }
    /// Key presses ended without the keys coming up; the default passes them to ``Responder/next``.
    open func pressesCancelled(_ presses: Set<Press>, with event: Event?) {
        next?.receivePresses(.cancelled, presses, with: event)
    }

    // MARK: Actions

    /// Whether this responder handles `action` (sent by a control, or by
    /// `Application.sendAction`); the default asks the hook, else says no.
    open func canPerformAction(_ action: Action, withSender sender: AnyObject?) -> Bool {
        hook?.responder(self, canPerform: action) ?? false
    }

    /// Handles `action`; called when `canPerformAction` said yes. The default tells the hook.
    open func perform(_ action: Action, sender: AnyObject?, event: Event?) { hook?.responder(self, perform: action) }

    // MARK: First responder

    /// Whether this responder accepts first-responder status (by default the hook's answer,
    /// else false).
    open var canBecomeFirstResponder: Bool { hook?.canBecomeFirstResponder(self) ?? false }

    /// Whether this responder gives up first-responder status when asked (true by default).
    open var canResignFirstResponder: Bool { true }

    /// The window whose first responder this responder would be; nil when it has none.
    open var firstResponderWindow: Window? { nil }

    /// Whether this is its window's first responder.
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
