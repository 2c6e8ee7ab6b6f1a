@_spi(Forwarding) import TouchKit

/// The live objects of a scene: an application with its windows, view controllers, views,
/// recognizers and controls, every handler call written to the log.
public final class SceneInstance {
    /// The scene it was built from (an empty one for an application built in code).
    public let scene: Scene
    /// The live application: its windows, views, recognizers and controls.
    public let app: Application
    /// Where every handler call is written.
    public let log: HandlerLog
    /// The screen the scene was built for, in points.
    public let screen: Size
    /// Every named responder, for targets and tests.
    private(set) var responders: [String: Responder] = [:]
    /// Views with `"forward": false`: touches that begin on them (or their subviews) are the
    /// kiosk's, never forwarded to the virtual touchscreen.
    public private(set) var keptViews: [View] = []

    /// Called when a recognizer with `"claims": true` begins or recognizes: its touches are the
    /// kiosk's from then on (the pipeline cancels them on the virtual touchscreen).
    public var onClaim: ((GestureRecognizer) -> Void)?
    /// Called when a recognizer with `"claims": true` fails or is cancelled: touches it held
    /// back (`delaysTouchesBegan`) may go to the app now.
    public var onRelease: ((GestureRecognizer) -> Void)?
    /// Recognizers with `"claims": true`.
    public private(set) var claimingRecognizers: [GestureRecognizer] = []
    /// Whether every touch goes to the virtual touchscreen untouched: no view keeps its
    /// touches and no recognizer claims them, so a frame can be forwarded before the window has it.
    public var forwardsEverything: Bool { keptViews.isEmpty && claimingRecognizers.isEmpty }

    /// Whether `touch` is held back from the app: a claiming recognizer that delays
    /// touchesBegan has yet to decide about it.
    public func holdsBack(_ touch: Touch) -> Bool {
        touch.gestureRecognizers.contains { r in
            r.delaysTouchesBegan && claimingRecognizers.contains { $0 === r } && r.isUndecided(about: touch)
        }
    }

    /// Whether a touch on `view` stays with the kiosk.
    public func keeps(_ view: View?) -> Bool {
        var v = view
        while let current = v {
            if keptViews.contains(where: { $0 === current }) { return true }
            v = current.superview
        }
        return false
    }
    package private(set) var recognizers: [String: GestureRecognizer] = [:]
    private var bindings: [GestureBinding] = []
    /// Controls whose targets are wired once every responder exists.
    private var pendingControls: [(ControlSpec, Control)] = []

    /// Builds the scene for a screen of `screen` points (the size of windows without a frame).
    public init(scene: Scene, screen: Size, log: HandlerLog) {
        self.scene = scene
        self.log = log
        self.screen = screen
        let app = Application()
        app.hook = ResponderBehaviour(name: "Application", consumes: nil, actions: nil, log: log, space: .window)
        self.app = app
        log.timers = app.timers
        let spec = scene.spec
        if let d = spec.appDelegate {
            let delegate = Responder()
            delegate.hook = ResponderBehaviour(
                name: d.name, consumes: d.consumes, actions: d.actions, log: log, space: .window)
            note(d.presses, d.consumes)
            app.delegate = delegate
            responders[d.name] = delegate
        }
        responders["Application"] = app
        var pendingGestures: [(GestureSpec, GestureRecognizer)] = []
        for (i, w) in spec.windows.enumerated() {
            let window = build(w, screen: screen, gestures: &pendingGestures)
            if i == 0 { window.makeKeyAndVisible() }
            window.isHidden = w.hidden ?? false
        }
        for (g, r) in pendingGestures {
            for name in g.requireToFail { if let other = recognizers[name] { r.require(toFail: other) } }
        }
        wireControls()
        if let name = spec.firstResponder { responders[name]?.becomeFirstResponder() }
    }

    /// Hosts an application built in code: its windows, views and recognizers are its own;
    /// the log has what the loop writes (devices, and whatever the app logs itself).
    public init(application: Application, screen: Size, log: HandlerLog) {
        scene = .applicationInCode
        self.log = log
        self.screen = screen
        app = application
        log.timers = application.timers
    }

    /// The keys the scene turns into presses (every responder's `"presses"`), code → name.
    public private(set) var pressKeys: [Int: String] = [:]

    /// Whether the scene handles keys: it names presses, or a responder consumes a
    /// remote-control method (then the media keys are read).
    public var wantsKeys: Bool { !pressKeys.isEmpty || handlesRemoteControl }
    private(set) var handlesRemoteControl = false

