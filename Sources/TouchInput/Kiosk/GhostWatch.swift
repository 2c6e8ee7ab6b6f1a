/// Contacts that stay put too long: a finger that never lifts is most often a ghost (a
/// smudge, water, a panel's firmware stuck on a point), and it holds a button down until
/// someone reboots. A contact that stays within its radius for `after` seconds is due.
public struct GhostWatch: Sendable {
    /// Seconds a contact may rest before it is a ghost.
    public let after: Double
    private struct Entry: Sendable {
        let id: UInt64
        /// How far it may stray and still rest (screen points).
        let radius: Double
        /// Where its rest began, and when.
        var anchorX: Double, anchorY: Double, since: Double
        /// Where it is now.
        var x: Double, y: Double
    }
    private var entries: [Entry] = []

    public init(after: Double) { self.after = after }

    /// When the next contact becomes a ghost, if none moves meanwhile; nil with none down.
    public var deadline: Double? { entries.lazy.map(\.since).min().map { $0 + after } }

    /// A contact began at (x, y) at `t`; `radius` is its panel's jitter in screen points.
    public mutating func began(_ id: UInt64, x: Double, y: Double, radius: Double, at t: Double) {
        entries.append(Entry(id: id, radius: radius, anchorX: x, anchorY: y, since: t, x: x, y: y))
    }

    /// A contact moved: beyond its radius from where its rest began, it rests anew from here.
    public mutating func moved(_ id: UInt64, x: Double, y: Double, at t: Double) {
        guard let i = entries.firstIndex(where: { $0.id == id }) else { return }
        entries[i].x = x
        entries[i].y = y
        let dx = x - entries[i].anchorX
        let dy = y - entries[i].anchorY
        if dx * dx + dy * dy > entries[i].radius * entries[i].radius {
            entries[i].anchorX = x
            entries[i].anchorY = y
            entries[i].since = t
        }
    }

    /// A contact ended (lifted or cancelled): no longer watched.
    public mutating func ended(_ id: UInt64) {
        entries.removeAll { $0.id == id }
    }

    /// The contacts that are ghosts at `t`, with where they are and since when they rested;
    /// they are no longer watched.
    public mutating func ghosts(at t: Double) -> [(id: UInt64, x: Double, y: Double, since: Double)] {
        guard let d = deadline, t >= d else { return [] }
        let due = entries.filter { $0.since + after <= t }
        entries.removeAll { $0.since + after <= t }
        return due.map { ($0.id, $0.x, $0.y, $0.since) }
    }
}
