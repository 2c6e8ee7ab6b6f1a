/// A physical button or key held down, for the life of one press (UIPress's role): the key's
/// kernel code and name, its phase, and when it last changed.
public final class Press: Hashable, CustomStringConvertible {
    /// Where a press is in its life, as UIPress.Phase.
    public enum Phase: String, Sendable {
        /// The key went down.
        case began
        /// Its value changed (not reported by keys).
        case changed
        /// Held, unchanged.
        case stationary
        /// The key came up.
        case ended
        /// The press ended without the key coming up (the device went, the scene was reloaded).
        case cancelled
    }

    /// The kernel's key code (`KEY_ENTER` is 28) and its name.
    public let key: Int
    /// The key's kernel name (`KEY_ENTER`).
    public let name: String
    /// Where the press is in its life.
    public internal(set) var phase: Phase
    /// Seconds, on the touches' clock.
    public internal(set) var timestamp: Double

    init(key: Int, name: String, timestamp: Double) {
        self.key = key
        self.name = name
        phase = .began
        self.timestamp = timestamp
    }

    public static func == (a: Press, b: Press) -> Bool { a === b }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
    public var description: String { "\(name) \(phase.rawValue)" }
}
