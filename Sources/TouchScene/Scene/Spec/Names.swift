import StrictJSON

/// One of a fixed set of words (touch methods, control events, swipe directions), checked
/// with a "did you mean" when it is not.
func word(_ decoder: any Decoder, in known: [String], what: String) throws -> String {
    let s: String
    do { s = try decoder.singleValueContainer().decode(String.self) } catch {
        throw decoder.failure("expected \(what) (one of: \(known.joined(separator: ", ")))")
    }
    guard known.contains(s) else {
        var message = "expected \(what), not '\(s)'"
        if let near = nearest(s, in: known) { message += " (did you mean '\(near)'?)" }
        throw decoder.failure(message + "; one of: " + known.joined(separator: ", "))
    }
    return s
}

/// The responder methods a scene responder can consume (handle without calling `super`).
struct ResponderMethod: Decodable, Hashable, Sendable {
    static let touchMethods = ["touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled"]
    static let otherMethods = [
        "motionBegan", "motionEnded", "motionCancelled", "remoteControlReceived",
        "pressesBegan", "pressesChanged", "pressesEnded", "pressesCancelled",
    ]
    static let all = touchMethods + otherMethods

    var name: String

    init(_ name: String) { self.name = name }

    init(from decoder: any Decoder) throws {
        name = try word(decoder, in: Self.all, what: "a responder method")
    }
}

/// A control event's UIKit name (`touchUpInside`, …).
struct ControlEventName: Decodable, Hashable, Sendable, CodingKey {
    static let all = [
        "touchDown", "touchDownRepeat", "touchDragInside", "touchDragOutside", "touchDragEnter",
        "touchDragExit", "touchUpInside", "touchUpOutside", "touchCancel", "valueChanged",
        "primaryActionTriggered",
    ]

    var name: String
    var stringValue: String { name }
    var intValue: Int? { nil }

    init?(stringValue: String) { name = stringValue }
    init?(intValue: Int) { nil }

    init(from decoder: any Decoder) throws {
        name = try word(decoder, in: Self.all, what: "a control event")
    }
}
