import TouchKit

/// What every scene responder does with a call, written once as its TouchKit `ResponderHook`:
/// logs the call under its name, lets it go on (to the responder's own handling and up the
/// chain) unless the scene says it consumes that method, answers whether it is the scene's
/// first responder and which actions it performs, and logs the actions it performs.
final class ResponderBehaviour: ResponderHook {
    /// Whose coordinates its touch locations are logged in.
    enum LocationSpace { case window, ownView, controllersView }

    /// Responder methods as bits, for a check per call without hashing.
    struct Methods: OptionSet {
        let rawValue: UInt16

        init(rawValue: UInt16) { self.rawValue = rawValue }

        /// The bit of a method named in `ResponderMethod.all`.
        init(method: String) {
            let i = ResponderMethod.all.firstIndex(of: method) ?? 15
            self.init(rawValue: 1 << UInt16(i))
        }

        init(_ names: [ResponderMethod]?) {
            var m: Methods = []
            for n in names ?? [] { m.insert(Methods(method: n.name)) }
            self = m
        }

        // The touch methods are the first four of `ResponderMethod.all`.
        static let began = Methods(rawValue: 1)
        static let moved = Methods(rawValue: 2)
        static let ended = Methods(rawValue: 4)
        static let cancelled = Methods(rawValue: 8)
        static let remoteControl = Methods(method: "remoteControlReceived")
    }

    let name: HandlerLog.Name
    let consumes: Methods
    let actions: Set<String>
    let space: LocationSpace
    /// The scene names it as its `firstResponder`.
    let isFirstResponder: Bool
    unowned let log: HandlerLog

    init(
        name: String, consumes: [ResponderMethod]?, actions: [String]?, log: HandlerLog, space: LocationSpace,
        firstResponder: String? = nil
    ) {
        self.name = HandlerLog.Name(name)
        self.consumes = Methods(consumes)
        self.actions = Set(actions ?? [])
        self.log = log
        self.space = space
        isFirstResponder = name == firstResponder
    }

    func responder(_ responder: Responder, receives phase: Touch.Phase, _ touches: Set<Touch>, with event: Event?)
        -> Bool
    {
        let method: HandlerLog.TouchMethod
        let bit: Methods
        switch phase {
        case .began: (method, bit) = (.began, .began)
        case .moved: (method, bit) = (.moved, .moved)
        case .ended: (method, bit) = (.ended, .ended)
        case .cancelled: (method, bit) = (.cancelled, .cancelled)
        case .stationary: return true
        }
        log.touches(method, responder: name, touches: touches, event: event, in: locationView(of: responder))
        return !consumes.contains(bit)
    }

    func responder(
        _ responder: Responder, receivesMotion phase: Application.MotionPhase, _ subtype: Event.Subtype,
        with event: Event?
    ) -> Bool {
        let method: String
        switch phase {
        case .began: method = "motionBegan"
        case .ended: method = "motionEnded"
        case .cancelled: method = "motionCancelled"
        }
        log.motion(method, responder: name, subtype: subtype, time: event?.timestamp ?? 0)
        return !consumes.contains(Methods(method: method))
    }

    func responder(_ responder: Responder, receivesRemoteControl event: Event?) -> Bool {
        log.remoteControl(responder: name, subtype: event?.subtype ?? .none, time: event?.timestamp ?? 0)
        return !consumes.contains(Methods.remoteControl)
    }

    func responder(
        _ responder: Responder, receivesPresses phase: Press.Phase, _ presses: Set<Press>, with event: Event?
    ) -> Bool {
        let method: String
        switch phase {
        case .began: method = "pressesBegan"
        case .ended: method = "pressesEnded"
        case .cancelled: method = "pressesCancelled"
        case .changed, .stationary: method = "pressesChanged"
        }
        log.presses(method, responder: name, presses: presses, time: event?.timestamp ?? 0)
        return !consumes.contains(Methods(method: method))
    }

    func canBecomeFirstResponder(_ responder: Responder) -> Bool { isFirstResponder }

    func responder(_ responder: Responder, canPerform action: Action) -> Bool { actions.contains(action.name) }

    func responder(_ responder: Responder, perform action: Action) { log.performed(by: name) }

    /// The view whose coordinates the log gives touch locations in; nil for the window's.
    private func locationView(of responder: Responder) -> View? {
        switch space {
        case .window: return nil
        case .ownView: return unsafeDowncast(responder, to: View.self)
        case .controllersView: return unsafeDowncast(responder, to: ViewController.self).viewIfLoaded
        }
    }
}

extension Responder {
    /// The scene's behaviour of this responder, nil for one the scene did not build.
    var sceneBehaviour: ResponderBehaviour? { hook as? ResponderBehaviour }
}
