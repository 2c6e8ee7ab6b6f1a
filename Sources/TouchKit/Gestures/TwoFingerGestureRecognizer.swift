#if canImport(Glibc)
    import Glibc
#endif

/// What pinch and rotation share: a measure of two fingers (their distance, their angle)
/// followed from touch-down, beginning once it changed by `threshold`, with a velocity.
open class TwoFingerGestureRecognizer: GestureRecognizer {
    var base: Double?
    var current: Double
    /// Change per second of the recognizer's value.
    public private(set) var velocity = 0.0
    private var last: (time: Double, value: Double)?
    private let neutral: Double

    init(name: String, neutral: Double) {
        self.neutral = neutral
        current = neutral
        super.init(name: name)
    }

    /// The two live touches' measure (window coordinates), nil with fewer than two.
    func measure(_ a: Point, _ b: Point) -> Double { 0 }
    /// The value reported for `m` against the base measure.
    func value(_ m: Double, base: Double) -> Double { m }
    /// Whether `m` has moved far enough from `base` to begin.
    func passedThreshold(_ m: Double, base: Double) -> Bool { false }

    var liveMeasure: Double? {
        let live = trackedTouches.filter { !$0.phase.isFinal }
        guard live.count >= 2 else { return nil }
        return measure(live[0].location(in: nil), live[1].location(in: nil))
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if numberOfTouches > 2, state == .possible {
            state = .failed
            return
        }
        if base == nil, let m = liveMeasure {
            base = m
            last = (event.timestamp, neutral)
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let base, let m = liveMeasure else { return }
        current = value(m, base: base)
        if let last, event.timestamp > last.time { velocity = (current - last.value) / (event.timestamp - last.time) }
        last = (event.timestamp, current)
        if state == .possible {
            if passedThreshold(m, base: base) { state = .began }
        } else if state == .began || state == .changed {
            state = .changed
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard trackedTouches.filter({ !$0.phase.isFinal }).count < 2 else { return }
        if state == .possible { state = .failed } else if state == .began || state == .changed { state = .ended }
    }

    open override func reset() {
        super.reset()
        base = nil
        current = neutral
        velocity = 0
        last = nil
    }
}

/// Pinching: `scale` is the fingers' distance relative to touch-down; begins once the
/// distance changed by `minimumDistanceChange`. Continuous; needs two touches.
open class PinchGestureRecognizer: TwoFingerGestureRecognizer {
    /// Points the distance between the fingers must change before the pinch begins. Default 8.
    public var minimumDistanceChange = 8.0

    /// A pinch recognizer; add targets with ``GestureRecognizer/addTarget(_:action:)``.
    public init(name: String = "") { super.init(name: name, neutral: 1) }

    /// 1 at touch-down. Settable: the current distance then counts as `scale`.
    public var scale: Double {
        get { current }
        set {
            if let d = liveMeasure, newValue > 0 {
                base = d / newValue
                current = newValue
            }
        }
    }

    override func measure(_ a: Point, _ b: Point) -> Double { a.distance(to: b) }
    override func value(_ m: Double, base: Double) -> Double { base > 0 ? m / base : 1 }
    override func passedThreshold(_ m: Double, base: Double) -> Bool { abs(m - base) >= minimumDistanceChange }
}

/// Rotating two fingers: `rotation` is the turn, in radians (clockwise positive on a y-down
/// screen), since touch-down; begins after `minimumRotation`. Continuous; needs two touches.
open class RotationGestureRecognizer: TwoFingerGestureRecognizer {
    /// Radians the fingers must turn before the rotation begins. Default 0.07 (about 4°).
    public var minimumRotation = 0.07

    /// A rotation recognizer; add targets with ``GestureRecognizer/addTarget(_:action:)``.
    public init(name: String = "") { super.init(name: name, neutral: 0) }

    /// Settable: the current angle then counts as `rotation`.
    public var rotation: Double {
        get { current }
        set {
            if let a = liveMeasure {
                base = a - newValue
                current = newValue
            }
        }
    }

    override func measure(_ a: Point, _ b: Point) -> Double { atan2(b.y - a.y, b.x - a.x) }

    override func value(_ m: Double, base: Double) -> Double {
        // Unwrap across ±π so a turn keeps counting.
        var r = m - base
        while r - current > .pi { r -= 2 * .pi }
        while r - current < -.pi { r += 2 * .pi }
        return r
    }

    override func passedThreshold(_ m: Double, base: Double) -> Bool { abs(current) >= minimumRotation }
}
