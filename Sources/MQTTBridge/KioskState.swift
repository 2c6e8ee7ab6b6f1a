import ControlProtocol
import StrictJSON

/// What the bridge knows of the kiosk, from the daemon's socket: the hello line, the `state`
/// answer, and the lines that change it (idle, wake, lock, unlock, action, devices).
public struct KioskState: Sendable, Equatable {
    private typealias Key = SocketProtocol.Key
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
            case .string(let event)? = root.child(Key.event)?.value
        else { return ([], nil) }
        let before = self
        var answer: Answer?
        var changes: Changes = []
        switch event {
        case SocketProtocol.Event.hello.rawValue:
            let hello = HelloFacts(root)
            idle = hello.idle
            locked = hello.locked
            panels = hello.devices.filter { $0.kind == SocketProtocol.touchscreenKind }.count
            served = hello.serves
            changes.formUnion([.asksForState, .hello])
        case SocketProtocol.LogEvent.idle: idle = true
        case SocketProtocol.LogEvent.wake: idle = false
        case SocketProtocol.LogEvent.lock: locked = true
        case SocketProtocol.LogEvent.unlock: locked = false
        case SocketProtocol.LogEvent.action:
            if case .string(let a)? = root.child(Key.action)?.value { lastAction = a }
        case SocketProtocol.LogEvent.deviceAdded, SocketProtocol.LogEvent.deviceRemoved: changes.insert(.asksForState)
        case SocketProtocol.Event.ok.rawValue:
            let command = root.child(Key.command)?.stringValue
            answer = Answer(command: command, error: nil)
            if command == ControlCommand.Name.state.rawValue { takeState(root) }
            if command == ControlCommand.Name.brightness.rawValue,
                case .number(let b)? = root.child(Key.brightness)?.value
            {
                brightness = b
            }
        case SocketProtocol.Event.error.rawValue:
            answer = Answer(
                command: root.child(Key.command)?.stringValue, error: root.child(Key.error)?.stringValue ?? "")
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
        if case .bool(let i)? = root.child(Key.idle)?.value { idle = i }
        if case .bool(let l)? = root.child(Key.locked)?.value { locked = l }
        guard case .array(let list)? = root.child(Key.panels)?.value else { return }
        panels = list.count
        brightness =
            list.lazy.compactMap { p -> Double? in
                if case .number(let b)? = p.child(Key.brightness)?.value { return b }
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
