#if canImport(Glibc)
import Glibc
#endif

/// Pinching: `scale` is the fingers' distance relative to where it began; begins once the
/// distance changed by `minimumDistanceChange`. Continuous; needs two touches.
open class PinchGestureRecognizer: GestureRecognizer {
    /// Points the distance between the fingers must change before the pinch begins. Default 8.
    public var minimumDistanceChange = 8.0
    /// 1 at touch-down. Settable: the current distance then counts as `scale`.
    public var scale: Double {
        get { currentScale }
        set { if let d = distance, newValue > 0 { base = d / newValue; currentScale = newValue } }
    }
    /// Scale per second.
    public private(set) var velocity = 0.0

    private var base: Double?
    private var currentScale = 1.0
    private var last: (time: Double, scale: Double)?

    private var distance: Double? {
        let live = trackedTouches.filter { !$0.phase.isFinal }
        guard live.count >= 2 else { return nil }
        return live[0].location(in: nil).distance(to: live[1].location(in: nil))
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if numberOfTouches > 2, state == .possible { state = .failed; return }
        if base == nil, let d = distance, d > 0 { base = d; last = (event.timestamp, 1) }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let base, let d = distance else { return }
        currentScale = d / base
        if let last, event.timestamp > last.time { velocity = (currentScale - last.scale) / (event.timestamp - last.time) }
        last = (event.timestamp, currentScale)
        if state == .possible {
            if abs(d - base) >= minimumDistanceChange { state = .began }
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
        currentScale = 1
        velocity = 0
        last = nil
    }
}

/// Rotating two fingers: `rotation` is the turn, in radians (clockwise positive on a y-down
/// screen), since touch-down; begins after `minimumRotation`. Continuous; needs two touches.
open class RotationGestureRecognizer: GestureRecognizer {
    /// Radians the fingers must turn before the rotation begins. Default 0.07 (about 4°).
    public var minimumRotation = 0.07
    /// Settable: the current angle then counts as `rotation`.
    public var rotation: Double {
        get { current }
        set { if let a = angle { base = a - newValue; current = newValue } }
    }
    /// Radians per second.
    public private(set) var velocity = 0.0

    private var base: Double?
    private var current = 0.0
    private var last: (time: Double, rotation: Double)?

    private var angle: Double? {
        let live = trackedTouches.filter { !$0.phase.isFinal }
        guard live.count >= 2 else { return nil }
        let a = live[0].location(in: nil), b = live[1].location(in: nil)
        return atan2(b.y - a.y, b.x - a.x)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if numberOfTouches > 2, state == .possible { state = .failed; return }
        if base == nil, let a = angle { base = a; last = (event.timestamp, 0) }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let base, let a = angle else { return }
        // Unwrap across ±π so a turn keeps counting.
        var r = a - base
        while r - current > .pi { r -= 2 * .pi }
        while r - current < -.pi { r += 2 * .pi }
        current = r
        if let last, event.timestamp > last.time { velocity = (current - last.rotation) / (event.timestamp - last.time) }
        last = (event.timestamp, current)
        if state == .possible {
            if abs(current) >= minimumRotation { state = .began }
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
        current = 0
        velocity = 0
        last = nil
    }
}
