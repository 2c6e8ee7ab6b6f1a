import TouchKit

/// What every scene responder does with a call: logs it under its name, then passes it on
/// (`super`) unless the scene says it consumes that method; and performs its actions.
struct ResponderBehaviour {
    /// Touch methods as bits, for a check per call without hashing.
    struct Methods: OptionSet {
        let rawValue: UInt8
        static let began = Methods(rawValue: 1)
        static let moved = Methods(rawValue: 2)
        static let ended = Methods(rawValue: 4)
        static let cancelled = Methods(rawValue: 8)

        init(rawValue: UInt8) { self.rawValue = rawValue }

        init(_ names: [ResponderMethod]?) {
            var m: Methods = []
            for n in names ?? [] {
                switch n.name {
                case "touchesBegan": m.insert(.began)
                case "touchesMoved": m.insert(.moved)
                case "touchesEnded": m.insert(.ended)
                case "touchesCancelled": m.insert(.cancelled)
                default: break
                }
            }
            self = m
        }
    }

    let name: HandlerLog.Name
    let consumes: Methods
    let actions: Set<String>
    unowned let log: HandlerLog

    init(name: String, consumes: [ResponderMethod]?, actions: [String]?, log: HandlerLog) {
        self.name = HandlerLog.Name(name)
        self.consumes = Methods(consumes)
        self.actions = Set(actions ?? [])
        self.log = log
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
