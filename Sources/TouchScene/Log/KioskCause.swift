import InputEvents
import TextBuffers

/// Who or what changed the kiosk's state (idle, wake, lock, unlock), said on its log line as
/// `cause` so that an integrator can tell a blank from outside from the idle timer's.
public enum KioskCause: Sendable, Equatable {
    /// The scene's idle timer, or a lock's duration running out.
    case timer
    /// A contact on a panel.
    case touch
    /// A pen hovering over a panel.
    case pen
    /// A key (a press the scene names, a media key).
    case key
    /// The scene was reloaded (one without `idle` wakes the kiosk).
    case scene
    /// A command from an event-socket client: its uid and pid as the kernel gave them.
    case command(uid: UInt32?, pid: Int32?)

    /// The `cause` member's value.
    public var name: StaticString {
        switch self {
        case .timer: return "timer"
        case .touch: return "touch"
        case .pen: return "pen"
        case .key: return "key"
        case .scene: return "scene"
        case .command: return "command"
        }
    }
}

extension HandlerLog {
    /// `"cause":…` with the command's uid and pid; in text ` by …` unless it is
    /// `plain` (what the line says without it: the timer for idle, a touch for wake).
    func causeFields(_ cause: KioskCause, plain: KioskCause, into b: inout TextBuffer, _ f: LineFields) {
        f.symbol(&b, "cause", cause.name, text: cause != plain ? .labelled("by") : .hidden)
        if case .command(let uid, let pid) = cause {
            f.integer(&b, "uid", uid.map(Int64.init), text: .labelled("uid"))
            f.integer(&b, "pid", pid.map(Int64.init), text: .labelled("pid"))
        }
    }
}
