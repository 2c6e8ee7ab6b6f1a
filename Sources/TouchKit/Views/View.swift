/// A rectangle in a window's hierarchy with geometry and behaviour but no pixels: it hit-tests,
/// converts coordinates and handles touches (UIView's role).
open class View: Responder, CustomStringConvertible {
    /// A label for logs and tests.
    public var name: String
    /// A number the app chooses to find the view by.
    public var tag = 0

    /// Geometry and hit-test flags in one value, so hit testing and conversion read a view's
    /// state with one access (each class-property access costs a runtime exclusivity check).
    struct State {
        var bounds: Rect
        var center: Point
        var transform = AffineTransform.identity
        var hasTransform = false
        var isHidden = false
        var alpha = 1.0
        var isUserInteractionEnabled = true

        /// Whether hit testing may enter the view at all.
        var isHittable: Bool { !isHidden && isUserInteractionEnabled && alpha >= 0.01 }
    }

    var state: State

    /// The view's own coordinate system: its origin is what the top-left corner shows.
    public var bounds: Rect {
        get { state.bounds }
        set { state.bounds = newValue }
    }
    /// The centre of the view in its superview's coordinates (the anchor point's position).
    public var center: Point {
        get { state.center }
        set { state.center = newValue }
    }
    /// Applied about the centre; hit testing and conversions honour it.
    public var transform: AffineTransform {
        get { state.transform }
        set {
            state.transform = newValue
            state.hasTransform = !newValue.isIdentity
        }
    }

    /// The view this one is a subview of. Not a weak reference (one would give every view a
    /// runtime side table, and every retain of it the slow path): the superview holds this
    /// view, and clears this back reference when it lets it go or is freed.
    public internal(set) unowned(unsafe) var superview: View?
    /// Its subviews, back to front.
    public internal(set) var subviews: [View] = []
    weak var owningViewController: ViewController?

    /// A hidden view and its subviews are never hit.
    public var isHidden: Bool {
        get { state.isHidden }
        set { state.isHidden = newValue }
    }
    /// Opacity; below 0.01 the view is never hit, as in UIKit.
    public var alpha: Double {
        get { state.alpha }
        set { state.alpha = newValue }
    }
    /// When false, the view and its subviews are never hit.
    public var isUserInteractionEnabled: Bool {
        get { state.isUserInteractionEnabled }
        set { state.isUserInteractionEnabled = newValue }
    }
    /// Does not change hit testing (as in UIKit); kept for completeness.
    public var clipsToBounds = false
    /// False by default: the view then receives only the first of simultaneous touches.
    public var isMultipleTouchEnabled = false
    /// While this view tracks a touch, other views of its window get none, and vice versa.
    public var isExclusiveTouch = false

    deinit {
        for v in subviews { v.superview = nil }
    }

    /// A view with `frame` in its superview's coordinates, and a name for logs.
    public init(frame: Rect = .zero, name: String = "") {
        self.name = name
        let f = frame.standardized
        state = State(bounds: Rect(origin: .zero, size: f.size), center: Point(x: f.midX, y: f.midY))
        super.init()
    }

    /// The frame in the superview's coordinates: the bounding box of the transformed bounds.
    public var frame: Rect {
        get {
            let s = state
            let w = s.bounds.size.width
            let h = s.bounds.size.height
            if !s.hasTransform { return Rect(x: s.center.x - w / 2, y: s.center.y - h / 2, width: w, height: h) }
            return Rect(x: -w / 2, y: -h / 2, width: w, height: h).applying(s.transform).offsetBy(
                dx: s.center.x, dy: s.center.y)
        }
        set {
            let f = newValue.standardized
            center = Point(x: f.midX, y: f.midY)
            bounds.size = f.size
        }
    }

    /// The window the view is in, if any.
    open var window: Window? { superview?.window }

    // MARK: - Hierarchy

    /// Adds `view` on top of the subviews (moving it here from wherever it was).
    public func addSubview(_ view: View) { insertSubview(view, at: subviews.count) }

    /// Inserts `view` at `index` of ``subviews`` (0: at the back), removing it from its old superview.
    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self && !isDescendant(of: view), "a view cannot contain itself")
        var index = max(0, min(index, subviews.count))
        if view.superview === self, let old = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: old)
            if old < index { index -= 1 }
        } else {
            view.removeFromSuperview()
        }
        subviews.insert(view, at: min(index, subviews.count))
        view.superview = self
    }

    /// Inserts `view` just in front of `sibling`.
    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        guard let i = subviews.firstIndex(where: { $0 === sibling }) else {
            addSubview(view)
            return
        }
        insertSubview(view, at: i + 1)
    }

    /// Inserts `view` just behind `sibling`.
    public func insertSubview(_ view: View, belowSubview sibling: View) {
        guard let i = subviews.firstIndex(where: { $0 === sibling }) else {
            insertSubview(view, at: 0)
            return
        }
        insertSubview(view, at: i)
    }

    /// Removes the view from its superview; touches it (or its subviews) track end as cancelled.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        window?.cancelTouches(inSubtreeOf: self)
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// Moves a subview in front of its siblings.
    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    /// Moves a subview behind its siblings.
    public func sendSubviewToBack(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// True when `view` is this view or one of its ancestors.
    public func isDescendant(of view: View) -> Bool {
        var v: View? = self
        while let current = v {
            if current === view { return true }
            v = current.superview
        }
        return false
    }

    // MARK: - Gesture recognizers

    /// The recognizers attached to this view.
    public private(set) var gestureRecognizers: [GestureRecognizer] = []

    /// Attaches a recognizer: it sees the touches that begin on this view and its subviews.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    /// Detaches a recognizer.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard recognizer.view === self else { return }
        gestureRecognizers.removeAll { $0 === recognizer }
        recognizer.reset()
        recognizer.view = nil
    }

    /// Asked (of the hit-test view) before a recognizer leaves `possible`; false makes it
    /// fail. Default true; controls refuse single taps of other views' recognizers.
    open func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }

    // MARK: - Responder chain

    /// The view controller whose root view this is, else the superview.
    open override var next: Responder? {
        if let vc = owningViewController, vc.viewIfLoaded === self { return vc }
        return superview
    }

    open override var firstResponderWindow: Window? { window }

    // MARK: - Hit testing

    /// Whether `point` (in this view's bounds coordinates) is inside the view: bounds
    /// containment, min edges inside and max edges outside.
    open func point(inside point: Point, with event: Event?) -> Bool {
        bounds.contains(point)
    }

    /// The farthest descendant (or self) containing `point`: nil when hidden, not interactive,
    /// nearly transparent (alpha < 0.01) or `point(inside:)` is false; subviews are tried from
    /// front (last) to back.
    open func hitTest(_ point: Point, with event: Event?) -> View? {
        guard state.isHittable, self.point(inside: point, with: event) else { return nil }
        let subs = subviews
        var i = subs.count
        while i > 0 {
            i -= 1
            let sub = subs[i]
            // Skipping what cannot be hit here is the same answer, one call sooner.
            guard sub.state.isHittable else { continue }
            if let hit = sub.hitTest(sub.convertFromSuperview(point), with: event) { return hit }
        }
        return self
    }

    open var description: String { name.isEmpty ? "View" : name }
}
