/// Recognizes a gesture from the touches of its view and the view's subviews, seeing them
/// before the view does (UIGestureRecognizer's role). Subclasses override the touch methods
/// and set `state`; the window arbitrates between recognizers.
open class GestureRecognizer: CustomStringConvertible {
    /// The recognizer's state machine, as UIGestureRecognizer.State.
    public enum State: String, Sendable {
        /// Undecided: the default, and where it returns after a reset.
        case possible
        /// A continuous gesture started.
        case began
        /// A continuous gesture changed.
        case changed
        /// A continuous gesture finished, or a discrete one was recognized (``recognized``).
        case ended
        /// A continuous gesture was cancelled.
        case cancelled
        /// It will not recognize with these touches.
        case failed
        /// Discrete recognizers end in `recognized`, which is `ended`.
        public static let recognized = State.ended
    }

    /// A name for logs and descriptions.
    public var name: String
    /// The view it is attached to (``View/addGestureRecognizer(_:)``).
    public internal(set) weak var view: View?
    /// Asked whether to begin, to receive a touch, and whether to recognize alongside others.
    public weak var delegate: GestureRecognizerDelegate?
    /// A disabled recognizer sees no touches; disabling it mid-gesture cancels or fails it.
    public var isEnabled = true {
        didSet {
            guard !isEnabled, oldValue else { return }
            if state == .began || state == .changed {
                state = .cancelled
            } else if state == .possible {
                state = .failed
            }
        }
    }
    /// On recognition, the view's touches are cancelled (`touchesCancelled`). Default true.
    public var cancelsTouchesInView = true
    /// Touch-downs are withheld from the view while the recognizer might recognize. Default false.
    public var delaysTouchesBegan = false
    /// Touch-ups are withheld from the view until the recognizer has decided. Default true.
    public var delaysTouchesEnded = true
    /// The kinds of touch it follows, as UIKit's allowedTouchTypes: a touch of another kind
    /// never reaches it (fingers and pencils by default).
    public var allowedTouchTypes: Set<Touch.TouchType> = Set(Touch.TouchType.allCases)

    private var currentState = State.possible
    /// A recognition (began or recognized) asked for, waiting for the window's arbitration.
    var requestedState: State?
    /// Actions with the object they are for, held weakly (removeTarget finds them by it).
    private struct Target {
        weak var target: AnyObject?
        /// A target was given: once it is gone, its action is not sent.
        let hasTarget: Bool
        let action: (GestureRecognizer) -> Void
    }

    private var targets: [Target] = []
    var requiredToFail: [GestureRecognizer] = []
    /// The touches the recognizer is following.
    public internal(set) var trackedTouches: [Touch] = []
    var ignoredTouches: Set<UInt64> = []
    /// Every touch delivered since the last reset (a multi-tap's taps included): recognizers
    /// compete only when these overlap.
    var seenTouches: Set<UInt64> = []
    var timer: TimerQueue.TimerID?

    /// A recognizer calling `action` at each state change that sends actions; with a `target`, only while the target lives.
    public init(name: String = "", target: AnyObject? = nil, action: ((GestureRecognizer) -> Void)? = nil) {
        self.name = name
        if let action { addTarget(target, action: action) }
    }

    // MARK: - State

    /// The recognizer's state. Setting an illegal transition is a programming error (an
    /// assertion in debug builds; ignored in release builds).
    public var state: State {
        get { currentState }
        set { transition(to: newValue) }
    }

