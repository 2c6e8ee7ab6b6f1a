/// A window's touch delivery: recognizers see each touch before the views; recognition is
/// arbitrated (failure requirements, delegates, simultaneous recognition, prevention); views
/// get their touches once per phase — withheld, delivered late or cancelled as the
/// recognizers decide. One per window.
final class GestureArbiter {
    /// Its window, which owns it (so never dangling while the arbiter works).
    private unowned(unsafe) let window: Window
    /// Recognizers that have seen touches since their last reset, in the order they joined.
    private var participants: [GestureRecognizer] = []
    /// Touches whose view delivery waits for recognizers (touch-downs or touch-ups).
    private var held: [Touch] = []
    private var event: Event?
    private var resolving = false
    private var needsResolution = false
    /// The storage of the last delivery, lent to the next one (a delivery that starts while
    /// another runs, from a handler, makes its own).
    private var spareCalls: ViewCalls?
    /// The window's touches of the frame being delivered (reused, not allocated per frame).
    private var frameTouches: [Touch] = []

    init(window: Window) { self.window = window }

    // MARK: - A frame

    func deliver(_ event: Event) {
        self.event = event
        // Recognizers see every touch of the window (UIKit's recognizers ignore exclusive and
        // single touch); views only those `route` let them have (`isDelivered`). When every
        // touch of the event is this window's (one window: nearly always), the event's own
        // list is used, with no copy to make and empty.
        let all = event.touchList
        var alone = true
        var new = false
        for t in all {
            guard isOurs(t) else {
                alone = false
                continue
            }
            new = new || (t.phase == .began && !t.attached)
        }
        if alone {
            deliver(all, event, attaching: new)
            return
        }
        var touches = frameTouches  // emptied when put back
        frameTouches = []
        for t in all where isOurs(t) { touches.append(t) }
        deliver(touches, event, attaching: new)
        touches.removeAll(keepingCapacity: true)
        frameTouches = touches
    }

    /// Whether `t` belongs to this window: hit-tested in it, with a view (recognizers see it).
    @inline(__always)
    private func isOurs(_ t: Touch) -> Bool { t.window === window && t.view != nil }

    /// The frame's `touches` of this window through its recognizers and views (`new`: some
    /// began and have no recognizers yet).
    private func deliver(_ touches: [Touch], _ event: Event, attaching new: Bool) {
        if new { for t in touches where t.phase == .began && !t.attached { attachRecognizers(t) } }
        if !participants.isEmpty { deliverToRecognizers(touches, event) }
        resolve()
        deliverToViews(touches, event)
        resolve()
        if !participants.isEmpty {
            for r in participants { r.trackedTouches.removeAll { $0.phase.isFinal } }
            resetFinished()
        }
    }

    /// View calls to fill: the spare storage when no other delivery holds it.
    private func takeCalls() -> ViewCalls {
        if let c = spareCalls {
            spareCalls = nil
            return c
        }
        return ViewCalls()
    }

    /// Sends `calls` and keeps their storage for the next delivery.
    private func send(_ calls: inout ViewCalls, _ event: Event) {
        calls.send(event)
        calls.clear()
        spareCalls = calls
    }

    private func attachRecognizers(_ touch: Touch) {
        touch.attached = true
        var v: View? = touch.view
        while let view = v {
            for r in view.gestureRecognizers
            where r.isEnabled && r.isActive && !(r is HoverGestureRecognizer)
                && r.allowedTouchTypes.contains(touch.type)
                && (r.delegate?.gestureRecognizer(r, shouldReceive: touch) ?? true)
            {
                touch.recognizerRefs.append(WeakRecognizer(recognizer: r))
                if !participants.contains(where: { $0 === r }) { participants.append(r) }
            }
            v = view.superview
        }
    }

