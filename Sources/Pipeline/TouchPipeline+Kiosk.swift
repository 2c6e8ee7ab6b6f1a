import TouchInput
import TouchKit
import TouchScene

/// The kiosk's own rules around the window: idle and wake (the scene's `idle`, a command or
/// the display turned off: the touch that wakes the screen reaches nothing), the lock
/// (cleaning mode) and ghost contacts (`--ghost-after`: a contact that rests too long is
/// cancelled everywhere it reached).
extension TouchPipeline {
    /// Starts the idle clock (when the scene has `idle`) and watches for ghosts (when
    /// `ghostAfter` is set) from input time `t` on: the daemon at READY, a recording at its
    /// first event.
    public func startKioskRules(ghostAfter: Double?, at t: Double) {
        gate.start(idleAfter: scene.scene.idle?.after, ghostAfter: ghostAfter, at: t)
    }

    /// Whether the kiosk is idle now.
    public var isIdle: Bool { gate.isIdle }

    /// Whether touches are locked now, and until when (nil: until unlocked).
    public var lockedUntil: Double?? { gate.lockedUntil }

    /// What is due at `t`: the kiosk goes idle; a lock ends; contacts resting since
    /// `t - ghostAfter` are ghosts.
    func kioskRulesDue(at t: Double) {
        let due = gate.due(at: t)
        if let after = due.wentIdle { log.idle(after: after, time: t) }
        if due.lockRanOut { _ = unlockTouches(cause: .timer, at: t) }
        for g in due.ghosts { cancelGhost(g.id, at: Point(x: g.x, y: g.y), since: g.since, time: t) }
    }

    /// Blanks the kiosk now (a command): it goes idle as its timer would make it, and the
    /// touch that wakes it reaches nothing; false when it was idle already.
    public func blank(cause: KioskCause, at t: Double) -> Bool {
        guard gate.blank(at: t) else { return false }
        log.idle(after: nil, cause: cause, time: t)
        return true
    }

    /// Wakes the kiosk without a touch (a command, its display turned back on); false when it
    /// was not idle.
    public func wake(cause: KioskCause, at t: Double) -> Bool {
        guard gate.wake(at: t) else { return false }
        log.wake(node: nil, cause: cause, time: t)
        return true
    }

    /// Locks touch (cleaning mode) from `t`, for `seconds` or until unlocked: the touches
    /// down are cancelled through the window, a pen's hover, presses and shakes under way too,
    /// and every input that begins is swallowed (the gate). A lock while locked replaces its
    /// duration.
    public func lockTouches(seconds: Double?, cause: KioskCause, at t: Double) {
        if !touches.active.isEmpty {
            scene.app.cancelAllTouches(timestamp: t)
            outputs.cancel(nil)
            for id in touches.ignoreActive() { gate.forgetGhost(id) }
        }
        holdInputsUnderWay(at: t)
        gate.lock(seconds: seconds, at: t)
        log.lock(seconds: seconds, cause: cause, time: t)
    }

    /// Touch reaches the window again; false when it was not locked.
    public func unlockTouches(cause: KioskCause, at t: Double) -> Bool {
        guard let swallowed = gate.unlock() else { return false }
        log.unlock(swallowed: swallowed, cause: cause, time: t)
        return true
    }

    /// A ghost: logged, then cancelled through the window and on the virtual devices as a
    /// frame of its own; the finger's later lift ends nothing again.
    private func cancelGhost(_ id: UInt64, at p: Point, since: Double, time t: Double) {
        guard let panel = touches.takeOut(id) else { return }
        gate.ended(id, at: t)
        log.ghost(node: panel.node, id: id, location: p, since: since, time: t)
        dispatch(
            [TouchUpdate(identifier: id, phase: .cancelled, location: p, device: panel.number)], from: panel, at: t)
    }

    /// A new scene's `idle` replaces the old one's at `t`: idle stays idle under a new idle;
    /// a scene without one wakes the kiosk (the old scene's wake command runs).
    func replaceIdle(with new: SceneIdle?, at t: Double) {
        if gate.replaceIdle(with: new, at: t) { log.wake(node: nil, cause: .scene, time: t) }
    }
}
