/// The kinds of line the handler log writes, by which an output chooses what it takes
/// (`--log-events`, `--socket-events`, `listen --events`, a socket client's `subscribe`).
/// `gesture` is every state a recognizer enters but `changed`; `gestureChanged` the
/// frame-by-frame updates of a continuous one (a pan's), kept apart so a reader can take
/// what a person reads without the flood.
public enum LineKind: UInt8, CaseIterable, Sendable {
    /// `touchesBegan` … `touchesCancelled`.
    case touches
    /// A recognizer's states but `changed`.
    case gesture
    /// A continuous recognizer's `changed`.
    case gestureChanged
    /// An action sent (a control, a recognizer).
    case action
    /// `deviceAdded`, `deviceRemoved`.
    case device
    /// Motion (shakes).
    case motion
    /// Remote-control commands (media keys).
    case remoteControl
    /// Presses (the scene's keys).
    case presses
    /// A scene command's start and end.
    case command
    /// The scene reloaded.
    case scene
    /// The kiosk went idle, or a contact woke it.
    case idle
    /// A contact that rested too long was cancelled.
    case ghost
    /// A panel's display changed (a display plugged, unplugged or changed, a new pin).
    case screen
    /// Touch locked (cleaning mode) or unlocked.
    case lock
    /// A touch a noise rule filtered.
    case noise

    /// The kind's name in `--log-events`, `--events` and `subscribe`.
    public var name: String {
        switch self {
        case .touches: return "touches"
        case .gesture: return "gesture"
        case .gestureChanged: return "gestureChanged"
        case .action: return "action"
        case .device: return "device"
        case .motion: return "motion"
        case .remoteControl: return "remoteControl"
        case .presses: return "presses"
        case .command: return "command"
        case .scene: return "scene"
        case .idle: return "idle"
        case .ghost: return "ghost"
        case .screen: return "screen"
        case .lock: return "lock"
        case .noise: return "noise"
        }
    }

    /// The kind named `name` (as `--log-events` spells it), nil for no kind.
    public init?(name: String) {
        guard let k = LineKind.allCases.first(where: { $0.name == name }) else { return nil }
        self = k
    }

    /// Every kind's name, in order, for messages and help.
    public static var names: String { allCases.map(\.name).joined(separator: ", ") }
}
