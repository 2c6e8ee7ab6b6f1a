import TouchInput

/// What a drawing surface shows on a panel's display: the marks and lines a tool asks for,
/// the contacts `spots` follows, and words, all in the panel's screen points.
public struct MarkScene: Equatable, Sendable {
    /// Where a mark or line stands in its session: what its colour says.
    public enum State: Equatable, Sendable {
        /// Not asked for yet.
        case pending
        /// Asked for now.
        case waiting
        /// Its touch was taken.
        case taken
        /// Its touch was refused (moved, a second finger, off the line).
        case refused
    }

    /// A crosshair centred on `point`.
    public struct Mark: Equatable, Sendable {
        public var point: ScreenPoint
        public var state: State

        public init(point: ScreenPoint, state: State = .pending) {
            self.point = point
            self.state = state
        }
    }

    /// A line to draw from `from` to `to`, with what was drawn along it.
    public struct Line: Equatable, Sendable {
        public var from: ScreenPoint
        public var to: ScreenPoint
        public var state: State
        /// The stroke as the panel reported it.
        public var drawn: [ScreenPoint]

        public init(from: ScreenPoint, to: ScreenPoint, state: State = .pending, drawn: [ScreenPoint] = []) {
            self.from = from
            self.to = to
            self.state = state
            self.drawn = drawn
        }
    }

    /// A contact `spots` shows where it lands.
    public struct Spot: Equatable, Sendable {
        /// A finger (a ring), a pen on the glass (a dot sized by `pressure`, 0…1) or a pen hovering (an outline).
        public enum Kind: Equatable, Sendable {
            case finger
            case pen(pressure: Double)
            case hover
        }

        public var point: ScreenPoint
        /// The contact's identifier, written beside it.
        public var identifier: Int
        public var kind: Kind

        public init(point: ScreenPoint, identifier: Int, kind: Kind = .finger) {
            self.point = point
            self.identifier = identifier
            self.kind = kind
        }
    }

    /// A verdict shown at the end of a session.
    public struct Result: Equatable, Sendable {
        public var pass: Bool
        /// Its lines, the first the largest.
        public var lines: [String]

        public init(pass: Bool, lines: [String]) {
            self.pass = pass
            self.lines = lines
        }
    }

    public var marks: [Mark] = []
    public var lines: [Line] = []
    public var spots: [Spot] = []
    /// What the person is asked to do, written away from the mark asked for.
    public var instruction: String?
    public var result: Result?

    public init() {}

    /// The point the instruction keeps away from: the mark or line asked for now.
    public var focus: ScreenPoint? {
        if let m = marks.first(where: { $0.state == .waiting || $0.state == .refused }) { return m.point }
        if let l = lines.first(where: { $0.state == .waiting }) {
            return ScreenPoint(x: (l.from.x + l.to.x) / 2, y: (l.from.y + l.to.y) / 2)
        }
        return nil
    }
}
