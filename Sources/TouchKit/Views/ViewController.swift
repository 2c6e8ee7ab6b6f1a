/// Manages a view hierarchy and sits in the responder chain between its root view and that
/// view's superview (UIViewController's role).
open class ViewController: Responder, CustomStringConvertible {
    /// A name for logs and descriptions.
    public var name: String
    private var loadedView: View?
    /// Its child view controllers.
    public private(set) var children: [ViewController] = []
    /// The controller it is a child of.
    public private(set) weak var parent: ViewController?

    /// A controller whose view is made on first use (``loadView()``).
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

    /// The root view when it has been made, without making it.
    public var viewIfLoaded: View? { loadedView }
    /// Whether the root view has been made.
    public var isViewLoaded: Bool { loadedView != nil }

    /// Creates the root view; override to build a custom one (assign `view`).
    open func loadView() {}

    /// Called once the root view has been made: override to build the view hierarchy.
    open func viewDidLoad() {}

    // MARK: Containment

    /// Makes `child` a child of this controller (add its view to the hierarchy yourself, as in UIKit).
    public func addChild(_ child: ViewController) {
        child.removeFromParent()
        children.append(child)
        child.parent = self
    }

    /// Removes it from its parent controller.
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
