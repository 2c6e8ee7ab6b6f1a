/// An event: for touches, one object for a whole touch sequence, holding every touch in it
/// (UIEvent's role).
public final class Event {
    public enum EventType: Sendable { case touches, motion, remoteControl, presses }

    public enum Subtype: Sendable {
        case none, motionShake
        case remoteControlPlay, remoteControlPause, remoteControlStop, remoteControlTogglePlayPause
        case remoteControlNextTrack, remoteControlPreviousTrack
    }

    public let type: EventType
    public let subtype: Subtype
    /// Seconds, on the same clock as the touches' timestamps.
    public internal(set) var timestamp: Double
    var touchList: [Touch] = []

    public init(type: EventType, subtype: Subtype = .none, timestamp: Double) {
        self.type = type
        self.subtype = subtype
        self.timestamp = timestamp
    }

    /// Every touch of the sequence that is still part of it.
    public var allTouches: Set<Touch>? { type == .touches ? Set(touchList) : nil }

    /// The touches delivered to `view`.
    public func touches(for view: View) -> Set<Touch>? {
        type == .touches ? Set(touchList.filter { $0.view === view }) : nil
    }

    /// The touches that belong to `window`.
    public func touches(for window: Window) -> Set<Touch>? {
        type == .touches ? Set(touchList.filter { $0.window === window }) : nil
    }
}
