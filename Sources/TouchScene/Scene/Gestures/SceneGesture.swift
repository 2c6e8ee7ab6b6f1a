import TouchKit

/// A gesture recognizer type as scene files know it. Everything the scene layer knows of a
/// type is its conformance (one file per type beside this one) and its entry in
/// `SceneGestures.all`: its name in scene files, whether it is discrete, its properties, how
/// a spec configures it and which figures its log lines carry. The handler log's schema and
/// README's table are checked against these (`GestureRegistryTests`).
protocol SceneGesture: GestureRecognizer {
    /// Its `type` in scene files (`"tap"`).
    static var sceneType: String { get }
    /// Discrete recognizers end as `recognized`; continuous ones begin, change and end.
    static var isDiscrete: Bool { get }
    /// Its own properties beyond the common ones, by UIKit's names.
    static var properties: [GestureProperty] { get }
    /// The figures its log lines carry (JSON keys), besides state and location.
    static var figures: [GestureFigure] { get }
    /// A new recognizer named `name`, configured from `spec`'s properties.
    static func make(_ spec: GestureSpec) -> GestureRecognizer
    /// Its figures now, in `view`'s coordinates.
    func figureValues(in view: View?) -> GestureValues
}

extension SceneGesture {
    static var figures: [GestureFigure] { [] }
    func figureValues(in view: View?) -> GestureValues { GestureValues() }
}

/// A recognizer property of scene files: a number (at least 0), a duration (seconds, at least 0
/// and at most `SceneDuration.maximum`: it reaches a timer), a count (a whole number of at
/// least 1), or one or more words of a fixed set (`what` names one in messages).
struct GestureProperty: Sendable {
    enum Kind: Sendable {
        case number, duration, count
        case words([String], what: String)
    }

    let name: String
    let kind: Kind

    static func number(_ name: String) -> GestureProperty { GestureProperty(name: name, kind: .number) }
    static func duration(_ name: String) -> GestureProperty { GestureProperty(name: name, kind: .duration) }
    static func count(_ name: String) -> GestureProperty { GestureProperty(name: name, kind: .count) }
    static func words(_ name: String, _ known: [String], what: String) -> GestureProperty {
        GestureProperty(name: name, kind: .words(known, what: what))
    }
}

/// A figure a gesture line carries, by its JSON key.
enum GestureFigure: String, CaseIterable, Sendable {
    case translation, velocity, scale, rotation, zOffset
}

/// The recognizer types scene files may name: adding one is its TouchKit class, its
/// conformance file here, and its entry in `all`.
enum SceneGestures {
    static let all: [any SceneGesture.Type] = [
        TapGestureRecognizer.self, LongPressGestureRecognizer.self, ScenePan.self,
        SwipeGestureRecognizer.self, PinchGestureRecognizer.self, RotationGestureRecognizer.self,
        SceneScreenEdgePan.self, HoverGestureRecognizer.self,
    ]

    /// The type scene files call `name`.
    static func type(named name: String) -> (any SceneGesture.Type)? { all.first { $0.sceneType == name } }

    static var typeNames: [String] { all.map { $0.sceneType } }

    /// Every property some type has, each once, in the order of `all`.
    static let propertyNames: [String] = {
        var names: [String] = []
        for t in all { for p in t.properties where !names.contains(p.name) { names.append(p.name) } }
        return names
    }()
}
