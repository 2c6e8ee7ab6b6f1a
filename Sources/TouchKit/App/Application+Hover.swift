/// A pen hovering over the screen: its hover recognizers, those of the view under it and the
/// view's ancestors, begin, change and end as it comes, moves and goes.
extension Application {
    /// Where a hovering pen is and how high: `location` in screen points, `zOffset` 0…1.
    public struct HoverUpdate: Sendable {
        /// `.began` as it comes, `.moved`, `.ended` as it goes (out of proximity, or its tip down).
        public var phase: Touch.Phase
        /// Where the pen hovers, in screen points.
        public var location: Point
        /// Its height over the glass: 0 touching, 1 at the top of its range.
        public var zOffset: Double

        /// A hover update of `phase` at `location`, `zOffset` high.
        public init(phase: Touch.Phase, location: Point, zOffset: Double) {
            self.phase = phase
            self.location = location
            self.zOffset = zOffset
        }
    }

    /// A pen's hover at `timestamp`: the recognizers it leaves end, those it comes over
    /// begin, those it stays over change.
    public func handleHover(_ u: HoverUpdate, timestamp: Double) {
        advanceTime(to: timestamp)
        var over: [HoverGestureRecognizer] = []
        var windowPoint = u.location
        if u.phase != .ended && u.phase != .cancelled,
            let (_, view, location) = locate(u.location, with: Event(type: .hover, timestamp: timestamp))
        {
            windowPoint = location
            var v: View? = view
            while let current = v {
                for case let r as HoverGestureRecognizer in current.gestureRecognizers where r.isEnabled {
                    over.append(r)
                }
                v = current.superview
            }
        }
        for r in hovered where !over.contains(where: { $0 === r }) {
            r.hover(.ended, at: windowPoint, zOffset: u.zOffset)
        }
        for r in over {
            let staying = hovered.contains { $0 === r }
            r.hover(staying ? .changed : .began, at: windowPoint, zOffset: u.zOffset)
        }
        hovered = over
    }
}
