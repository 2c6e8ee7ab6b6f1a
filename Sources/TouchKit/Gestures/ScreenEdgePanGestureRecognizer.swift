/// Recognizes a pan that starts near an edge of the screen (the window's bounds) and moves
/// inward, as UIKit's `UIScreenEdgePanGestureRecognizer` does: a drawer pulled in from the side,
/// a kiosk's admin page behind an edge swipe.
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// The screen's edges, UIKit's `UIRectEdge`.
    public struct RectEdge: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The top edge.
        public static let top = RectEdge(rawValue: 1)
        /// The left edge.
        public static let left = RectEdge(rawValue: 2)
        /// The bottom edge.
        public static let bottom = RectEdge(rawValue: 4)
        /// The right edge.
        public static let right = RectEdge(rawValue: 8)
        /// Every edge.
        public static let all: RectEdge = [.top, .left, .bottom, .right]
    }

    /// The edges a pan may start from. Default none, as in UIKit: set at least one.
    public var edges: RectEdge = []
    /// How far from an edge, in points, the first touch may come down. Default 20 (UIKit
    /// does not document its own; about that much of a phone's bezel).
    public var edgeZone = 20.0
    /// The edges the first touch came down near.
    private var startedAt: RectEdge = []

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if state == .possible && startedAt.isEmpty {
            guard let window = view?.window, let first = touches.first else {
                state = .failed
                return
            }
            let p = first.location(in: nil)
            let b = window.bounds
            if p.x - b.minX <= edgeZone { startedAt.insert(.left) }
            if b.maxX - p.x <= edgeZone { startedAt.insert(.right) }
            if p.y - b.minY <= edgeZone { startedAt.insert(.top) }
            if b.maxY - p.y <= edgeZone { startedAt.insert(.bottom) }
            startedAt.formIntersection(edges)
            if startedAt.isEmpty {
                state = .failed
                return
            }
        }
        super.touchesBegan(touches, with: event)
    }

    /// Inward from an edge it started at: that component of the movement dominates.
    override func panMayBegin(translation t: Point) -> Bool {
        (startedAt.contains(.left) && t.x > 0 && t.x >= abs(t.y))
            || (startedAt.contains(.right) && -t.x > 0 && -t.x >= abs(t.y))
            || (startedAt.contains(.top) && t.y > 0 && t.y >= abs(t.x))
            || (startedAt.contains(.bottom) && -t.y > 0 && -t.y >= abs(t.x))
    }

    open override func reset() {
        super.reset()
        startedAt = []
    }
}
