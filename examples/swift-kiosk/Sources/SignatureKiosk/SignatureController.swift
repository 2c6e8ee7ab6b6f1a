import TouchKit

/// The kiosk's one screen: the pad above; below it the pen-width strip (a pan), Clear and
/// Submit (buttons whose actions come up the responder chain to this controller); a shake
/// anywhere clears the pad.
public final class SignatureController: ViewController {
    public let pad: SignaturePad
    public let strip = View(name: "PenWidth")
    public let clearButton: Button
    public let submitButton: Button
    /// Each submitted signature: its strokes and pen width.
    public private(set) var submissions: [(strokes: [[Point]], penWidth: Double)] = []
    /// Why the pad was cleared, in order: "shake" or "button".
    public private(set) var clears: [String] = []
    private var widthAtPanStart = 3.0
    /// Told of each clear and submission, in words (the executable prints them).
    public var onChange: ((String) -> Void)?

    public init(screen: Size) {
        let w = screen.width
        let h = screen.height
        let bar = min(100, h / 4)
        pad = SignaturePad(frame: Rect(x: 0, y: 0, width: w, height: h - bar), name: "Pad")
        clearButton = Button(
            frame: Rect(x: w * 0.525, y: h - bar + 10, width: w * 0.2125, height: bar - 20), name: "Clear",
            title: "Clear")
        submitButton = Button(
            frame: Rect(x: w * 0.7625, y: h - bar + 10, width: w * 0.2125, height: bar - 20), name: "Submit",
            title: "Submit")
        super.init(name: "SignatureController")
        strip.frame = Rect(x: 0, y: h - bar, width: w / 2, height: bar)
        let root = View(frame: Rect(x: 0, y: 0, width: w, height: h), name: "Root")
        for v in [pad, strip, clearButton, submitButton] { root.addSubview(v) }
        view = root
        // Target–action, as in UIKit: no target, so each action travels up the responder
        // chain from the button and this controller performs it.
        clearButton.addTarget(nil, action: "clear", for: .touchUpInside)
        submitButton.addTarget(nil, action: "submit", for: .touchUpInside)
        strip.addGestureRecognizer(
            PanGestureRecognizer(name: "penWidth", target: self) { [unowned self] r in
                self.penWidthPanned(r as! PanGestureRecognizer)
            })
    }

    public override func canPerformAction(_ action: Action, withSender sender: AnyObject?) -> Bool {
        action == "clear" || action == "submit" || super.canPerformAction(action, withSender: sender)
    }

    public override func perform(_ action: Action, sender: AnyObject?, event: Event?) {
        switch action {
        case "clear":
            pad.clear()
            clears.append("button")
            onChange?("cleared (Clear)")
        case "submit":
            submissions.append((pad.strokes, pad.penWidth))
            onChange?(
                "submitted \(pad.strokes.count) stroke\(pad.strokes.count == 1 ? "" : "s"), \(pad.strokes.reduce(0) { $0 + $1.count }) points, pen \(Int(pad.penWidth.rounded())) pt"
            )
            pad.clear()
        default:
            super.perform(action, sender: sender, event: event)
        }
    }

    /// The card whose holder signs now (from a card reader): empties the pad for them.
    public private(set) var card: String?

    /// A card was presented: a new signature begins.
    public func cardPresented(_ card: String) {
        self.card = card
        pad.clear()
        onChange?("card \(card): please sign")
    }

    /// A pan along the strip: 1 point of pen width for each 20 points moved, from 1 to 12.
    private func penWidthPanned(_ r: PanGestureRecognizer) {
        if r.state == .began { widthAtPanStart = pad.penWidth }
        let dx = r.translation(in: strip).x
        pad.penWidth = min(12, max(1, widthAtPanStart + dx / 20))
    }

    /// It takes first-responder status, so shakes come to it (UIKit's default is no).
    public override var canBecomeFirstResponder: Bool { true }

    public override func motionEnded(_ motion: Event.Subtype, with event: Event?) {
        guard motion == .motionShake else { return super.motionEnded(motion, with: event) }
        pad.clear()
        clears.append("shake")
        onChange?("cleared (shake)")
    }
}

/// The application: one window the size of the screen, the signature screen in it, made
/// first responder so that shakes reach it.
public func makeSignatureKiosk(screen: Size) -> (Application, SignatureController) {
    let app = Application()
    let window = Window(frame: Rect(x: 0, y: 0, width: screen.width, height: screen.height), name: "Main")
    let controller = SignatureController(screen: screen)
    window.rootViewController = controller
    app.addWindow(window)
    window.makeKeyAndVisible()
    _ = controller.becomeFirstResponder()
    return (app, controller)
}
