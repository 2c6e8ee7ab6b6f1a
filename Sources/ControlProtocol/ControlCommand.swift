import StrictJSON
import TextBuffers

/// A command an event-socket client sends, one JSON line each: `{"command":"lock","seconds":60}`.
/// The daemon answers each with one line, `ok` or `error`, and its subscription goes on.
package enum ControlCommand: Sendable, Equatable {
    /// The kiosk goes idle now (the scene's idle command runs); the touch that wakes it
    /// reaches nothing.
    case blank
    /// The kiosk wakes now (the scene's wake command runs).
    case wake
    /// Every touch is swallowed (cleaning mode), for `seconds` or until `unlock`.
    case lock(seconds: Double?)
    /// Touch reaches the app again.
    case unlock
    /// The scene file is read again, as SIGHUP does.
    case reload
    /// The kiosk's state in the answer.
    case state
    /// The panels' display backlight set to `value` (0 to 1), or the one of `display`.
    case brightness(value: Double, display: String?)

    /// The commands' names, as a client sends them and the answer repeats them.
    package enum Name: String, CaseIterable, Sendable {
        case blank, wake, lock, unlock, reload, state, brightness
    }

    /// The longest lock a command may ask for: a day (a longer one is a mistake, not cleaning).
    package static let longestLock = Durations.longest

    /// The command's name.
    package var name: Name {
        switch self {
        case .blank: return .blank
        case .wake: return .wake
        case .lock: return .lock
        case .unlock: return .unlock
        case .reload: return .reload
        case .state: return .state
        case .brightness: return .brightness
        }
    }

    /// Every command's name, for messages.
    package static var names: String { Name.allCases.map(\.rawValue).joined(separator: ", ") }

    /// The command without a value that `name` names (lock: for as long as the daemon's default).
    package init?(plain name: Name) {
        switch name {
        case .blank: self = .blank
        case .wake: self = .wake
        case .lock: self = .lock(seconds: nil)
        case .unlock: self = .unlock
        case .reload: self = .reload
        case .state: self = .state
        case .brightness: return nil
        }
    }

    /// The command in a client's object (its members other than `command` are the command's
    /// own); the error says what was expected.
    package static func parse(_ members: [(String, JSONNode)]) -> Result<ControlCommand, ClientLineError> {
        var word: String?
        var seconds: Double?
        var value: Double?
        var display: String?
        for (key, node) in members {
            switch (key, node.value) {
            case (SocketProtocol.Member.command, .string(let s)): word = s
            case ("seconds", .number(let n)): seconds = n
            case ("value", .number(let n)): value = n
            case ("display", .string(let s)) where Self.isConnectorName(s): display = s
            case (SocketProtocol.Member.command, _):
                return .failure(ClientLineError("'command' takes a name (\(names))"))
            case ("seconds", _), ("value", _): return .failure(ClientLineError("'\(key)' takes a number"))
            case ("display", _): return .failure(ClientLineError("'display' takes a connector's name"))
            default: return .failure(ClientLineError("unknown member '\(key)' in a command"))
            }
        }
        guard let name = word.flatMap(Name.init(rawValue:)) else {
            return .failure(ClientLineError("unknown command '\(word ?? "")' (commands: \(names))"))
        }
        if seconds != nil, name != .lock { return .failure(ClientLineError("'seconds' belongs to lock only")) }
        if value != nil || display != nil, name != .brightness {
            return .failure(ClientLineError("'value' and 'display' belong to brightness only"))
        }
        switch name {
        case .lock:
            if let s = seconds, !(s > 0 && s <= longestLock) {
                return .failure(
                    ClientLineError("'seconds' is a number of seconds above 0, at most \(Int(longestLock))"))
            }
            return .success(.lock(seconds: seconds))
        case .brightness:
            guard let v = value, v >= 0, v <= 1 else {
                return .failure(ClientLineError("brightness takes a 'value' from 0.0 to 1.0"))
            }
            return .success(.brightness(value: v, display: display))
        default:
            return ControlCommand(plain: name).map { .success($0) }
                ?? .failure(ClientLineError("'\(name.rawValue)' takes a value"))
        }
    }

    /// A DRM connector's name as the kernel spells it (`HDMI-A-1`, `eDP-1`).
    static func isConnectorName(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.count <= 32
            && s.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 122) || $0 == 45 }
    }

    /// The line a client sends for this command.
    package var line: String {
        var w = JSONWriter(capacity: 96)
        w.object { o in
            o.string(SocketProtocol.Member.command, name.rawValue)
            switch self {
            case .lock(let s?): o.number("seconds", s)
            case .brightness(let v, let d):
                o.number("value", v)
                if let d { o.string("display", d) }
            default: break
            }
        }
        return w.string + "\n"
    }
}