    private func deliverToRecognizers(_ touches: [Touch], _ event: Event) {
        for r in participants where r.isEnabled {
            var began = Set<Touch>()
            var moved = Set<Touch>()
            var ended = Set<Touch>()
            var cancelled = Set<Touch>()
            for t in touches where t.isFollowed(by: r) && !r.ignoredTouches.contains(t.serial) {
                switch t.phase {
                case .began: began.insert(t, sizedFor: touches.count)
                case .moved: moved.insert(t, sizedFor: touches.count)
                case .ended: ended.insert(t, sizedFor: touches.count)
                case .cancelled: cancelled.insert(t, sizedFor: touches.count)
                case .stationary: break
                }
            }
            // In touch-down order, so location(ofTouch:) indexes are stable.
            for t in touches where began.contains(t) && !r.trackedTouches.contains(where: { $0 === t }) {
                r.trackedTouches.append(t)
                r.seenTouches.insert(t.serial)
            }
            if !r.trackedTouches.isEmpty { r.lastLocation = r.centroidInWindow }
            if !began.isEmpty, r.isActive { r.touchesBegan(began, with: event) }
            if !moved.isEmpty, r.isActive { r.touchesMoved(moved, with: event) }
            if !ended.isEmpty, r.isActive { r.touchesEnded(ended, with: event) }
            if !cancelled.isEmpty, r.isActive { r.touchesCancelled(cancelled, with: event) }
        }
    }

    // MARK: - Arbitration

    func setNeedsResolution() { needsResolution = true }

    /// Settles every requested recognition, then releases or cancels withheld view touches.
    func resolve() {
        guard !resolving else {
            needsResolution = true
            return
        }
        resolving = true
        defer { resolving = false }
        repeat {
            needsResolution = false
            for r in participants where r.requestedState != nil && r.state == .possible {
                decide(r)
            }
        } while needsResolution
        releaseHeld()
    }

    private func decide(_ r: GestureRecognizer) {
        let waits = requirements(of: r)
        if waits.contains(where: { $0.state == .began || $0.state == .changed || $0.state == .ended }) {
            r.apply(.failed)
            return
        }
        if waits.contains(where: { $0.state == .possible && isParticipating($0) }) { return }  // keep waiting
        let viewsAllow = r.trackedTouches.allSatisfy { $0.view?.gestureRecognizerShouldBegin(r) ?? true }
        guard viewsAllow, r.delegate?.gestureRecognizerShouldBegin(r) ?? true else {
            r.apply(.failed)
            return
        }
        let blockers = participants.filter {
            $0 !== r && ($0.state == .began || $0.state == .changed || $0.state == .ended) && sharesTouches($0, r)
                && !simultaneous($0, r) && $0.canPrevent(r) && r.canBePrevented(by: $0)
        }
        guard blockers.isEmpty else {
            r.apply(.failed)
            return
        }
        r.apply(r.requestedState!)
        for o in participants
        where o !== r && sharesTouches(o, r) && !simultaneous(o, r) && r.canPrevent(o) && o.canBePrevented(by: r) {
            switch o.state {
            case .possible: o.apply(.failed)
            case .began, .changed: o.apply(.cancelled)
            default: break
            }
        }
        if r.cancelsTouchesInView { cancelViewTouches(of: r) }
    }

    private func requirements(of r: GestureRecognizer) -> [GestureRecognizer] {
        var list = r.requiredToFail
        for o in participants where o !== r && !list.contains(where: { $0 === o }) {
            if r.shouldRequireFailure(of: o) || o.shouldBeRequiredToFail(by: r)
                || (r.delegate?.gestureRecognizer(r, shouldRequireFailureOf: o) ?? false)
                || (o.delegate?.gestureRecognizer(o, shouldBeRequiredToFailBy: r) ?? false)
            {
                list.append(o)
            }
        }
        return list
    }

    private func isParticipating(_ r: GestureRecognizer) -> Bool {
        participants.contains { $0 === r } && (!r.trackedTouches.isEmpty || r.timer != nil || r.requestedState != nil)
    }

    /// Whether two recognizers saw a common touch since their last reset (so a multi-tap
    /// between its taps still competes with its own view's recognizers, not with others').
    private func sharesTouches(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        !a.seenTouches.isDisjoint(with: b.seenTouches)
    }

