import StrictJSON
import TouchKit

/// A gesture recognizer in a scene: its type, name, action and target, UIKit's common
/// properties, and the properties its type has (a key another type has is an error). What
/// each type has is its `SceneGesture` conformance.
struct GestureSpec: Decodable, Sendable {
    /// Its `type`, one of `SceneGestures.typeNames`.
    var typeName: String
    var name: String
    var action: String?
    var target: String?
    var enabled: Bool?
    var cancelsTouchesInView: Bool?
    var delaysTouchesBegan: Bool?
    var delaysTouchesEnded: Bool?
    /// UIKit's allowedTouchTypes: `direct` (fingers), `pencil` (a pen's tip), or both.
    var allowedTouchTypes: [String]?
    /// With `run --virtual-touchscreen`: once it begins (continuous) or recognizes (discrete),
    /// its touches are the kiosk's — cancelled on the virtual touchscreen and no longer forwarded.
    var claims: Bool?
    var requireToFail: [String]
    /// The type's number and count properties, by UIKit's name (`numberOfTapsRequired`, …).
    var numbers: [String: Double]
    /// The type's word properties (a swipe's `direction`).
    var words: [String: [String]]

    /// The recognizer type it names.
    var gesture: any SceneGesture.Type { SceneGestures.type(named: typeName)! }

    func number(_ property: String) -> Double? { numbers[property] }
    func count(_ property: String) -> Int? { numbers[property].map { Int($0) } }

    /// The keys of a recognizer object: the common ones, then every type's own.
    struct Key: CodingKey, CaseIterable {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ s: String) { stringValue = s }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }

        static let common = [
            "type", "name", "action", "target", "enabled", "cancelsTouchesInView", "delaysTouchesBegan",
            "delaysTouchesEnded", "requireToFail", "claims", "allowedTouchTypes",
        ]
        static var allCases: [Key] { (common + SceneGestures.propertyNames).map(Key.init) }
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        typeName = try word(
            try c.superDecoder(forKey: Key("type")), in: SceneGestures.typeNames, what: "a gesture recognizer type")
        name = try c.decode(String.self, forKey: Key("name"))
        action = try c.decodeIfPresent(String.self, forKey: Key("action"))
        target = try c.decodeIfPresent(String.self, forKey: Key("target"))
        enabled = try c.decodeIfPresent(Bool.self, forKey: Key("enabled"))
        cancelsTouchesInView = try c.decodeIfPresent(Bool.self, forKey: Key("cancelsTouchesInView"))
        delaysTouchesBegan = try c.decodeIfPresent(Bool.self, forKey: Key("delaysTouchesBegan"))
        delaysTouchesEnded = try c.decodeIfPresent(Bool.self, forKey: Key("delaysTouchesEnded"))
        claims = try c.decodeIfPresent(Bool.self, forKey: Key("claims"))
        let types = Key("allowedTouchTypes")
        allowedTouchTypes =
            c.contains(types)
            ? try Self.decodeWords(
                try c.superDecoder(forKey: types), known: Touch.TouchType.allCases.map(\.rawValue), what: "a touch type"
            )
            : nil
        requireToFail = try Self.decodeRequireToFail(c)
        let type = SceneGestures.type(named: typeName)!
        let own = type.properties
        for key in c.allKeys
        where !Key.common.contains(key.stringValue) && !own.contains(where: { $0.name == key.stringValue }) {
            let has = own.map(\.name).joined(separator: ", ")
            throw c.failure(
                key,
                "a \(typeName) recognizer has no '\(key.stringValue)' (its properties: \(has.isEmpty ? "none beyond the common ones" : has))"
            )
        }
        numbers = [:]
        words = [:]
        for p in own {
            let key = Key(p.name)
            guard c.contains(key), (try? c.decodeNil(forKey: key)) != true else { continue }
            switch p.kind {
            case .words(let known, let what):
                words[p.name] = try Self.decodeWords(try c.superDecoder(forKey: key), known: known, what: what)
            case .count:
                let v = try c.decode(Int.self, forKey: key)
                guard v >= 1 else { throw c.failure(key, "expected a whole number of at least 1, found \(v)") }
                numbers[p.name] = Double(v)
            case .number:
                let v = try c.decode(Double.self, forKey: key)
                guard v >= 0 else { throw c.failure(key, "expected a number of at least 0, found \(v)") }
                numbers[p.name] = v
            case .duration:
                numbers[p.name] = try c.decodeDuration(key, allowingZero: true)
            }
        }
    }

    private static func decodeRequireToFail(_ c: KeyedDecodingContainer<Key>) throws -> [String] {
        let key = Key("requireToFail")
        if let one = try? c.decodeIfPresent(String.self, forKey: key) { return [one] }
        guard c.contains(key), (try? c.decodeNil(forKey: key)) != true else { return [] }
        guard let list = try? c.decode([String].self, forKey: key) else {
            throw c.failure(key, "expected a recognizer name or a list of them")
        }
        return list
    }

    /// One word of `known`, or a non-empty list of them.
    private static func decodeWords(_ decoder: any Decoder, known: [String], what: String) throws -> [String] {
        if (try? decoder.singleValueContainer().decode(String.self)) != nil {
            return [try word(decoder, in: known, what: what)]
        }
        guard var a = try? decoder.unkeyedContainer() else {
            throw decoder.failure("expected \(what) or a list of them (\(known.joined(separator: ", ")))")
        }
        var out: [String] = []
        while !a.isAtEnd { out.append(try word(try a.superDecoder(), in: known, what: what)) }
        guard !out.isEmpty else {
            throw decoder.failure("expected at least one \(what.hasPrefix("a ") ? String(what.dropFirst(2)) : what)")
        }
        return out
    }
}
