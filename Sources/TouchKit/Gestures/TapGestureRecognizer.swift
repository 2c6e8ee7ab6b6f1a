/// Recognizes taps: `numberOfTapsRequired` touch-downs and lifts of `numberOfTouchesRequired`
/// fingers that stay within `allowableMovement`, each tap starting within
/// `maximumIntervalBetweenTaps` of the previous lift. Discrete: recognized on the last lift.
open class TapGestureRecognizer: GestureRecognizer {
    /// Default 1.
    public var numberOfTapsRequired = 1
    /// Default 1.
    public var numberOfTouchesRequired = 1
    /// How far (points) a finger may move during a tap. Default 10.
    public var allowableMovement = 10.0
    /// Seconds from a lift to the next tap's touch-down before the gesture fails. Default 0.35.
    public var maximumIntervalBetweenTaps = 0.35
    /// How far (points) a later tap may land from the first. Default 45.
    public var maximumTapDistance = 45.0

    private var taps = 0
    private var fingersThisTap = 0
    private var down: [UInt64: Point] = [:]
    private var firstTapLocation: Point?

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        cancelTimer()
        for t in touches.inTouchOrder {
            let p = t.location(in: nil)
            if let first = firstTapLocation, p.distance(to: first) > maximumTapDistance {
                state = .failed
                return
            }
            down[t.serial] = p
        }
        fingersThisTap = max(fingersThisTap, down.count)
        if down.count > numberOfTouchesRequired { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        for t in touches.inTouchOrder {
            if let start = down[t.serial], t.location(in: nil).distance(to: start) > allowableMovement {
                state = .failed
                return
            }
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        for t in touches.inTouchOrder {
            if let start = down[t.serial], t.location(in: nil).distance(to: start) > allowableMovement {
                state = .failed
                return
            }
            if firstTapLocation == nil { firstTapLocation = down[t.serial] }
            down[t.serial] = nil
        }
        guard down.isEmpty else { return }
        guard fingersThisTap == numberOfTouchesRequired else {
            state = .failed
            return
        }
        taps += 1
        fingersThisTap = 0
        if taps >= numberOfTapsRequired {
            state = .recognized
        } else {
            startTimer(after: maximumIntervalBetweenTaps) { [weak self] in
                if self?.state == .possible { self?.state = .failed }
            }
        }
    }

    open override func reset() {
        super.reset()
        taps = 0
        fingersThisTap = 0
        down.removeAll()
        firstTapLocation = nil
    }
}
