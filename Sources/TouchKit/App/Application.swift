/// The top of the responder chain: owns the windows, turns input updates into touches and
/// events, and sends them to the windows (UIApplication's role).
open class Application: Responder {
    /// Next after the application in the responder chain when it is a plain responder.
    public var delegate: AnyObject?
    /// Its windows, back to front by level and order.
    public private(set) var windows: [Window] = []
    /// The window that gets motion, remote-control and press events first.
    /// One of ``windows`` (which hold it) or nil: not a weak reference, which would give the
    /// window a runtime side table and every retain of it the slow path.
    public internal(set) unowned(unsafe) var keyWindow: Window?

    /// Taps count up when a touch-down comes within this many seconds …
    public var tapInterval = 0.35
    /// … and this many points of the previous one.
    public var tapDistance = 30.0

    /// Input time and the timers of recognizers that wait; touch frames move it forward.
    public let timers = TimerQueue()

    var touchesByID: [UInt64: Touch] = [:]
    var touchEvent: Event?
    /// The hover recognizers a pen is over, while it hovers (`handleHover`).
    var hovered: [HoverGestureRecognizer] = []
    /// Keys down (presses), in the order they went down, and their event.
    var pressesDown: [Press] = []
    var pressEvent: Event?
    private var lastTouchDown: (time: Double, location: Point, count: Int)?
    /// Counts `handleTouches` calls: a touch stamped with the current one was in its updates.
    private var frameNumber: UInt64 = 0

    /// An application with no windows; add them with ``addWindow(_:)``.
    public override init() { super.init() }

    /// The app delegate, when it is a responder that is not a view, controller or application.
    open override var next: Responder? {
        guard let r = delegate as? Responder, !(r is View), !(r is ViewController), !(r is Application) else {
            return nil
        }
        return r
    }

    deinit {
        for w in windows { w.application = nil }
        // A touch holds its view and window (as UITouch does), and a view's recognizers hold
        // the touches they follow: touches still down when the application goes would keep
        // those in a cycle. They go with it.
        for t in Array(touchesByID.values) + (touchEvent?.touchList ?? []) {
            t.view = nil
            t.window = nil
        }
    }

    /// Puts a window on the screen (the first one added becomes key unless another is made key).
    public func addWindow(_ window: Window) {
        guard !windows.contains(where: { $0 === window }) else { return }
        windows.append(window)
        window.application = self
        if keyWindow == nil { keyWindow = window }
    }

    /// Takes a window off the screen; its touches are cancelled.
    public func removeWindow(_ window: Window) {
        windows.removeAll { $0 === window }
        if keyWindow === window { keyWindow = windows.last }
        window.application = nil
    }

    /// The key window's first responder.
    public var firstResponder: Responder? { keyWindow?.firstResponder }

    /// Windows front to back: higher level first, then the later-added.
    var windowsFrontToBack: [Window] {
        windows.enumerated().sorted { ($0.element.windowLevel, $0.offset) > ($1.element.windowLevel, $1.offset) }.map(
            \.element)
    }

    // MARK: - Actions

    /// Called after an action was handled: the action, who handled it, who sent it.
    public var actionObserver: ((Action, Responder, AnyObject?) -> Void)?

    /// Sends `action` to `target`, or, when `target` is nil, up the responder chain from the
    /// first responder (else from `sender`) to the first responder that can perform it.
    /// Returns whether someone handled it.
    @discardableResult
    open func sendAction(_ action: Action, to target: Responder?, from sender: AnyObject?, for event: Event?) -> Bool {
        if let target {
            guard target.canPerformAction(action, withSender: sender) else { return false }
            target.perform(action, sender: sender, event: event)
            actionObserver?(action, target, sender)
            return true
        }
        var r: Responder? = firstResponder ?? (sender as? Responder)
        while let current = r {
            if current.canPerformAction(action, withSender: sender) {
                current.perform(action, sender: sender, event: event)
                actionObserver?(action, current, sender)
                return true
            }
            r = current.next
        }
        return false
    }

    // MARK: - Touch input

    /// Touch-downs that found no window under them (they reach nothing), since launch: a
    /// screen larger than the scene's windows, or a window left hidden.
    public private(set) var touchesBeganOutsideWindows = 0
    /// Told where (in screen points) a touch-down found no window: a host says so to the
    /// person who set the screen up. Called on that rare path only, so frames pay nothing.
    public var touchBeganOutsideWindows: ((Point) -> Void)?

    /// The touches of the current sequence that have not ended, by identifier.
    public var activeTouches: [Touch] {
        (touchEvent?.touchList ?? []).filter { !$0.phase.isFinal }.sorted { $0.identifier < $1.identifier }
    }

