/// How long to wait before connecting again: 1 s, doubling to `longest`, back to 1 s once a
/// connection holds. A broker or daemon that is down is asked again without hammering it.
public struct Backoff: Sendable, Equatable {
    public let shortest: Double
    public let longest: Double
    private var next: Double

    public init(shortest: Double = 1, longest: Double = 60) {
        self.shortest = shortest
        self.longest = longest
        next = shortest
    }

    /// The wait before the next attempt; the one after is twice as long (at most `longest`).
    public mutating func delay() -> Double {
        defer { next = min(next * 2, longest) }
        return next
    }

    /// A connection succeeded: the next failure waits the shortest time again.
    public mutating func reset() { next = shortest }
}
