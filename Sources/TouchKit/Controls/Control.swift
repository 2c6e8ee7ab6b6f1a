/// A view that tracks one touch and turns it into control events sent to targets: touch
/// down, drags inside and outside (with a 70-point tolerance), touch up inside or outside,
/// cancel (UIControl's role).
open class Control: View {
    /// What a control reports to its targets, as UIControl.Event.
    public struct Events: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// A touch came down on the control.
        public static let touchDown = Events(rawValue: 1 << 0)
        /// A second (or later) tap came down on it.
        public static let touchDownRepeat = Events(rawValue: 1 << 1)
        /// The touch moved within the control's bounds (plus its tolerance).
        public static let touchDragInside = Events(rawValue: 1 << 2)
        /// The touch moved outside them.
        public static let touchDragOutside = Events(rawValue: 1 << 3)
        /// The touch came back within them.
        public static let touchDragEnter = Events(rawValue: 1 << 4)
        /// The touch left them.
        public static let touchDragExit = Events(rawValue: 1 << 5)
        /// The touch lifted within them: a button's press.
        public static let touchUpInside = Events(rawValue: 1 << 6)
        /// The touch lifted outside them.
        public static let touchUpOutside = Events(rawValue: 1 << 7)
        /// The touch was cancelled.
        public static let touchCancel = Events(rawValue: 1 << 8)
        /// The control's value changed.
        public static let valueChanged = Events(rawValue: 1 << 12)
        /// The control's primary action (a button's press).
        public static let primaryActionTriggered = Events(rawValue: 1 << 13)
        /// Every touch event above.
        // UIKit's name (UIControl.Event.allTouchEvents).
        // swift-format-ignore: DontRepeatTypeInStaticProperties
        public static let allTouchEvents = Events(rawValue: 0x1ff)

