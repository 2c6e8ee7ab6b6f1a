/// Cleaning mode: while locked, every contact that begins reaches nothing, until an unlock
/// or, when the lock was given a duration, its end.
public struct TouchLock: Sendable, Equatable {
    /// When the lock ends by itself (input time); nil: only an unlock ends it.
    public let until: Double?
    /// Contacts swallowed so far.
    public private(set) var swallowed = 0

    /// A lock from `t` for `seconds` (nil: until unlocked), `swallowed` counted already (a
    /// lock renewed).
    public init(at t: Double, seconds: Double?, swallowed: Int = 0) {
        until = seconds.map { t + $0 }
        self.swallowed = swallowed
    }

    /// A contact began under the lock.
    public mutating func swallow() { swallowed += 1 }
}
