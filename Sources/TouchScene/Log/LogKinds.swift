import InputEvents

/// The kinds of line the handler log writes, by which an output chooses what it takes
/// (`--log-events`, a socket client's `subscribe`).
extension HandlerLog {
    /// `gesture` is every state a recognizer enters but `changed`; `gestureChanged` the
    /// frame-by-frame updates of a continuous one (a pan's), kept apart so a reader can take
    /// what a person reads without the flood.
    public enum Kind: UInt8, CaseIterable, Sendable {
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
            guard let k = Kind.allCases.first(where: { $0.name == name }) else { return nil }
            self = k
        }
    }

    /// Where a line of the log's buffer ends (exclusive) and what kind it is.
    package struct LineMark: Sendable {
        public var end: Int
        public var kind: Kind
    }

    /// A set of kinds; `all` by default.
    public struct Kinds: OptionSet, Sendable {
        public let rawValue: UInt16
        public init(rawValue: UInt16) { self.rawValue = rawValue }
        public init(_ kind: Kind) { rawValue = 1 << UInt16(kind.rawValue) }

        /// Every kind.
        public static let all = Kinds(rawValue: (1 << UInt16(Kind.allCases.count)) - 1)

        public func contains(_ kind: Kind) -> Bool { rawValue & (1 << UInt16(kind.rawValue)) != 0 }

        /// Parses a comma-separated list (`action,device`); nil names the first unknown word.
        public static func parse(_ list: String) -> Result<Kinds, UnknownKind> {
            var k = Kinds()
            for word in list.split(separator: ",", omittingEmptySubsequences: false) {
                let w = word.trimmingSpaces()
                guard let kind = Kind(name: w) else { return .failure(UnknownKind(word: w)) }
                k.insert(Kinds(kind))
            }
            return .success(k)
        }

        /// Every kind's name, for messages.
        public static var names: String { Kind.allCases.map(\.name).joined(separator: ", ") }
    }

    /// A word in a kind list that names no kind.
    public struct UnknownKind: Error, CustomStringConvertible {
        /// The word.
        public let word: String
        public var description: String { "unknown event kind '\(word)' (kinds: \(Kinds.names))" }
    }

    /// Appends to `out` the lines of `buffer` whose kind is in `kinds` (those that begin at
    /// `after` or later).
    package static func copy(
        _ kinds: Kinds, from buffer: TextBuffer, marks: [LineMark], into out: inout TextBuffer,
        after: Int = 0
    ) {
        buffer.withUnsafeBytes { raw in
            var start = 0
            for m in marks {
                if start >= after && kinds.contains(m.kind) {
                    let line = UnsafeBufferPointer(rebasing: raw.assumingMemoryBound(to: UInt8.self)[start..<m.end])
                    out.write(maxBytes: line.count) { $0.write(bytes: line) }
                }
                start = m.end
            }
        }
    }
}

extension Substring {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
