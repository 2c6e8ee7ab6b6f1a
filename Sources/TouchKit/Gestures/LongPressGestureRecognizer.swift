/// Recognizes fingers held still: `numberOfTouchesRequired` fingers down for
/// `minimumPressDuration` without moving more than `allowableMovement`. Continuous: began when
/// the time is up, changed as the fingers move, ended on lift.
open class LongPressGestureRecognizer: GestureRecognizer {
    /// Seconds. Default 0.5.
    public var minimumPressDuration = 0.5
    /// Points a finger may move before the press fails. Default 10.
    public var allowableMovement = 10.0
    /// Default 1.
    public var numberOfTouchesRequired = 1

    private var starts: [UInt64: Point] = [:]

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        for t in touches { starts[t.serial] = t.location(in: nil) }
        guard state == .possible else { return }
        if starts.count > numberOfTouchesRequired {
            state = .failed
            return
        }
        if starts.count == numberOfTouchesRequired {
            startTimer(after: minimumPressDuration) { [weak self] in
                if self?.state == .possible { self?.state = .began }
            }
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        if state == .possible {
            for t in touches.inTouchOrder {
                if let s = starts[t.serial], t.location(in: nil).distance(to: s) > allowableMovement {
                    state = .failed
                    return
                }
            }
        } else if state == .began || state == .changed {
            state = .changed
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        for t in touches { starts[t.serial] = nil }
        if state == .possible { state = .failed } else if state == .began || state == .changed { state = .ended }
    }

    open override func reset() {
        super.reset()
        starts.removeAll()
    }
}
