/// What a virtual pointer does: move (absolute, in screen points), press or release a button,
/// or scroll (in the kernel's high-resolution wheel units, 120 a detent).
public enum PointerAction: Equatable, Sendable {
    /// The pointer goes to (x, y), global screen points.
    case move(x: Double, y: Double)
    /// A button is pressed (`down`) or released.
    case button(PointerButton, down: Bool)
    /// Positive `vertical` scrolls up (the wheel turned away), positive `horizontal` right,
    /// as `REL_WHEEL_HI_RES` and `REL_HWHEEL_HI_RES` count.
    case scroll(vertical: Int32, horizontal: Int32)
}

/// A mouse button a gesture presses.
public enum PointerButton: Sendable {
    /// `BTN_LEFT`: a tap, a drag.
    case left
    /// `BTN_RIGHT`: a long press.
    case right
}

/// Touches turned into what a mouse does, for apps that take no touch: a tap clicks where
/// the finger was, a long press right-clicks there, a one-finger drag holds the left button,
/// a two-finger pan scrolls. Each gesture gives exactly one of these; a touch cancelled before
/// it is decided gives none (a drag under way is released).
public struct PointerGestures: Sendable {
    /// How gestures are told apart, and how far a scroll goes.
    public struct Settings: Sendable, Equatable {
        /// Seconds a finger rests before it is a long press (UIKit's long press default).
        public var longPressDuration = 0.5
        /// Points a finger may stray and still tap or long-press (UIKit's long press default).
        public var allowableMovement = 10.0
        /// High-resolution wheel units per point the fingers move (120 a detent: a detent
        /// per 100 points).
        public var scrollUnitsPerPoint = 1.2
        /// Content follows the fingers (fingers moving down scroll up, as on a phone);
        /// false: the other way, as a wheel turned toward the user.
        public var naturalScrolling = true

        public init() {}
    }

    private enum State: Sendable {
        /// No gesture: no finger, or the rest of one that is over.
        case none
        /// One finger down, not yet a tap, drag or long press.
        case pressing(id: UInt64, x: Double, y: Double, since: Double)
        /// The left button is held and follows this finger.
        case dragging(id: UInt64)
        /// Two fingers scroll; where their midpoint was last, and the units not yet sent.
        case scrolling(first: UInt64, second: UInt64, x: Double, y: Double, restV: Double, restH: Double)
        /// The gesture gave its action; nothing more until every finger is up.
        case done
    }

    public var settings: Settings
    private var state = State.none
    /// The fingers down (those this gesture has, and any more), with where each is.
    private var down: [(id: UInt64, x: Double, y: Double)] = []

    public init(settings: Settings = Settings()) { self.settings = settings }

    /// When a finger resting since then becomes a long press; nil when nothing waits.
    public var deadline: Double? {
        if case .pressing(_, _, _, let since) = state { return since + settings.longPressDuration }
        return nil
    }

    /// A finger touched down at (x, y) at time `t`.
    public mutating func began(_ id: UInt64, x: Double, y: Double, at t: Double, into actions: inout [PointerAction]) {
        down.append((id, x, y))
        switch state {
        case .none where down.count == 1:
            state = .pressing(id: id, x: x, y: y, since: t)
            actions.append(.move(x: x, y: y))
        case .pressing(let first, _, _, _):
            // A second finger before the first was decided: a scroll, never a click.
            guard let a = position(of: first) else { return }
            state = .scrolling(first: first, second: id, x: (a.x + x) / 2, y: (a.y + y) / 2, restV: 0, restH: 0)
        default:
            break
        }
    }

    /// A finger moved to (x, y) at time `t` (a long press due before it is decided first).
    public mutating func moved(_ id: UInt64, x: Double, y: Double, at t: Double, into actions: inout [PointerAction]) {
        advance(to: t, into: &actions)
        guard let i = down.firstIndex(where: { $0.id == id }) else { return }
        down[i].x = x
        down[i].y = y
        switch state {
        case .pressing(let first, let sx, let sy, _) where first == id:
            let dx = x - sx
            let dy = y - sy
            guard (dx * dx + dy * dy).squareRoot() > settings.allowableMovement else { return }
            // Pressed where the finger went down, then carried to where it is.
            state = .dragging(id: id)
            actions.append(.button(.left, down: true))
            actions.append(.move(x: x, y: y))
        case .dragging(let finger) where finger == id:
            actions.append(.move(x: x, y: y))
        case .scrolling(let first, let second, let lx, let ly, let restV, let restH) where first == id || second == id:
            guard let a = position(of: first), let b = position(of: second) else { return }
            let mx = (a.x + b.x) / 2
            let my = (a.y + b.y) / 2
            let sign = settings.naturalScrolling ? 1.0 : -1.0
            let v = restV + sign * (my - ly) * settings.scrollUnitsPerPoint
            let h = restH - sign * (mx - lx) * settings.scrollUnitsPerPoint
            let sv = Int32(v.rounded(.towardZero))
            let sh = Int32(h.rounded(.towardZero))
            state = .scrolling(first: first, second: second, x: mx, y: my, restV: v - Double(sv), restH: h - Double(sh))
            if sv != 0 || sh != 0 { actions.append(.scroll(vertical: sv, horizontal: sh)) }
        default:
            break
        }
    }

    /// A finger lifted at time `t`.
    public mutating func ended(_ id: UInt64, at t: Double, into actions: inout [PointerAction]) {
        advance(to: t, into: &actions)
        finish(id, clicks: true, into: &actions)
    }

    /// A finger's touch was cancelled (the scene claimed it, a ghost, an unplug): an undecided
    /// gesture gives nothing, a drag is released.
    public mutating func cancelled(_ id: UInt64, into actions: inout [PointerAction]) {
        finish(id, clicks: false, into: &actions)
    }

    /// Finger `id` is gone: the gesture it made ends — a press a click when `clicks` (a lift),
    /// a drag released either way.
    private mutating func finish(_ id: UInt64, clicks: Bool, into actions: inout [PointerAction]) {
        switch state {
        case .pressing(let first, _, _, _) where first == id:
            if clicks {
                actions.append(.button(.left, down: true))
                actions.append(.button(.left, down: false))
            }
            state = .done
        case .dragging(let finger) where finger == id:
            actions.append(.button(.left, down: false))
            state = .done
        case .scrolling(let first, let second, _, _, _, _) where first == id || second == id:
            state = .done
        default:
            break
        }
        lift(id)
    }

    /// Time went on to `t`: a finger resting past the long press duration right-clicks.
    public mutating func advance(to t: Double, into actions: inout [PointerAction]) {
        guard let d = deadline, t >= d else { return }
        actions.append(.button(.right, down: true))
        actions.append(.button(.right, down: false))
        state = .done
    }

    private func position(of id: UInt64) -> (x: Double, y: Double)? {
        down.first { $0.id == id }.map { ($0.x, $0.y) }
    }

    private mutating func lift(_ id: UInt64) {
        down.removeAll { $0.id == id }
        if down.isEmpty { state = .none }
    }
}
