#if canImport(Glibc)
    import Glibc
#endif

/// Recognizes a quick straight stroke in one of `direction`'s directions: at least
/// `minimumDistance` within `maximumDuration`, no more than `maximumAngle` off the axis.
/// Discrete: recognized as soon as the stroke qualifies.
open class SwipeGestureRecognizer: GestureRecognizer {
    /// Directions a swipe may go, as UISwipeGestureRecognizer.Direction.
    public struct Direction: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// To the right.
        public static let right = Direction(rawValue: 1)
        /// To the left.
        public static let left = Direction(rawValue: 2)
        /// Upwards.
        public static let up = Direction(rawValue: 4)
        /// Downwards.
        public static let down = Direction(rawValue: 8)
    }

    /// Default `.right`.
    public var direction: Direction = .right
    /// Default 1.
    public var numberOfTouchesRequired = 1
    /// Points. Default 50.
    public var minimumDistance = 50.0
    /// Seconds from touch-down. Default 0.5.
    public var maximumDuration = 0.5
    /// Radians off the horizontal or vertical axis. Default π/6 (30°).
    public var maximumAngle = Double.pi / 6

    private var start: (time: Double, location: Point)?

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if numberOfTouches > numberOfTouchesRequired {
            state = .failed
            return
        }
        if numberOfTouches == numberOfTouchesRequired { start = (event.timestamp, location(in: nil)) }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible, let start else { return }
        if event.timestamp - start.time > maximumDuration {
            state = .failed
            return
        }
        let p = location(in: nil)
        let dx = p.x - start.location.x
        let dy = p.y - start.location.y
        guard (dx * dx + dy * dy).squareRoot() >= minimumDistance else { return }
        let horizontal = abs(dx) >= abs(dy)
        let off = horizontal ? atan2(abs(dy), abs(dx)) : atan2(abs(dx), abs(dy))
        let seen: Direction = horizontal ? (dx > 0 ? .right : .left) : (dy > 0 ? .down : .up)
        state = off <= maximumAngle && direction.contains(seen) ? .recognized : .failed
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        if state == .possible { state = .failed }
    }

    open override func reset() {
        super.reset()
        start = nil
    }
}
