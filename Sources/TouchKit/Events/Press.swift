/// A physical button or key held down, for the life of one press (UIPress's role): the key's
/// kernel code and name, its phase, and when it last changed.
public final class Press: Hashable, CustomStringConvertible {
    public enum Phase: String, Sendable { case began, changed, stationary, ended, cancelled }

    /// The kernel's key code (`KEY_ENTER` is 28) and its name.
    public let key: Int
    public let name: String
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
