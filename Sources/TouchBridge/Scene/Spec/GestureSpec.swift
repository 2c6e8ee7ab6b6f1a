/// A gesture recognizer in a scene: its type, name, action and target, UIKit's common
/// properties, and the properties its type has (a key another type has is an error).
struct GestureSpec: Decodable, Sendable {
    enum Kind: String, CaseIterable, Sendable { case tap, longPress, pan, swipe, pinch, rotation }

    var type: Kind
    var name: String
    var action: String?
    var target: String?
    var enabled: Bool?
    var cancelsTouchesInView: Bool?
    var delaysTouchesBegan: Bool?
    var delaysTouchesEnded: Bool?
    var requireToFail: [String]
    /// The type's own properties, by UIKit's name (`numberOfTapsRequired`, …).
    var numbers: [String: Double]
    /// A swipe's directions.
    var direction: [String]?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case type, name, action, target, enabled, cancelsTouchesInView, delaysTouchesBegan, delaysTouchesEnded, requireToFail
        case numberOfTapsRequired, numberOfTouchesRequired, allowableMovement, maximumIntervalBetweenTaps, maximumTapDistance
        case minimumPressDuration, minimumNumberOfTouches, maximumNumberOfTouches, minimumDistance
        case direction, maximumDuration, maximumAngle, minimumDistanceChange, minimumRotation
    }

    static let common: [CodingKeys] = [.type, .name, .action, .target, .enabled, .cancelsTouchesInView, .delaysTouchesBegan,
                                       .delaysTouchesEnded, .requireToFail]

    /// The properties each type has, beyond the common ones; the whole-number ones are marked.
    static let properties: [Kind: [(key: CodingKeys, whole: Bool)]] = [
        .tap: [(.numberOfTapsRequired, true), (.numberOfTouchesRequired, true), (.allowableMovement, false),
               (.maximumIntervalBetweenTaps, false), (.maximumTapDistance, false)],
        .longPress: [(.minimumPressDuration, false), (.allowableMovement, false), (.numberOfTouchesRequired, true)],
        .pan: [(.minimumNumberOfTouches, true), (.maximumNumberOfTouches, true), (.minimumDistance, false)],
        .swipe: [(.direction, false), (.numberOfTouchesRequired, true), (.minimumDistance, false), (.maximumDuration, false),
                 (.maximumAngle, false)],
        .pinch: [(.minimumDistanceChange, false)],
        .rotation: [(.minimumRotation, false)],
    ]

    static let directions = ["right", "left", "up", "down"]

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let t = try word(try c.superDecoder(forKey: .type), in: Kind.allCases.map(\.rawValue), what: "a gesture recognizer type")
        type = Kind(rawValue: t)!
        name = try c.decode(String.self, forKey: .name)
        action = try c.decodeIfPresent(String.self, forKey: .action)
        target = try c.decodeIfPresent(String.self, forKey: .target)
        enabled = try c.decodeIfPresent(Bool.self, forKey: .enabled)
        cancelsTouchesInView = try c.decodeIfPresent(Bool.self, forKey: .cancelsTouchesInView)
        delaysTouchesBegan = try c.decodeIfPresent(Bool.self, forKey: .delaysTouchesBegan)
        delaysTouchesEnded = try c.decodeIfPresent(Bool.self, forKey: .delaysTouchesEnded)
        if let one = try? c.decodeIfPresent(String.self, forKey: .requireToFail) {
            requireToFail = [one]
        } else if c.contains(.requireToFail), (try? c.decodeNil(forKey: .requireToFail)) != true {
            guard let list = try? c.decode([String].self, forKey: .requireToFail) else {
                throw c.failure(.requireToFail, "expected a recognizer name or a list of them")
            }
            requireToFail = list
        } else {
            requireToFail = []
        }
        let own = Self.properties[type]!
        for key in c.allKeys where !Self.common.contains(key) && !own.contains(where: { $0.key == key }) {
            let has = own.map(\.key.stringValue).joined(separator: ", ")
            throw c.failure(key, "a \(type.rawValue) recognizer has no '\(key.stringValue)' (its properties: \(has.isEmpty ? "none beyond the common ones" : has))")
        }
        numbers = [:]
        direction = nil
        for (key, whole) in own {
            guard c.contains(key), (try? c.decodeNil(forKey: key)) != true else { continue }
            if key == .direction {
                direction = try Self.decodeDirection(try c.superDecoder(forKey: key))
                continue
            }
            if whole {
                let v = try c.decode(Int.self, forKey: key)
                guard v >= 1 else { throw c.failure(key, "expected a whole number of at least 1, found \(v)") }
                numbers[key.stringValue] = Double(v)
            } else {
                let v = try c.decode(Double.self, forKey: key)
                guard v >= 0 else { throw c.failure(key, "expected a number of at least 0, found \(v)") }
                numbers[key.stringValue] = v
            }
        }
    }

    private static func decodeDirection(_ decoder: any Decoder) throws -> [String] {
        if (try? decoder.singleValueContainer().decode(String.self)) != nil {
            return [try word(decoder, in: directions, what: "a swipe direction")]
        }
        guard var a = try? decoder.unkeyedContainer() else {
            throw decoder.failure("expected a swipe direction or a list of them (right, left, up, down)")
        }
        var out: [String] = []
        while !a.isAtEnd { out.append(try word(try a.superDecoder(), in: directions, what: "a swipe direction")) }
        guard !out.isEmpty else { throw decoder.failure("expected at least one swipe direction") }
        return out
    }
}
