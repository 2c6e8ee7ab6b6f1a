import StrictJSON

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

    /// The longest lock a command may ask for: a day (a longer one is a mistake, not cleaning).
    package static let longestLock = 86_400.0

    /// The command's name, as the client sends it and the answer repeats it.
    package var name: String {
        switch self {
        case .blank: return "blank"
        case .wake: return "wake"
        case .lock: return "lock"
        case .unlock: return "unlock"
        case .reload: return "reload"
        case .state: return "state"
        case .brightness: return "brightness"
        }
    }

    /// Every command's name, for messages.
    package static let names = "blank, wake, lock, unlock, reload, state, brightness"

    /// The command in a client's object (its members other than `command` are the command's
    /// own); the error says what was expected.
    static func parse(_ members: [(String, JSONNode)]) -> Result<ControlCommand, SubscriptionError> {
        var name: String?
        var seconds: Double?
        var value: Double?
        var display: String?
        for (key, node) in members {
            switch (key, node.value) {
            case ("command", .string(let s)): name = s
            case ("seconds", .number(let n)): seconds = n
            case ("value", .number(let n)): value = n
            case ("display", .string(let s)) where Self.isConnectorName(s): display = s
            case ("command", _): return .failure(SubscriptionError("'command' takes a name (\(names))"))
            case ("seconds", _), ("value", _): return .failure(SubscriptionError("'\(key)' takes a number"))
            case ("display", _): return .failure(SubscriptionError("'display' takes a connector's name"))
            default: return .failure(SubscriptionError("unknown member '\(key)' in a command"))
            }
        }
        let command: ControlCommand
        switch name {
        case "blank": command = .blank
        case "wake": command = .wake
        case "unlock": command = .unlock
        case "reload": command = .reload
        case "state": command = .state
        case "lock":
            if let s = seconds, !(s > 0 && s <= longestLock) {
                return .failure(
                    SubscriptionError("'seconds' is a number of seconds above 0, at most \(Int(longestLock))"))
            }
            command = .lock(seconds: seconds)
        case "brightness":
            guard let v = value, v >= 0, v <= 1 else {
                return .failure(SubscriptionError("brightness takes a 'value' from 0.0 to 1.0"))
            }
            command = .brightness(value: v, display: display)
        default:
            return .failure(SubscriptionError("unknown command '\(name ?? "")' (commands: \(names))"))
        }
        if seconds != nil, name != "lock" { return .failure(SubscriptionError("'seconds' belongs to lock only")) }
        if value != nil || display != nil, name != "brightness" {
            return .failure(SubscriptionError("'value' and 'display' belong to brightness only"))
        }
        return .success(command)
    }

    /// A DRM connector's name as the kernel spells it (`HDMI-A-1`, `eDP-1`).
    static func isConnectorName(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.count <= 32
            && s.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 122) || $0 == 45 }
    }

    /// The line a client sends for this command.
    package var line: String {
        switch self {
        case .lock(let s?): return "{\"command\":\"lock\",\"seconds\":\(s)}\n"
        case .brightness(let v, let d):
            let display = d.map { ",\"display\":\"\($0)\"" } ?? ""
            return "{\"command\":\"brightness\",\"value\":\(v)\(display)}\n"
        default: return "{\"command\":\"\(name)\"}\n"
        }
    }

    /// A command as a person writes it on a command line: `lock`, `lock=60`, `brightness=0.4`
    /// (or the JSON line itself); the error says what was expected.
    package static func parse(word: String) -> Result<ControlCommand, SubscriptionError> {
        if word.first == "{" {
            guard let root = try? JSONParser.parse(Array(word.utf8)), case .object(let members) = root.value else {
                return .failure(SubscriptionError("'\(word)' is not a JSON object"))
            }
            return parse(members)
        }
        let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
        let name = parts.first ?? ""
        guard parts.count == 2 else { return parse([("command", JSONNode(value: .string(name), line: 1))]) }
        guard let n = Double(parts[1]) else {
            return .failure(SubscriptionError("'\(parts[1])' is not a number (as in lock=60 or brightness=0.4)"))
        }
        switch name {
        case "lock":
            return parse([
                ("command", JSONNode(value: .string(name), line: 1)), ("seconds", JSONNode(value: .number(n), line: 1)),
            ])
        case "brightness":
            return parse([
                ("command", JSONNode(value: .string(name), line: 1)), ("value", JSONNode(value: .number(n), line: 1)),
            ])
        default: return .failure(SubscriptionError("'\(name)' takes no value (lock=SECONDS, brightness=0.0…1.0 do)"))
        }
    }
}
