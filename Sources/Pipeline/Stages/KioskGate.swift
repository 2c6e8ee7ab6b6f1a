import TouchInput
import TouchScene

/// The kiosk's one gate and its rules, as state of their own: the idle clock (the scene's
/// `idle`, a command, a display turned off), the lock (cleaning mode) and the ghost watch
/// (`--ghost-after`). Every input that begins asks it first; it decides, and the pipeline says
/// and does what it decided (a `wake` line, touches cancelled).
package struct KioskGate {
    /// What the gate says of an input that begins.
    package enum Verdict: Equatable, Sendable {
        /// It reaches the window.
        case pass
        /// Swallowed: touch is locked, or it came while the wake's inputs are still down.
        case swallowed
        /// It woke the kiosk (`displayOff`: the panel's display, when that was off) and
        /// reaches nothing until it ends.
        case wake(displayOff: String?)
    }

    /// What came due at an instant of input time.
    package struct Due {
        /// The kiosk went idle, untouched for this many seconds.
        package var wentIdle: Double?
        /// The lock's time ran out.
        package var lockRanOut = false
        /// Contacts that rested too long, with where they rest and since when.
        package var ghosts: [(id: UInt64, x: Double, y: Double, since: Double)] = []
    }

    package private(set) var idle: IdleClock? { didSet { hasIdle = idle != nil } }
    package private(set) var ghosts: GhostWatch? { didSet { watchesGhosts = ghosts != nil } }
    private(set) var lock: TouchLock? { didSet { hasLock = lock != nil } }
    /// Whether `idle`, `ghosts` and `lock` are set, read per contact: testing an optional struct
    /// with arrays in it for nil costs a copy (their retains and releases).
    private(set) var hasIdle = false, watchesGhosts = false, hasLock = false
    /// The connector of a panel's display when that display is off now (whoever turned it
    /// off), else nil; asked as an input begins on it. Live runs give it.
    private let displayOff: ((Panel) -> String?)?
    private let watchesDisplays: Bool

    /// A gate open to every contact; with `displayOff`, it follows the panels' displays: an
    /// input on a panel whose display is off only wakes it.
    package init(displayOff: ((Panel) -> String?)? = nil) {
        self.displayOff = displayOff
        watchesDisplays = displayOff != nil
    }

    /// Starts the idle clock (after `idleAfter` seconds untouched) and the ghost watch (a
    /// contact resting `ghostAfter` seconds) from input time `t`.
    package mutating func start(idleAfter: Double?, ghostAfter: Double?, at t: Double) {
        if let i = idleAfter { idle = IdleClock(after: i, startingAt: t) }
        if let g = ghostAfter { ghosts = GhostWatch(after: g) }
    }

    /// Whether the kiosk is idle now.
    package var isIdle: Bool { idle?.isIdle ?? false }
    /// Whether touch is locked now, and until when (nil: until unlocked).
    package var lockedUntil: Double?? { lock.map { $0.until } }
    /// Whether a contact that begins must ask the gate (idle, locked or a display followed).
    @inline(__always) package var guardsContacts: Bool { hasIdle || hasLock || watchesDisplays }
    /// Whether any rule has a deadline to keep.
    @inline(__always) package var hasRules: Bool { hasIdle || watchesGhosts || hasLock }
    /// Whether a shake may begin now: not while locked nor idle (a bump is no one asking for
    /// the screen: it does not wake the kiosk).
    package var shakePasses: Bool { !hasLock && !isIdle }

    /// When idle, a lock's end or a ghost is next due.
    package var deadline: Double? {
        guard hasRules else { return nil }
        return [idle?.deadline, ghosts?.deadline, lock?.until].compactMap { $0 }.min()
    }

    /// An input `id` begins at `t` on `panel` (nil: a key): whether it passes.
    package mutating func admit(_ id: UInt64, on panel: Panel?, at t: Double) -> Verdict {
        if hasLock {
            lock!.swallow()
            return .swallowed
        }
        var dark: String?
        if let panel, watchesDisplays, !isIdle, let off = displayOff?(panel) {
            // Someone else turned the display off: this input only wakes it.
            if idle == nil { idle = IdleClock.manual(at: t) }
            _ = idle!.goIdle()
            dark = off
        }
        guard hasIdle else { return .pass }
        switch idle!.began(id, at: t) {
        case .touch: return .pass
        case .wake: return .wake(displayOff: dark)
        case .swallowed: return .swallowed
        }
    }

    /// An input the gate had (admitted or held) ended.
    @inline(__always) package mutating func ended(_ id: UInt64, at t: Double) {
        if hasIdle { idle!.ended(id, at: t) }
    }

    /// A contact sent to the window began at (`x`, `y`): the ghost watch follows it.
    @inline(__always) package mutating func contactBegan(
        _ id: UInt64, x: Double, y: Double, radius: Double, at t: Double
    ) {
        if watchesGhosts { ghosts!.began(id, x: x, y: y, radius: radius, at: t) }
    }

    /// A contact sent to the window moved.
    @inline(__always) package mutating func contactMoved(_ id: UInt64, x: Double, y: Double, at t: Double) {
        if watchesGhosts { ghosts!.moved(id, x: x, y: y, at: t) }
    }

    /// A contact sent to the window ended: the idle clock and the ghost watch let it go.
    @inline(__always) package mutating func contactEnded(_ id: UInt64, at t: Double) {
        if hasIdle { idle!.ended(id, at: t) }
        if watchesGhosts { ghosts!.ended(id) }
    }

    /// A contact was cancelled by the pipeline itself (a reload, a lock, a new mapping): no
    /// ghost any more.
    package mutating func forgetGhost(_ id: UInt64) {
        if watchesGhosts { ghosts!.ended(id) }
    }

    /// What is due at `t`: the kiosk goes idle, a lock runs out, contacts resting since
    /// `t - ghostAfter` are ghosts (the watch lets them go).
    package mutating func due(at t: Double) -> Due {
        var due = Due()
        if let after = idle?.after, idle!.advance(to: t) { due.wentIdle = after }
        if let until = lock?.until, until <= t { due.lockRanOut = true }
        if watchesGhosts { due.ghosts = ghosts!.ghosts(at: t) }
        return due
    }

    /// Blanks the kiosk now (a command); false when it was idle already.
    package mutating func blank(at t: Double) -> Bool {
        if idle == nil { idle = IdleClock.manual(at: t) }
        return idle!.goIdle()
    }

    /// Wakes the kiosk without an input; false when it was not idle.
    package mutating func wake(at t: Double) -> Bool {
        guard let i = idle, i.isIdle else { return false }
        idle!.wakeUp(at: t)
        return true
    }

    /// Locks touch from `t`, for `seconds` or until unlocked; a lock while locked replaces its
    /// duration and keeps its count.
    package mutating func lock(seconds: Double?, at t: Double) {
        lock = TouchLock(at: t, seconds: seconds, swallowed: lock?.swallowed ?? 0)
    }

    /// Unlocks touch: the inputs the lock swallowed, nil when it was not locked.
    package mutating func unlock() -> Int? {
        guard let l = lock else { return nil }
        lock = nil
        return l.swallowed
    }

    /// A new scene's `idle` replaces the old one's at `t`: idle stays idle under a new idle; a
    /// scene without one drops the clock (one that only commands and the display put idle
    /// stays). True when that woke the kiosk.
    package mutating func replaceIdle(with new: SceneIdle?, at t: Double) -> Bool {
        guard let new else {
            guard let i = idle, i.counts else { return false }
            idle = nil
            return i.isIdle
        }
        if idle == nil {
            idle = IdleClock(after: new.after, startingAt: t)
        } else {
            idle!.after = new.after
            idle!.reset(at: t)
        }
        return false
    }
}
