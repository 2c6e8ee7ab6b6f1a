import TouchKit

/// What every scene responder does with a call: logs it under its name, then passes it on
/// (`super`) unless the scene says it consumes that method; and performs its actions.
struct ResponderBehaviour {
    /// Responder methods as bits, for a check per call without hashing.
    struct Methods: OptionSet {
        let rawValue: UInt16
        static let began = Methods(rawValue: 1)
        static let moved = Methods(rawValue: 2)
        static let ended = Methods(rawValue: 4)
        static let cancelled = Methods(rawValue: 8)

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
    }

    let name: HandlerLog.Name
    let consumes: Methods
    let actions: Set<String>
    /// The scene names it as its `firstResponder`.
    let canBecomeFirstResponder: Bool
    unowned let log: HandlerLog

    init(name: String, consumes: [ResponderMethod]?, actions: [String]?, log: HandlerLog, firstResponder: String? = nil) {
        self.name = HandlerLog.Name(name)
        self.consumes = Methods(consumes)
        self.actions = Set(actions ?? [])
        self.log = log
        canBecomeFirstResponder = name == firstResponder
    }

    /// Logs a motion call; true when it should go on to `super`.
    func motion(_ method: String, _ subtype: Event.Subtype, _ event: Event?) -> Bool {
        log.motion(method, responder: name, subtype: subtype, time: event?.timestamp ?? 0)
        return !consumes.contains(Methods(method: method))
    }

    /// Logs a remote-control call; true when it should go on to `super`.
    func remoteControl(_ event: Event?) -> Bool {
        log.remoteControl(responder: name, subtype: event?.subtype ?? .none, time: event?.timestamp ?? 0)
        return !consumes.contains(Methods(method: "remoteControlReceived"))
    }

    /// Logs a presses call; true when it should go on to `super`.
    func presses(_ method: String, _ presses: Set<Press>, _ event: Event?) -> Bool {
        log.presses(method, responder: name, presses: presses, time: event?.timestamp ?? 0)
        return !consumes.contains(Methods(method: method))
    }

    /// Logs the call; true when the call should go on to `super`.
    func handle(_ method: HandlerLog.TouchMethod, _ touches: Set<Touch>, _ event: Event?, in view: View?) -> Bool {
        log.touches(method, responder: name, touches: touches, event: event, in: view)
        let bit: Methods
        switch method {
        case .began: bit = .began
        case .moved: bit = .moved
        case .ended: bit = .ended
        case .cancelled: bit = .cancelled
        }
        return !consumes.contains(bit)
    }

    func canPerform(_ action: Action) -> Bool { actions.contains(action.name) }

    func perform(_ action: Action) { log.performed(by: name) }
}

/// A scene responder: the shared behaviour, and the view its touch locations are given in.
protocol SceneResponder: Responder {
    var behaviour: ResponderBehaviour { get }
}
