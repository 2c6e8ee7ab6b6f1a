import StrictJSON

/// A view with UIKit's property names; every key but `name` is optional with UIKit's default.
struct ViewSpec: Decodable, Sendable {
    var name: String
    var controller: ControllerSpec?
    var frame: RectSpec?
    var bounds: RectSpec?
    var transform: TransformSpec?
    var hidden: Bool?
    var alpha: Double?
    var userInteractionEnabled: Bool?
    var multipleTouchEnabled: Bool?
    var exclusiveTouch: Bool?
    var clipsToBounds: Bool?
    var tag: Int?
    var shape: ShapeSpec?
    var consumes: [ResponderMethod]?
    var presses: [KeyName]?
    var actions: [String]?
    var gestures: [GestureSpec]?
    var control: ControlSpec?
    var subviews: [ViewSpec]?
    /// `false`: touches that begin on this view (or its subviews) stay with the kiosk, never
    /// forwarded to the virtual touchscreen (`run --virtual-touchscreen`).
    var forward: Bool?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, controller, frame, bounds, transform, hidden, alpha, userInteractionEnabled, multipleTouchEnabled
        case exclusiveTouch, clipsToBounds, tag, shape, consumes, presses, actions, gestures, control, subviews, forward
    }

    init(name: String) { self.name = name }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        controller = try c.decodeIfPresent(ControllerSpec.self, forKey: .controller)
        frame = try c.decodeIfPresent(RectSpec.self, forKey: .frame)
        bounds = try c.decodeIfPresent(RectSpec.self, forKey: .bounds)
        transform = try c.decodeIfPresent(TransformSpec.self, forKey: .transform)
        hidden = try c.decodeIfPresent(Bool.self, forKey: .hidden)
        alpha = try c.decodeIfPresent(Double.self, forKey: .alpha)
        userInteractionEnabled = try c.decodeIfPresent(Bool.self, forKey: .userInteractionEnabled)
        multipleTouchEnabled = try c.decodeIfPresent(Bool.self, forKey: .multipleTouchEnabled)
        exclusiveTouch = try c.decodeIfPresent(Bool.self, forKey: .exclusiveTouch)
        clipsToBounds = try c.decodeIfPresent(Bool.self, forKey: .clipsToBounds)
        tag = try c.decodeIfPresent(Int.self, forKey: .tag)
        shape = try c.decodeIfPresent(ShapeSpec.self, forKey: .shape)
        consumes = try c.decodeIfPresent([ResponderMethod].self, forKey: .consumes)
        presses = try c.decodeIfPresent([KeyName].self, forKey: .presses)
        actions = try c.decodeIfPresent([String].self, forKey: .actions)
        gestures = try c.decodeIfPresent([GestureSpec].self, forKey: .gestures)
        control = try c.decodeIfPresent(ControlSpec.self, forKey: .control)
        subviews = try c.decodeIfPresent([ViewSpec].self, forKey: .subviews)
        forward = try c.decodeIfPresent(Bool.self, forKey: .forward)
        if let alpha, !(0...1).contains(alpha) {
            throw c.failure(.alpha, "expected an alpha from 0 to 1, found \(alpha)")
        }
    }
}

/// Where a view takes touches (`point(inside:)`): its bounds, the inscribed ellipse, the bounds
/// inset (negative insets enlarge it), or its bounds plus its subviews' areas.
enum ShapeSpec: Decodable, Equatable, Sendable {
    case rect
    case circle
    case inset(top: Double, left: Double, bottom: Double, right: Double)
    case includeSubviews

    private enum Keys: String, CodingKey, CaseIterable { case inset }

    init(from decoder: any Decoder) throws {
        let what = "a shape: \"rect\", \"circle\", \"includeSubviews\" or {\"inset\": [top, left, bottom, right]}"
        if let s = try? decoder.singleValueContainer().decode(String.self) {
            switch s {
            case "rect": self = .rect
            case "circle": self = .circle
            case "includeSubviews": self = .includeSubviews
            default:
                var message = "expected \(what), not '\(s)'"
                if let near = nearest(s, in: ["rect", "circle", "includeSubviews"]) {
                    message += " (did you mean '\(near)'?)"
                }
                throw decoder.failure(message)
            }
            return
        }
        guard (try? decoder.container(keyedBy: PathKey.self)) != nil else { throw decoder.failure("expected \(what)") }
        let c = try decoder.container(keyedBy: Keys.self)
        var a = try c.nestedUnkeyedContainer(forKey: .inset)
        var v: [Double] = []
        while !a.isAtEnd { v.append(try a.decode(Double.self)) }
        guard v.count == 4 else { throw c.failure(.inset, "expected [top, left, bottom, right] (four numbers)") }
        self = .inset(top: v[0], left: v[1], bottom: v[2], right: v[3])
    }
}

/// `"control"` on a view: the view is a button (or a plain control) whose control events send
/// actions to `target`, or up the responder chain when the target is null.
struct ControlSpec: Decodable, Sendable {
    enum Kind: String, Decodable, Sendable { case button, control }

    var type: Kind
    var actions: [(event: String, action: String)]
    var target: String?
    var enabled: Bool?
    var selected: Bool?

    enum CodingKeys: String, CodingKey, CaseIterable { case type, actions, target, enabled, selected }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if c.contains(.type) {
            let t = try word(try c.superDecoder(forKey: .type), in: ["button", "control"], what: "a control type")
            type = Kind(rawValue: t)!
        } else {
            type = .button
        }
        actions = []
        if c.contains(.actions) {
            let a = try c.nestedContainer(keyedBy: ControlEventName.self, forKey: .actions)
            for key in a.allKeys {
                guard ControlEventName.all.contains(key.name) else {
                    var message = "expected a control event as the key, not '\(key.name)'"
                    if let near = nearest(key.name, in: ControlEventName.all) {
                        message += " (did you mean '\(near)'?)"
                    }
                    throw a.failure(key, message + "; one of: " + ControlEventName.all.joined(separator: ", "))
                }
                actions.append((key.name, try a.decode(String.self, forKey: key)))
            }
            // In UIKit's order of control events, so the scene's order does not matter.
            actions.sort {
                ControlEventName.all.firstIndex(of: $0.event)! < ControlEventName.all.firstIndex(of: $1.event)!
            }
        }
        target = try c.decodeIfPresent(String.self, forKey: .target)
        enabled = try c.decodeIfPresent(Bool.self, forKey: .enabled)
        selected = try c.decodeIfPresent(Bool.self, forKey: .selected)
    }
}