    private func simultaneous(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        (a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) ?? false)
            || (b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) ?? false)
    }

    // MARK: - Views

    /// Touches whose view delivery is withheld.
    var heldTouches: [Touch] { held }

    /// Whether a recognizer of `touch` that delays (began or ended) is still undecided about
    /// it (one that was reset since has no say any more).
    private func undecided(_ touch: Touch, began: Bool) -> Bool {
        touch.recognizerRefs.contains { ref in
            guard let r = ref.recognizer else { return false }
            return (began ? r.delaysTouchesBegan : r.delaysTouchesEnded) && r.isUndecided(about: touch)
        }
    }

    private func deliverToViews(_ touches: [Touch], _ event: Event) {
        var calls = takeCalls()
        for t in touches where t.isDelivered && !t.viewDone {
            switch t.phase {
            case .began:
                if undecided(t, began: true) {
                    hold(t)
                    t.heldBegan = true
                } else {
                    t.viewBegan = true
                    calls.add(t, .began)
                }
            case .moved:
                if t.viewBegan && !t.heldBegan { calls.add(t, .moved) }
            case .ended:
                if t.heldBegan || (t.viewBegan && undecided(t, began: false)) {
                    hold(t)
                    t.heldEnded = true
                } else if t.viewBegan {
                    t.viewDone = true
                    calls.add(t, .ended)
                }
            case .cancelled:
                if t.viewBegan { calls.add(t, .cancelled) }
                t.viewDone = true
                t.heldBegan = false
                t.heldEnded = false
            case .stationary:
                break
            }
        }
        send(&calls, event)
    }

    private func hold(_ t: Touch) {
        if !held.contains(where: { $0 === t }) { held.append(t) }
    }

    /// Withheld touches whose recognizers have decided: delivered late, in order.
    private func releaseHeld() {
        guard let event, !held.isEmpty else { return }
        var calls = takeCalls()
        for t in held {
            if t.viewDone { continue }
            if t.heldBegan && !undecided(t, began: true) {
                t.heldBegan = false
                t.viewBegan = true
                calls.add(t, .began)
            }
            if t.heldEnded && !t.heldBegan && !undecided(t, began: false) {
                t.heldEnded = false
                t.viewDone = true
                calls.add(t, t.phase == .cancelled ? .cancelled : .ended)
            }
        }
        held.removeAll { $0.viewDone || (!$0.heldBegan && !$0.heldEnded) }
        send(&calls, event)
    }

    /// A recognizer with `cancelsTouchesInView` recognized: its touches leave the views.
    /// Touch-ups still withheld for it count too: a recognizer that recognizes after its
    /// touches lifted (a single tap once a double tap failed) cancels them for the view, as
    /// `delaysTouchesEnded` documents.
    private func cancelViewTouches(of r: GestureRecognizer) {
        guard let event else { return }
        var touches = r.trackedTouches
        for t in held where r.seenTouches.contains(t.serial) && !touches.contains(where: { $0 === t }) {
            touches.append(t)
        }
        endForViews(touches, event)
    }

    /// Cancels the touches `view` and its subviews track (the view left the window).
    func cancelTouches(inSubtreeOf view: View) {
        guard let event = window.application?.touchEvent ?? event else { return }
        endForViews(
            (event.touchList + held).filter { $0.window === window && ($0.view?.isDescendant(of: view) ?? false) },
            event)
    }

    /// The views see no more of `touches`: those they saw begin get `touchesCancelled`,
    /// withheld ones are dropped.
    private func endForViews(_ touches: [Touch], _ event: Event) {
        var calls = takeCalls()
        for t in touches where !t.viewDone {
            if t.viewBegan { calls.add(t, .cancelled) }
            t.viewDone = true
            t.heldBegan = false
            t.heldEnded = false
        }
        held.removeAll { $0.viewDone }
        send(&calls, event)
    }

    // MARK: - After the sequence

    /// Recognizers whose gesture is over and whose touches have all lifted go back to
    /// `possible`; idle ones leave the participants.
    private func resetFinished() {
        participants.removeAll { r in
            let touchesGone = r.trackedTouches.isEmpty
            if touchesGone && (r.state == .ended || r.state == .cancelled || r.state == .failed) {
                r.reset()
                return true
            }
            return touchesGone && r.state == .possible && r.timer == nil && r.requestedState == nil
        }
    }

    /// After a timer fired outside a frame.
    func afterTimer() {
        resolve()
        if !participants.isEmpty { resetFinished() }
    }
}

extension Set where Element == Touch {
    /// Inserts, allocating room for `count` touches at the first insert instead of growing
    /// (and rehashing) as a frame's touches arrive.
    @inline(__always)
    mutating func insert(_ t: Touch, sizedFor count: Int) {
        if isEmpty { reserveCapacity(count) }
        insert(t)
    }
}

extension GestureRecognizer {
    /// Still in play: possible, began or changed.
    var isActive: Bool { state == .possible || state == .began || state == .changed }
}