    static func isLegal(_ from: State, _ to: State) -> Bool {
        switch (from, to) {
        case (.possible, .possible), (.possible, .began), (.possible, .ended), (.possible, .failed): return true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): return true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): return true
        default: return false
        }
    }

    private func transition(to new: State) {
        guard Self.isLegal(currentState, new) else {
            assertionFailure("\(self): illegal state transition \(currentState.rawValue) → \(new.rawValue)")
            return
        }
        if currentState == .possible && (new == .began || new == .ended) && view?.window != nil {
            // Recognition waits for the window: failure requirements, delegates, other recognizers.
            requestedState = new
            view?.window?.gestureArbiter.setNeedsResolution()
            return
        }
        apply(new)
    }

    /// Called after every state the recognizer enters through recognition, `failed` included
    /// (not after `reset()`), before its actions fire: for logs and tests.
    public var stateObserver: ((GestureRecognizer) -> Void)?

    /// Sets the state and fires the actions, as arbitration decided.
    func apply(_ new: State) {
        requestedState = nil
        currentState = new
        if new != .possible { stateObserver?(self) }
        if new != .possible && new != .failed { sendActions() }
        if new == .failed || new == .ended || new == .cancelled { cancelTimer() }
        view?.window?.gestureArbiter.setNeedsResolution()
    }

    // MARK: - Target–action

    /// Adds an action fired on began, changed, ended (recognized) and once on cancelled.
    public func addTarget(_ target: AnyObject?, action: @escaping (GestureRecognizer) -> Void) {
        targets.append(Target(target: target, hasTarget: target != nil, action: action))
    }

    /// Removes every action added with `target` (all actions when nil).
    public func removeTarget(_ target: AnyObject?) {
        targets.removeAll { target == nil || $0.target === target }
    }

    private func sendActions() {
        for t in targets where !t.hasTarget || t.target != nil { t.action(self) }
    }

    // MARK: - Relationships

    /// This recognizer waits (in `possible`) until `other` fails; if `other` recognizes, this fails.
    public func require(toFail other: GestureRecognizer) {
        if !requiredToFail.contains(where: { $0 === other }) { requiredToFail.append(other) }
    }

    /// Whether this recognizer, recognizing, may force `other` to fail. Default true.
    open func canPrevent(_ other: GestureRecognizer) -> Bool { true }

    /// Whether `other`, recognizing, may force this recognizer to fail. Default true.
    open func canBePrevented(by other: GestureRecognizer) -> Bool { true }

    /// Whether this recognizer must wait for `other` to fail (subclass hook; default false).
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }

    /// Whether `other` must wait for this recognizer to fail (subclass hook; default false).
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

    // MARK: - Touches (subclasses override; call super)

    /// Touches began on its view: subclasses follow them and move `state` (the base class does nothing).
    open func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
    /// Its touches moved.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
    /// Its touches lifted.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
    /// Its touches were cancelled: a recognizer under way is cancelled, a possible one fails.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        if state == .began || state == .changed { state = .cancelled } else if state == .possible { state = .failed }
    }

    /// Stops delivering `touch` to this recognizer.
    public func ignore(_ touch: Touch, for event: Event) {
        ignoredTouches.insert(touch.serial)
        trackedTouches.removeAll { $0 === touch }
    }

    /// Back to `possible` after a gesture; subclasses clear their own state (call super).
    open func reset() {
        cancelTimer()
        lastLocation = nil
        trackedTouches.removeAll()
        ignoredTouches.removeAll()
        seenTouches.removeAll()
        requestedState = nil
        currentState = .possible
    }

    // MARK: - Locations

    /// Where the followed touches were last (window coordinates), for `location(in:)` once
    /// they are gone.
    var lastLocation: Point?

    var centroidInWindow: Point { centroid(in: nil) }

    /// The followed touches' centroid in `view`'s coordinates (there must be some).
    private func centroid(in view: View?) -> Point {
        var x = 0.0
        var y = 0.0
        for t in trackedTouches {
            let p = t.location(in: view)
            x += p.x
            y += p.y
        }
        return Point(x: x / Double(trackedTouches.count), y: y / Double(trackedTouches.count))
    }

    /// The number of touches the recognizer follows.
    public var numberOfTouches: Int { trackedTouches.count }

    /// The centroid of the followed touches in `view`'s coordinates (window's when nil).
    /// With no touches left (a tap recognized after its lift, a timeout), the place of the
    /// last touches it followed.
    open func location(in view: View?) -> Point {
        guard !trackedTouches.isEmpty else {
            guard let lastLocation else { return .zero }
            guard let view, let window = view.window else { return lastLocation }
            return window.convert(lastLocation, to: view)
        }
        return centroid(in: view)
    }

    /// Where its `index`-th touch is, in `view`'s coordinates.
    public func location(ofTouch index: Int, in view: View?) -> Point {
        guard trackedTouches.indices.contains(index) else { return .zero }
        return trackedTouches[index].location(in: view)
    }

    // MARK: - Time

    /// The application's timer queue (for recognizers that wait).
    public var timers: TimerQueue? { view?.window?.application?.timers }

    /// Runs `action` after `delay` seconds of input time; replaces any earlier timer.
    public func startTimer(after delay: Double, _ action: @escaping () -> Void) {
        cancelTimer()
        guard let timers else { return }
        timer = timers.schedule(after: delay) { [weak self] in
            guard let self else { return }
            self.timer = nil
            action()
            self.view?.window?.gestureArbiter.afterTimer()
        }
    }

    /// Cancels the timer a subclass started (long press duration, multi-tap interval).
    public func cancelTimer() {
        timers?.cancel(timer)
        timer = nil
    }

    open var description: String { name.isEmpty ? String(describing: type(of: self)) : name }
}
