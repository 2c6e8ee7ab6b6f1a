/// The root of a view hierarchy on the screen: it routes touches to the views they hit and
/// keeps its first responder (UIWindow's role). Its frame is in screen coordinates.
open class Window: View {
    /// The application it was added to (cleared when the application lets it go or is freed).
    public internal(set) unowned(unsafe) var application: Application?
    /// Windows with a higher level are in front; equal levels keep the application's order.
    public var windowLevel = 0.0
    /// The responder that gets motion, remote-control and press events first.
    public internal(set) weak var firstResponder: Responder?

    public override init(frame: Rect = .zero, name: String = "") {
        super.init(frame: frame, name: name)
    }

    /// Its view becomes the window's only content view, filling the window.
    public var rootViewController: ViewController? {
        didSet {
            if let old = oldValue, old !== rootViewController, old.viewIfLoaded?.superview === self {
                old.viewIfLoaded?.removeFromSuperview()
            }
            if let vc = rootViewController {
                let v = vc.view
                v.frame = bounds
                addSubview(v)
            }
        }
    }

    open override var window: Window? { self }

    /// The application: windows pass what nobody handled on to it.
    open override var next: Responder? { application }

    /// Whether it is the application's key window.
    public var isKeyWindow: Bool { application?.keyWindow === self }

    /// Makes it the application's key window.
    public func makeKey() { application?.keyWindow = self }

    /// Shows it and makes it the key window.
    public func makeKeyAndVisible() {
        isHidden = false
        makeKey()
    }

    /// Arbitrates recognizers and delivers touches to views for this window.
    lazy var gestureArbiter = GestureArbiter(window: self)

    /// Delivers the window's touches of `event`: each new touch is hit-tested once; the
    /// gesture recognizers of the hit view and its ancestors see the touches first; then
    /// every view gets its touches, once per phase (began, moved, ended, cancelled) — unless
    /// a recognizer withholds or cancels them. Stationary touches get no call.
    open func sendEvent(_ event: Event) {
        guard event.type == .touches else { return }
        if event.unrouted > 0 {
            for touch in event.touchList where touch.window === self && touch.phase == .began && !touch.routed {
                route(touch, event)
            }
        }
        gestureArbiter.deliver(event)
    }

    /// Hit-tests a new touch (unless the application already did, choosing the window) and
    /// applies `isExclusiveTouch` and `isMultipleTouchEnabled`.
    private func route(_ touch: Touch, _ event: Event) {
        touch.routed = true
        event.unrouted -= 1
        guard let view = touch.view ?? hitTest(touch.windowLocation, with: event) else {
            touch.isDelivered = false
            return
        }
        touch.view = view
        let tracking = event.touchList.filter {
            $0 !== touch && $0.window === self && $0.isDelivered && $0.routed && $0.view != nil && !$0.phase.isFinal
        }
        let blockedByExclusive = tracking.contains {
            $0.view !== view && ($0.view!.isExclusiveTouch || view.isExclusiveTouch)
        }
        let blockedBySingle = !view.isMultipleTouchEnabled && tracking.contains { $0.view === view }
        touch.isDelivered = !(blockedByExclusive || blockedBySingle)
    }

    /// Ends as cancelled the touches tracked by `view` or its subviews (it is leaving the window).
    func cancelTouches(inSubtreeOf view: View) {
        gestureArbiter.cancelTouches(inSubtreeOf: view)
    }
}

extension Touch.Phase {
    var isFinal: Bool { self == .ended || self == .cancelled }
}
