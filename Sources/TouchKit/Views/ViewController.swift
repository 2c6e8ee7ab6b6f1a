/// Manages a view hierarchy and sits in the responder chain between its root view and that
/// view's superview (UIViewController's role).
open class ViewController: Responder, CustomStringConvertible {
    public var name: String
    private var loadedView: View?
    public private(set) var children: [ViewController] = []
    public private(set) weak var parent: ViewController?

    public init(name: String = "") {
        self.name = name
        super.init()
    }

    /// The root view, created by `loadView()` on first use.
    public var view: View {
        get {
            if loadedView == nil {
                loadView()
                if loadedView == nil { self.view = View(name: "\(description).view") }
                viewDidLoad()
            }
            return loadedView!
        }
        set {
            loadedView?.owningViewController = nil
            loadedView = newValue
            newValue.owningViewController = self
        }
    }

    public var viewIfLoaded: View? { loadedView }
    public var isViewLoaded: Bool { loadedView != nil }

    /// Creates the root view; override to build a custom one (assign `view`).
    open func loadView() {}

    open func viewDidLoad() {}

    // MARK: Containment

    public func addChild(_ child: ViewController) {
        child.removeFromParent()
        children.append(child)
        child.parent = self
    }

    public func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }

    // MARK: Responder chain

    /// The root view's superview (the window, when this is a window's root controller).
    open override var next: Responder? { loadedView?.superview }

    open override var firstResponderWindow: Window? { loadedView?.window }

    open var description: String { name.isEmpty ? "ViewController" : name }
}
