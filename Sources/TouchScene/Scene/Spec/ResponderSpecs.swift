import StrictJSON

/// A named responder that is not a view: the app delegate, or a controller written as an
/// object. `actions` are the action names it performs; `consumes` the methods it handles
/// without passing them on.
struct ResponderSpec: Decodable, Sendable {
    var name: String
    var actions: [String]?
    var consumes: [ResponderMethod]?
    var presses: [KeyName]?

    enum CodingKeys: String, CodingKey, CaseIterable { case name, actions, consumes, presses }

    init(name: String, actions: [String]? = nil, consumes: [ResponderMethod]? = nil) {
        self.name = name
        self.actions = actions
        self.consumes = consumes
    }
}

/// `"controller"` on a view: a name, or `{"name", "actions", "consumes"}`.
struct ControllerSpec: Decodable, Sendable {
    var responder: ResponderSpec

    init(_ responder: ResponderSpec) { self.responder = responder }

    init(from decoder: any Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            responder = ResponderSpec(name: name)
        } else if (try? decoder.container(keyedBy: PathKey.self)) != nil {
            responder = try ResponderSpec(from: decoder)
        } else {
            throw decoder.failure("expected a controller name, or {\"name\": …, \"actions\": […], \"consumes\": […]}")
        }
    }
}

/// A window: its frame in screen points, its level, and its root view.
struct WindowSpec: Decodable, Sendable {
    var name: String
    var frame: RectSpec?
    var level: Double?
    var hidden: Bool?
    var root: ViewSpec?
    var actions: [String]?
    var consumes: [ResponderMethod]?
    var presses: [KeyName]?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, frame, level, hidden, root, actions, consumes, presses
    }
}
