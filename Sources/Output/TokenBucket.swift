/// A rate limit for lines a person reads (a command's output, the socket's connections in the
/// journal): `burst` at once, then `perSecond`; what is over it is counted, for one line that
/// says how many were left out. The caller hands in the time, so it is tested without a clock.
public struct TokenBucket: Sendable {
    public let burst: Double
    public let perSecond: Double
    private var tokens: Double
    private var refilled: Double?
    /// Lines refused since the count was last taken.
    public private(set) var refused = 0

    public init(burst: Double, perSecond: Double) {
        self.burst = burst
        self.perSecond = perSecond
        tokens = burst
    }

    /// Whether a line may be written at `now` (seconds); a refused one is counted.
    public mutating func take(at now: Double) -> Bool {
        if let last = refilled { tokens = min(burst, tokens + max(0, now - last) * perSecond) }
        refilled = now
        guard tokens >= 1 else {
            refused += 1
            return false
        }
        tokens -= 1
        return true
    }

    /// The lines refused since the last call, and the count begun anew.
    public mutating func takeRefused() -> Int {
        defer { refused = 0 }
        return refused
    }
}