    /// Applies one input frame: `updates` in screen points, one per contact that changed;
    /// contacts not mentioned stay put (stationary). Builds the touches and sends the event.
    public func handleTouches(_ updates: [TouchUpdate], timestamp: Double) {
        advanceTime(to: timestamp)
        let event = touchEvent ?? Event(type: .touches, timestamp: timestamp)
        touchEvent = event
        event.timestamp = timestamp
        // Touches this frame does not mention stay put (stationary): the ones it mentions are
        // stamped with the frame's number instead of being searched for again.
        frameNumber &+= 1
        var ends = false
        var stamped = 0
        for u in updates {
            if let touch = touch(withIdentifier: u.identifier, in: event) {
                guard !touch.phase.isFinal else { continue }
                if touch.frame != frameNumber { stamped &+= 1 }
                touch.frame = frameNumber
                ends = ends || u.phase == .ended || u.phase == .cancelled
                touch.previousWindowLocation = touch.windowLocation
                touch.windowLocation = touch.window.map { $0.convertFromSuperview(u.location) } ?? u.location
                touch.phase = u.phase == .began ? .moved : u.phase
                touch.timestamp = timestamp
                touch.force = u.force
                touch.majorRadius = u.majorRadius
                if u.type == .pencil { touch.pencil(u) }
            } else if u.phase == .began {
                // Only a touch-down starts a touch: a finger that landed where no window was
                // and slides into one stays outside, as in UIKit.
                if begin(u, event: event, timestamp: timestamp) {
                    stamped &+= 1
                } else {
                    touchesBeganOutsideWindows &+= 1
                    touchBeganOutsideWindows?(u.location)
                }
            }
        }
        if event.touchList.count > stamped {
            for touch in event.touchList where touch.frame != frameNumber && !touch.phase.isFinal {
                touch.previousWindowLocation = touch.windowLocation
                touch.phase = .stationary
            }
        }
        sendEvent(event)
        // Only an update can end a touch: a frame without one has nothing to clear.
        if ends { finishEndedTouches() }
    }

    /// The sequence's touch for a contact: a frame's few touches are searched directly, a
    /// crowd by its table.
    @inline(__always)
    private func touch(withIdentifier id: UInt64, in event: Event) -> Touch? {
        guard event.touchList.count <= 16 else { return touchesByID[id] }
        for t in event.touchList where t.identifier == id { return t }
        return nil
    }

    /// Moves input time forward, firing due timers (a long press, a multi-tap timeout) and
    /// letting their windows settle.
    public func advanceTime(to time: Double) {
        timers.advance(to: time)
    }

    /// Cancels every active touch (the device went away, or the daemon is stopping); with
    /// `device`, only that input device's touches (its mapping changed).
    public func cancelAllTouches(timestamp: Double, device: Int? = nil) {
        let active = touchesByID.values.filter { !$0.phase.isFinal && (device == nil || $0.device == device) }
            .sorted { $0.identifier < $1.identifier }
        guard !active.isEmpty else { return }
        handleTouches(
            active.map {
                TouchUpdate(
                    identifier: $0.identifier, phase: .cancelled,
                    location: $0.window?.convertToSuperview($0.windowLocation) ?? $0.windowLocation,
                    force: $0.force, maximumPossibleForce: $0.maximumPossibleForce, majorRadius: $0.majorRadius,
                    device: $0.device, slot: $0.slot)
            }, timestamp: timestamp)
    }

    /// Sends the event to the windows its touches belong to.
    open func sendEvent(_ event: Event) {
        // Nearly always one window: the list of others is only made for a second one.
        var first: Window?
        var others: [Window] = []
        for touch in event.touchList {
            guard let w = touch.window, w !== first, !others.contains(where: { $0 === w }) else { continue }
            if first == nil { first = w } else { others.append(w) }
            w.sendEvent(event)
        }
    }

    /// The view a touch at `point` (screen coordinates) would go to: the hit-test view of the
    /// frontmost visible window that has a view there. Its `window` is the touch's window.
    public func hitTest(_ point: Point, with event: Event?) -> View? {
        locate(point, with: event)?.view
    }

    func locate(_ point: Point, with event: Event?) -> (window: Window, view: View, location: Point)? {
        for w in windowsFrontToBack where !w.isHidden {
            let p = w.convertFromSuperview(point)
            if let v = w.hitTest(p, with: event) { return (w, v, p) }
        }
        return nil
    }

    /// Starts a touch for `u`; false when no window has a view under it.
    private func begin(_ u: TouchUpdate, event: Event, timestamp: Double) -> Bool {
        // The frontmost visible window with a view under the point takes the touch; this is
        // the touch's one hit test.
        guard let (window, view, location) = locate(u.location, with: event) else { return false }
        let touch = Touch(
            identifier: u.identifier, location: location, window: window,
            timestamp: timestamp, force: u.force, maximumPossibleForce: u.maximumPossibleForce,
            majorRadius: u.majorRadius)
        touch.view = view
        touch.frame = frameNumber
        touch.device = u.device
        touch.slot = u.slot
        if u.type == .pencil { touch.pencil(u) }
        if let last = lastTouchDown, timestamp - last.time <= tapInterval,
            last.location.distance(to: u.location) <= tapDistance
        {
            touch.tapCount = last.count + 1
        }
        lastTouchDown = (timestamp, u.location, touch.tapCount)
        touchesByID[u.identifier] = touch
        event.touchList.append(touch)
        event.unrouted += 1
        return true
    }

    private func finishEndedTouches() {
        guard let event = touchEvent else { return }
        for touch in event.touchList where touch.phase.isFinal { touchesByID[touch.identifier] = nil }
        event.touchList.removeAll { $0.phase.isFinal }
        if event.touchList.isEmpty { touchEvent = nil }
    }
}
