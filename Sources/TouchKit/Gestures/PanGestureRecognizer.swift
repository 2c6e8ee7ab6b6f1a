/// Recognizes dragging: begins once the fingers' centroid has moved `minimumDistance`, then
/// reports `translation(in:)` and `velocity(in:)` as it changes; ends when the fingers lift.
open class PanGestureRecognizer: GestureRecognizer {
    /// Default 1.
    public var minimumNumberOfTouches = 1
    /// Default unlimited.
    public var maximumNumberOfTouches = Int.max
    /// Points the centroid must move before the pan begins. Default 10.
    public var minimumDistance = 10.0

    /// Centroid movement since touch-down (window points); fingers joining or leaving do not
    /// count as movement.
    private var moved = Point.zero
    private var offset = Point.zero
    private var centroid: Point?
    private var lastTime: Double?
    private var speed = Point.zero

    /// How far the fingers have moved since touch-down, in `view`'s coordinates.
    public func translation(in view: View?) -> Point {
        vectorIn(view, Point(x: moved.x + offset.x, y: moved.y + offset.y))
    }

    /// Makes the current translation `translation` (in `view`'s coordinates).
    public func setTranslation(_ translation: Point, in view: View?) {
        let w = vectorToWindow(view, translation)
        offset = Point(x: w.x - moved.x, y: w.y - moved.y)
    }

    /// Points per second over the last movement, in `view`'s coordinates.
    public func velocity(in view: View?) -> Point { vectorIn(view, speed) }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if liveCount > maximumNumberOfTouches, state == .possible {
            state = .failed
            return
        }
        centroid = liveCentroid
        lastTime = event.timestamp
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        let now = liveCentroid
        if let c = centroid {
            let d = Point(x: now.x - c.x, y: now.y - c.y)
            moved = Point(x: moved.x + d.x, y: moved.y + d.y)
            if let t = lastTime, event.timestamp > t {
                speed = Point(x: d.x / (event.timestamp - t), y: d.y / (event.timestamp - t))
            }
        }
        centroid = now
        lastTime = event.timestamp
        guard liveCount >= minimumNumberOfTouches else { return }
        if state == .possible {
            if (moved.x * moved.x + moved.y * moved.y).squareRoot() >= minimumDistance {
                state = panMayBegin(translation: moved) ? .began : .failed
            }
        } else if state == .began || state == .changed {
            state = .changed
        }
    }

    /// Whether the pan may begin with this translation (window points) past `minimumDistance`;
    /// no means it fails (a screen-edge pan that does not move inward).
    func panMayBegin(translation: Point) -> Bool { true }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard liveCount == 0 else {
            centroid = liveCentroid
            return
        }
        if state == .possible { state = .failed } else if state == .began || state == .changed { state = .ended }
    }

    private var live: [Touch] { trackedTouches.filter { !$0.phase.isFinal } }
    private var liveCount: Int { live.count }
    private var liveCentroid: Point {
        let l = live
        guard !l.isEmpty else { return centroid ?? .zero }
        var x = 0.0
        var y = 0.0
        for t in l {
            let p = t.location(in: nil)
            x += p.x
            y += p.y
        }
        return Point(x: x / Double(l.count), y: y / Double(l.count))
    }

    private func vectorIn(_ view: View?, _ v: Point) -> Point {
        guard let view, let window = self.view?.window else { return v }
        let a = window.convert(Point.zero, to: view)
        let b = window.convert(v, to: view)
        return Point(x: b.x - a.x, y: b.y - a.y)
    }

    private func vectorToWindow(_ view: View?, _ v: Point) -> Point {
        guard let view else { return v }
        let a = view.convert(Point.zero, to: nil)
        let b = view.convert(v, to: nil)
        return Point(x: b.x - a.x, y: b.y - a.y)
    }

    open override func reset() {
        super.reset()
        moved = .zero
        offset = .zero
        centroid = nil
        lastTime = nil
        speed = .zero
    }
}
