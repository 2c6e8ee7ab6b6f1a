/// An event: for touches, one object for a whole touch sequence, holding every touch in it
/// (UIEvent's role).
public final class Event {
    public enum EventType: Sendable { case touches, motion, remoteControl, presses }

    public enum Subtype: Sendable {
        case none, motionShake
        case remoteControlPlay, remoteControlPause, remoteControlStop, remoteControlTogglePlayPause
        case remoteControlNextTrack, remoteControlPreviousTrack
        case remoteControlBeginSeekingBackward, remoteControlEndSeekingBackward
        case remoteControlBeginSeekingForward, remoteControlEndSeekingForward

        /// UIKit's name for the subtype (`motionShake`, `remoteControlTogglePlayPause`).
        public var name: String {
            switch self {
            case .none: return "none"
            case .motionShake: return "motionShake"
            case .remoteControlPlay: return "remoteControlPlay"
            case .remoteControlPause: return "remoteControlPause"
            case .remoteControlStop: return "remoteControlStop"
            case .remoteControlTogglePlayPause: return "remoteControlTogglePlayPause"
            case .remoteControlNextTrack: return "remoteControlNextTrack"
            case .remoteControlPreviousTrack: return "remoteControlPreviousTrack"
            case .remoteControlBeginSeekingBackward: return "remoteControlBeginSeekingBackward"
            case .remoteControlEndSeekingBackward: return "remoteControlEndSeekingBackward"
            case .remoteControlBeginSeekingForward: return "remoteControlBeginSeekingForward"
            case .remoteControlEndSeekingForward: return "remoteControlEndSeekingForward"
            }
        }
    }

    public let type: EventType
    public let subtype: Subtype
    /// Seconds, on the same clock as the touches' timestamps.
    public internal(set) var timestamp: Double
    var touchList: [Touch] = []
    /// A presses event's presses (every one still down, and the ones changing now).
    public internal(set) var allPresses: Set<Press> = []

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
