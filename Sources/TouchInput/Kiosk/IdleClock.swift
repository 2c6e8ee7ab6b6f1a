/// Whether the kiosk is in use: after `after` seconds with no contact on any panel it is
/// idle (the screen may blank); the first contact then wakes it, and that contact — with any
/// other that comes down before every finger is up — is the wake's, never a click.
public struct IdleClock: Sendable {
    /// Seconds without a contact before the kiosk is idle.
    public var after: Double
    /// Idle: the screen is (or is being) blanked.
    public private(set) var isIdle = false
    /// Contacts in use, and those that woke the kiosk, down now.
    private var inUse: Set<UInt64> = []
    private var waking: Set<UInt64> = []
    /// Since when nothing has touched (nil while something does, or while idle).
    private var quietSince: Double?

    /// A clock that starts counting at `t`.
    public init(after: Double, startingAt t: Double) {
        self.after = after
        quietSince = t
    }

    /// A clock that never goes idle by itself, only when told (`goIdle`): a kiosk blanked from
    /// outside, or whose display went off, while its scene has no `idle`.
    public static func manual(at t: Double) -> IdleClock { IdleClock(after: .infinity, startingAt: t) }

    /// Whether the clock goes idle by itself (the scene's `idle.after`).
    public var counts: Bool { after.isFinite }

    /// When the kiosk becomes idle if nothing touches meanwhile; nil while something does, or
    /// idle, or for a clock that never goes idle by itself.
    public var deadline: Double? { counts ? quietSince.map { $0 + after } : nil }

    /// Time went on to `t`: true when the kiosk became idle now.
    public mutating func advance(to t: Double) -> Bool {
        guard let d = deadline, t >= d else { return false }
        isIdle = true
        quietSince = nil
        return true
    }

    /// What a contact that begins is.
    public enum Arrival: Sendable, Equatable {
        /// In use: it goes where touches go.
        case touch
        /// It woke the kiosk: the wake is announced, and the contact reaches nothing.
        case wake
        /// It came while the wake's contacts are down: it reaches nothing either.
        case swallowed
    }

    /// A contact began at `t`.
    public mutating func began(_ id: UInt64, at t: Double) -> Arrival {
        quietSince = nil
        if isIdle {
            isIdle = false
            waking.insert(id)
            return .wake
        }
        if !waking.isEmpty {
            waking.insert(id)
            return .swallowed
        }
        inUse.insert(id)
        return .touch
    }

    /// Whether `id` is one of the wake's contacts (what it does reaches nothing).
    public func isWaking(_ id: UInt64) -> Bool { !waking.isEmpty && waking.contains(id) }

    /// A contact ended (lifted, cancelled, a ghost) at `t`: with none left, the quiet begins.
    public mutating func ended(_ id: UInt64, at t: Double) {
        guard waking.remove(id) != nil || inUse.remove(id) != nil else { return }
        if inUse.isEmpty && waking.isEmpty && !isIdle { quietSince = t }
    }

    /// Every contact is gone at `t` (a reload, shutdown): the quiet begins unless idle.
    public mutating func reset(at t: Double) {
        inUse.removeAll()
        waking.removeAll()
        if !isIdle { quietSince = t }
    }

    /// Goes idle now, whatever the quiet (a command, the display turned off): false when it
    /// was idle already. Contacts down stay theirs: only the next one to begin wakes.
    public mutating func goIdle() -> Bool {
        guard !isIdle else { return false }
        isIdle = true
        quietSince = nil
        return true
    }

    /// Wakes without a touch (the scene that asked for idle is gone, a command).
    public mutating func wakeUp(at t: Double) {
        isIdle = false
        quietSince = t
    }
}
