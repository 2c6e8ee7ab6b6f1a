import TouchInput
import TouchKit

/// The kiosk's own rules around the window: idle and wake (the scene's `idle`: the touch
/// that wakes the screen reaches nothing) and ghost contacts (`--ghost-after`: a contact
/// that rests too long is cancelled everywhere it reached).
extension TouchPipeline {
    /// Starts the idle clock (when the scene has `idle`) and watches for ghosts (when
    /// `ghostAfter` is set) from input time `t` on: the daemon at READY, a recording at its
    /// first event.
    public func startKioskRules(ghostAfter: Double?, at t: Double) {
        if let i = scene.scene.idle { idle = IdleClock(after: i.after, startingAt: t) }
        if let g = ghostAfter { ghosts = GhostWatch(after: g) }
    }

    /// Whether the kiosk is idle now.
    public var isIdle: Bool { idle?.isIdle ?? false }

    /// When idle or a ghost is next due.
    var kioskDeadline: Double? {
        guard hasIdle || watchesGhosts else { return nil }
        switch (idle?.deadline, ghosts?.deadline) {
        case (let a?, let b?): return min(a, b)
        case (let a?, nil): return a
        case (nil, let b?): return b
        case (nil, nil): return nil
        }
    }

    /// What is due at `t`: the kiosk goes idle; contacts resting since `t - ghostAfter` are ghosts.
    func kioskRulesDue(at t: Double) {
        if let after = idle?.after, idle!.advance(to: t) { log.idle(after: after, time: t) }
        guard watchesGhosts else { return }
        for g in ghosts!.ghosts(at: t) { cancelGhost(g.id, at: Point(x: g.x, y: g.y), since: g.since, time: t) }
    }

    /// A contact begins while the idle clock runs: false when it woke the kiosk, or came
    /// while the wake's contacts are down (it then reaches nothing until it lifts).
    func arrives(_ id: UInt64, at p: Point, from panel: Panel, time t: Double) -> Bool {
        switch idle!.began(id, at: t) {
        case .touch: return true
        case .wake:
            log.wake(node: panel.node, id: id, location: p, time: t)
            return false
        case .swallowed: return false
        }
    }

    /// A ghost: logged, then cancelled through the window and on the virtual devices as a
    /// frame of its own; the finger's later lift ends nothing again.
    private func cancelGhost(_ id: UInt64, at p: Point, since: Double, time t: Double) {
        guard let panel = active.removeValue(forKey: id) else { return }
        ignored.insert(id)
        idle?.ended(id, at: t)
        log.ghost(node: panel.node, id: id, location: p, since: since, time: t)
        dispatch(
            [TouchUpdate(identifier: id, phase: .cancelled, location: p, device: panel.number)], from: panel, at: t)
    }

    /// A new scene's `idle` replaces the old one's at `t`: idle stays idle under a new idle;
    /// a scene without one wakes the kiosk (the old scene's wake command runs).
    func replaceIdle(with new: SceneIdle?, at t: Double) {
        guard let new else {
            if let i = idle, i.isIdle { log.wake(node: nil, id: 0, location: Point(x: 0, y: 0), time: t) }
            idle = nil
            return
        }
        if idle == nil {
            idle = IdleClock(after: new.after, startingAt: t)
        } else {
            idle!.after = new.after
            idle!.reset(at: t)
        }
    }
}