    private func note(_ presses: [KeyName]?, _ consumes: [ResponderMethod]?) {
        for k in presses ?? [] { pressKeys[k.code] = k.name }
        if consumes?.contains(ResponderMethod("remoteControlReceived")) ?? false { handlesRemoteControl = true }
    }

    /// How many windows the scene has.
    public var windowCount: Int { app.windows.count }

    /// Adds the built-in scene's window for one more screen (a panel mapped onto a new
    /// rectangle arrived); nothing for a scene from a file.
    public func addStandardWindow(covering rect: Rect) {
        guard scene.isStandard, !app.windows.contains(where: { $0.frame == rect }) else { return }
        var none: [(GestureSpec, GestureRecognizer)] = []
        let w = build(
            Scene.standardWindow(app.windows.count + 1, rect), screen: Size(width: rect.maxX, height: rect.maxY),
            gestures: &none)
        w.isHidden = false
    }

    private func build(_ w: WindowSpec, screen: Size, gestures: inout [(GestureSpec, GestureRecognizer)]) -> Window {
        let frame = w.frame?.rect ?? Rect(x: 0, y: 0, width: screen.width, height: screen.height)
        let window = Window(frame: frame, name: w.name)
        window.hook = ResponderBehaviour(
            name: w.name, consumes: w.consumes, actions: w.actions, log: log, space: .window,
            firstResponder: scene.spec.firstResponder)
        note(w.presses, w.consumes)
        window.windowLevel = w.level ?? 0
        app.addWindow(window)
        responders[w.name] = window
        if let root = w.root {
            let view = build(root, parent: nil, gestures: &gestures)
            if let vc = view.owningController {
                window.rootViewController = vc
            } else {
                window.addSubview(view)
            }
            applyGeometry(root, to: view, defaultFrame: window.bounds)
        }
        return window
    }

    private func wireControls() {
        for (c, control) in pendingControls {
            for (event, action) in c.actions {
                let flag = Control.Events.names.first { $0.1 == event }!.0
                control.addTarget(c.target.flatMap { responders[$0] }, action: Action(action), for: flag)
            }
        }
        pendingControls.removeAll()
    }

    /// The responder named `name` ("Application" for the application).
    public func responder(named name: String) -> Responder? { responders[name] }

    /// The recognizer named `name`.
    public func recognizer(named name: String) -> GestureRecognizer? { recognizers[name] }

    /// The names of the discrete recognizers (tap, swipe): they end in `recognized`.
    public var discreteRecognizerNames: Set<String> {
        Set(recognizers.filter { ($0.value as? any SceneGesture).map { type(of: $0).isDiscrete } ?? false }.keys)
    }

    /// Every control of the scene.
    public var controls: [Control] { responders.values.compactMap { $0 as? Control } }

    // MARK: - Building

    private func build(_ spec: ViewSpec, parent: ViewController?, gestures: inout [(GestureSpec, GestureRecognizer)])
        -> View
    {
        let behaviour = ResponderBehaviour(
            name: spec.name, consumes: spec.consumes, actions: spec.actions, log: log,
            space: .ownView, firstResponder: scene.spec.firstResponder)
        note(spec.presses, spec.consumes)
        let view: View
        if let c = spec.control {
            let control = SceneControl(
                frame: .zero, behaviour: behaviour, shape: spec.shape ?? .rect, isButton: c.type == .button)
            control.isEnabled = c.enabled ?? true
            control.isSelected = c.selected ?? false
            pendingControls.append((c, control))
            view = control
        } else {
            view = SceneView(frame: .zero, behaviour: behaviour, shape: spec.shape ?? .rect)
        }
        responders[spec.name] = view
        if spec.forward == false { keptViews.append(view) }
        var controller = parent
        if let c = spec.controller {
            let vc = ViewController(name: c.responder.name)
            vc.hook = ResponderBehaviour(
                name: c.responder.name, consumes: c.responder.consumes, actions: c.responder.actions,
                log: log, space: .controllersView, firstResponder: scene.spec.firstResponder)
            note(c.responder.presses, c.responder.consumes)
            vc.view = view
            parent?.addChild(vc)
            responders[c.responder.name] = vc
            controller = vc
        }
        for s in spec.subviews ?? [] {
            let sub = build(s, parent: controller, gestures: &gestures)
            view.addSubview(sub)
            applyGeometry(s, to: sub, defaultFrame: .zero)
        }
        for g in spec.gestures ?? [] {
            let r = makeRecognizer(g)
            view.addGestureRecognizer(r)
            recognizers[g.name] = r
            gestures.append((g, r))
            bindings.append(GestureBinding(spec: g, recognizer: r, instance: self))
            if g.claims == true { claimingRecognizers.append(r) }
        }
        return view
    }