        /// Each event's name, in UIKit's order.
        public static let names: [(Events, String)] = [
            (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"), (.touchDragInside, "touchDragInside"),
            (.touchDragOutside, "touchDragOutside"), (.touchDragEnter, "touchDragEnter"),
            (.touchDragExit, "touchDragExit"),
            (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"), (.touchCancel, "touchCancel"),
            (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primaryActionTriggered"),
        ]
    }

    /// A disabled control tracks nothing; its touches travel up the responder chain.
    public var isEnabled = true
    /// Whether it shows as pressed: while a touch is down within it.
    public var isHighlighted = false
    /// A selected state the app sets (a toggle).
    public var isSelected = false
    /// Whether a touch is being tracked.
    public private(set) var isTracking = false
    /// Whether the tracked touch is within the control's bounds plus ``dragTolerance``.
    public private(set) var isTouchInside = false
    /// Points around the bounds that still count as inside while dragging. Default 70.
    public var dragTolerance = 70.0
    /// Called for every control event sent, with its name (for logs and tests).
    public var eventObserver: ((Control, String) -> Void)?

    /// A target–action pair. The target is held weakly, as UIKit does: a control that targets
    /// its own view controller must not keep it alive. `isChain` marks a nil target.
    private struct Target {
        weak var target: Responder?
        let isChain: Bool
        let action: Action
        let events: Events
    }

    private var targets: [Target] = []
    private var handlers: [(events: Events, handler: (Control) -> Void)] = []
    /// The tracked touch's serial: a number, not a weak reference (which would give every
    /// touch a runtime side table and every retain of it the slow path).
    private var trackedSerial: UInt64?

    /// The tracked touch among `touches`, if it is one of them.
    private func tracked(in touches: Set<Touch>) -> Touch? {
        guard let serial = trackedSerial else { return nil }
        return touches.first { $0.serial == serial }
    }

    // MARK: Targets

    /// `target` nil sends `action` up the responder chain (`Application.sendAction`).
    public func addTarget(_ target: Responder?, action: Action, for events: Events) {
        targets.append(Target(target: target, isChain: target == nil, action: action, events: events))
    }

    /// Removes target–action pairs (every action when `action` is nil).
    public func removeTarget(_ target: Responder?, action: Action?, for events: Events) {
        targets.removeAll {
            $0.target === target && (action == nil || $0.action == action) && !$0.events.isDisjoint(with: events)
        }
    }

    /// A closure run for `events`.
    public func addAction(for events: Events, _ handler: @escaping (Control) -> Void) {
        handlers.append((events, handler))
    }

    /// Sends the actions registered for `events`.
    public func sendActions(for events: Events, with event: Event? = nil) {
        for (flag, name) in Events.names where events.contains(flag) { eventObserver?(self, name) }
        for t in targets where !t.events.isDisjoint(with: events) && (t.isChain || t.target != nil) {
            sendAction(t.action, to: t.target, for: event, controlEvents: t.events.intersection(events))
        }
        for h in handlers where !h.events.isDisjoint(with: events) { h.handler(self) }
    }

    /// Sends one target's action for the control events it was registered for that fired;
    /// the default hands it to `sendAction(_:to:for:)`. Override to see which events fired.
    open func sendAction(_ action: Action, to target: Responder?, for event: Event?, controlEvents: Events) {
        sendAction(action, to: target, for: event)
    }

    /// Hands one action to the application, which finds the target when it is nil.
    open func sendAction(_ action: Action, to target: Responder?, for event: Event?) {
        window?.application?.sendAction(action, to: target, from: self, for: event)
    }

    // MARK: Tracking (override to customise)

    /// A touch came down on the control; return false to stop tracking it.
    open func beginTracking(_ touch: Touch, with event: Event?) -> Bool { true }
    /// The tracked touch moved; return false to stop tracking it.
    open func continueTracking(_ touch: Touch, with event: Event?) -> Bool { true }
    /// The tracked touch lifted.
    open func endTracking(_ touch: Touch?, with event: Event?) {}
    /// The tracked touch was cancelled.
    open func cancelTracking(with event: Event?) {}

    private func isInside(_ touch: Touch) -> Bool {
        bounds.insetBy(dx: -dragTolerance, dy: -dragTolerance).contains(touch.location(in: self))
    }

    // MARK: Touches

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard isEnabled, trackedSerial == nil, let touch = touches.min(by: { $0.identifier < $1.identifier }) else {
            return super.touchesBegan(touches, with: event)
        }
        trackedSerial = touch.serial
        isTouchInside = true
        isHighlighted = true
        isTracking = beginTracking(touch, with: event)
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown, with: event)
        forwardOthers(touches, touch) { super.touchesBegan($0, with: event) }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = tracked(in: touches) else { return super.touchesMoved(touches, with: event) }
        let wasInside = isTouchInside
        isTouchInside = isInside(touch)
        isHighlighted = isTouchInside
        if isTracking { isTracking = continueTracking(touch, with: event) }
        var events: Events = isTouchInside ? .touchDragInside : .touchDragOutside
        if wasInside != isTouchInside { events.insert(isTouchInside ? .touchDragEnter : .touchDragExit) }
        sendActions(for: events, with: event)
        forwardOthers(touches, touch) { super.touchesMoved($0, with: event) }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = tracked(in: touches) else { return super.touchesEnded(touches, with: event) }
        isTouchInside = isInside(touch)
        endTracking(touch, with: event)
        finish()
        sendActions(for: isTouchInside ? primaryEvents : .touchUpOutside, with: event)
        forwardOthers(touches, touch) { super.touchesEnded($0, with: event) }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = tracked(in: touches) else { return super.touchesCancelled(touches, with: event) }
        cancelTracking(with: event)
        finish()
        sendActions(for: .touchCancel, with: event)
        forwardOthers(touches, touch) { super.touchesCancelled($0, with: event) }
    }

    /// A control tracks one touch; the others of the same call (a control with multiple
    /// touch enabled) travel up the responder chain, as any touch it does not handle.
    private func forwardOthers(_ touches: Set<Touch>, _ tracked: Touch, _ up: (Set<Touch>) -> Void) {
        guard touches.count > 1 else { return }
        var rest = touches
        rest.remove(tracked)
        up(rest)
    }

    /// What a lift inside sends: touchUpInside (buttons add primaryActionTriggered).
    open var primaryEvents: Events { .touchUpInside }

    private func finish() {
        trackedSerial = nil
        isTracking = false
        isHighlighted = false
    }

    /// A control wins a single tap over tap recognizers of other views (its ancestors);
    /// recognizers attached to the control itself still win.
    open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        if let tap = recognizer as? TapGestureRecognizer, tap.view !== self,
            tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1
        {
            return false
        }
        return true
    }
}

/// A push button: a control whose touch-up inside is its primary action.
open class Button: Control {
    /// The button's title (no pixels: for logs and the app's own use).
    public var title: String

    /// A button with `frame`, a name for logs and a title.
    public init(frame: Rect = .zero, name: String = "", title: String = "") {
        self.title = title
        super.init(frame: frame, name: name)
    }

    open override var primaryEvents: Events { [.touchUpInside, .primaryActionTriggered] }
}
