import ControlProtocol
import StrictJSON

/// What the bridge knows of the kiosk, from the daemon's socket: the hello line, the `state`
/// answer, and the lines that change it (idle, wake, lock, unlock, action, devices).
public struct KioskState: Sendable, Equatable {
    public var idle = false
    public var locked = false
    /// The last action a control or recognizer sent (nil before the first).
    public var lastAction: String?
    /// The touchscreens present.
    public var panels = 0
    /// The backlight's level of the first panel's display that has one (0 to 1); nil: none has.
    public var brightness: Double?
    /// The kinds the daemon's socket serves, from its hello (nil: a daemon that does not say,
    /// which serves every kind).
    public var served: [String]?

    public init() {}

    /// Which of the state's parts a line changed.
    public struct Changes: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let idle = Changes(rawValue: 1)
        public static let locked = Changes(rawValue: 2)
        public static let lastAction = Changes(rawValue: 4)
        public static let panels = Changes(rawValue: 8)
        public static let brightness = Changes(rawValue: 16)
        /// Devices came or went: ask the daemon for its state again.
        public static let asksForState = Changes(rawValue: 32)
        /// The hello line: the connection's first, saying what the socket serves.
        public static let hello = Changes(rawValue: 64)
    }

    /// An answer the daemon sent: its command, and the error when it refused.
    public struct Answer: Sendable, Equatable {
        public var command: String?
        public var error: String?

        public init(command: String?, error: String?) {
            self.command = command
            self.error = error
        }
    }

    /// Takes one line from the socket; what it changed, and the answer it is (if one).
    public mutating func take(_ line: [UInt8]) -> (Changes, Answer?) {
        guard line.count < 1 << 16, let root = try? JSONParser.parse(line),
            case .string(let event)? = root.child("event")?.value
        else { return ([], nil) }
        let before = self
        var answer: Answer?
        var changes: Changes = []
        switch event {
        case SocketProtocol.Event.hello.rawValue:
            if case .bool(let i)? = root.child("idle")?.value { idle = i }
            if case .bool(let l)? = root.child("locked")?.value { locked = l }
            if case .array(let devices)? = root.child("devices")?.value {
                panels =
                    devices.filter { d in
                        if case .string("touchscreen")? = d.child("kind")?.value { return true }
                        return false
                    }.count
            }
            served = nil
            if case .array(let kinds)? = root.child("serves")?.value {
                served = kinds.compactMap(\.stringValue)
            }
            changes.formUnion([.asksForState, .hello])
        case "idle": idle = true
        case "wake": idle = false
        case "lock": locked = true
        case "unlock": locked = false
        case "action":
            if case .string(let a)? = root.child("action")?.value { lastAction = a }
        case "deviceAdded", "deviceRemoved": changes.insert(.asksForState)
        case SocketProtocol.Event.ok.rawValue:
            let command = root.child("command")?.stringValue
            answer = Answer(command: command, error: nil)
            if command == "state" { takeState(root) }
            if command == "brightness", case .number(let b)? = root.child("brightness")?.value { brightness = b }
        case SocketProtocol.Event.error.rawValue:
            answer = Answer(command: root.child("command")?.stringValue, error: root.child("error")?.stringValue ?? "")
        default: break
        }
        if idle != before.idle { changes.insert(.idle) }
        if locked != before.locked { changes.insert(.locked) }
        if lastAction != before.lastAction { changes.insert(.lastAction) }
        if panels != before.panels { changes.insert(.panels) }
        if brightness != before.brightness { changes.insert(.brightness) }
        return (changes, answer)
    }

    /// The `state` answer's members.
    private mutating func takeState(_ root: JSONNode) {
        if case .bool(let i)? = root.child("idle")?.value { idle = i }
        if case .bool(let l)? = root.child("locked")?.value { locked = l }
        guard case .array(let list)? = root.child("panels")?.value else { return }
        panels = list.count
        brightness =
            list.lazy.compactMap { p -> Double? in
                if case .number(let b)? = p.child("brightness")?.value { return b }
                return nil
            }.first
    }
}

extension JSONNode {
    fileprivate var stringValue: String? {
        if case .string(let s) = value { return s }
        return nil
    }
}