    private func applyGeometry(_ spec: ViewSpec, to view: View, defaultFrame: Rect) {
        view.frame = spec.frame?.rect ?? defaultFrame
        if let b = spec.bounds { view.bounds = b.rect }
        if let t = spec.transform { view.transform = t.transform }
        view.isHidden = spec.hidden ?? false
        view.alpha = spec.alpha ?? 1
        view.isUserInteractionEnabled = spec.userInteractionEnabled ?? true
        view.isMultipleTouchEnabled = spec.multipleTouchEnabled ?? false
        view.isExclusiveTouch = spec.exclusiveTouch ?? false
        view.clipsToBounds = spec.clipsToBounds ?? false
        view.tag = spec.tag ?? 0
    }

    private func makeRecognizer(_ g: GestureSpec) -> GestureRecognizer {
        let r = g.gesture.make(g)
        r.isEnabled = g.enabled ?? true
        r.cancelsTouchesInView = g.cancelsTouchesInView ?? true
        r.delaysTouchesBegan = g.delaysTouchesBegan ?? false
        r.delaysTouchesEnded = g.delaysTouchesEnded ?? true
        if let types = g.allowedTouchTypes {
            r.allowedTouchTypes = Set(types.compactMap(Touch.TouchType.init(rawValue:)))
        }
        return r
    }
}

extension View {
    /// The view controller whose root view this is.
    var owningController: ViewController? { next as? ViewController }
}

/// Ties a recognizer to the log and to its action: logs each state it enters, and sends its
/// action to its target (or, with none, up the responder chain from its view).
final class GestureBinding {
    private let name: HandlerLog.Name
    private let action: HandlerLog.Name?
    private let actionName: Action?
    private let targetName: String?
    private let isDiscrete: Bool
    private let claims: Bool
    /// The recognizer's figures for its log lines (its type's, looked up once).
    private let figures: (View?) -> GestureValues
    private unowned let instance: SceneInstance
    private var viewName = HandlerLog.Name("")

    init(spec: GestureSpec, recognizer: GestureRecognizer, instance: SceneInstance) {
        name = HandlerLog.Name(spec.name)
        action = spec.action.map(HandlerLog.Name.init)
        actionName = spec.action.map { Action($0) }
        targetName = spec.target
        isDiscrete = spec.gesture.isDiscrete
        claims = spec.claims ?? false
        if let g = recognizer as? any SceneGesture {
            figures = { [unowned g] view in g.figureValues(in: view) }
        } else {
            figures = { _ in GestureValues() }
        }
        self.instance = instance
        if let v = recognizer.view { viewName = HandlerLog.Name(v.name) }
        recognizer.stateObserver = { [unowned self] r in self.stateChanged(r) }
        if actionName != nil {
            recognizer.addTarget(self) { [unowned self] r in self.send(from: r) }
        }
    }

    private func stateChanged(_ r: GestureRecognizer) {
        let view = r.view
        let values = figures(view)
        let state: HandlerLog.GestureState
        switch r.state {
        case .possible: state = .possible
        case .began: state = .began
        case .changed: state = .changed
        case .ended: state = isDiscrete ? .recognized : .ended
        case .cancelled: state = .cancelled
        case .failed: state = .failed
        }
        instance.log.gesture(
            name, view: viewName, state: state, location: r.location(in: view), values: values, action: action)
        if claims {
            if state == .began || state == .recognized { instance.onClaim?(r) }
            if state == .failed || state == .cancelled { instance.onRelease?(r) }
        }
    }

    private func send(from r: GestureRecognizer) {
        guard let actionName, let action, let app = instance.app as Application? else { return }
        instance.log.beginAction(action, sender: name, controlEvent: nil, location: r.location(in: nil))
        var target: Responder?
        if let targetName {
            target = instance.responder(named: targetName)
        } else {
            // UIKit's recognizers need a target; a scene may leave it out, and then the
            // action goes to the first responder up the chain from the view that can do it.
            var next: Responder? = r.view
            while let current = next {
                if current.canPerformAction(actionName, withSender: r) {
                    target = current
                    break
                }
                next = current.next
            }
        }
        if target == nil || !app.sendAction(actionName, to: target, from: r, for: nil) { instance.log.unperformed() }
    }
}
