/// An event: for touches, one object for a whole touch sequence, holding every touch in it
/// (UIEvent's role).
public final class Event {
    /// What an event carries, as UIEvent.EventType.
    public enum EventType: Sendable {
        /// Touches on a panel.
        case touches
        /// Motion of the device (a shake).
        case motion
        /// A remote control's (media keys') command.
        case remoteControl
        /// Physical keys.
        case presses
        /// A pen over the screen, not touching it.
        case hover
    }

    /// What kind of motion or remote-control event it is, as UIEvent.EventSubtype.
    public enum Subtype: Sendable {
        /// No subtype (touches, presses).
        case none
        /// A shake.
        case motionShake
        /// Play.
        case remoteControlPlay
        /// Pause.
        case remoteControlPause
        /// Stop.
        case remoteControlStop
        /// Play or pause.
        case remoteControlTogglePlayPause
        /// Next track.
        case remoteControlNextTrack
        /// Previous track.
        case remoteControlPreviousTrack
        /// Rewind key down.
        case remoteControlBeginSeekingBackward
        /// Rewind key up.
        case remoteControlEndSeekingBackward
        /// Fast-forward key down.
        case remoteControlBeginSeekingForward
        /// Fast-forward key up.
        case remoteControlEndSeekingForward

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

    /// What the event carries.
    public let type: EventType
    /// The kind of motion or remote-control event; `none` for touches and presses.
    public let subtype: Subtype
    /// Seconds, on the same clock as the touches' timestamps.
    public internal(set) var timestamp: Double
    var touchList: [Touch] = []
    /// How many of `touchList` no window has routed yet (a frame without a new touch skips
    /// looking for them).
    var unrouted = 0
    /// A presses event's presses (every one still down, and the ones changing now).
    public internal(set) var allPresses: Set<Press> = []

    /// An event of `type` at `timestamp` (the application makes the events it delivers; tests make their own).
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
