import TouchKit

/// A scene's screen-edge pan (`screenEdgePan`): UIKit's `UIScreenEdgePanGestureRecognizer`.
final class SceneScreenEdgePan: ScreenEdgePanGestureRecognizer, SceneGesture {
    static var sceneType: String { "screenEdgePan" }
    static var isDiscrete: Bool { false }
    static var properties: [GestureProperty] {
        [.words("edges", edgeNames.map(\.0), what: "a screen edge"), .number("edgeZone")] + panProperties
    }
    static var figures: [GestureFigure] { [.translation, .velocity] }

    /// `edges`' words, in scene files.
    static let edgeNames: [(String, RectEdge)] = [
        ("top", .top), ("left", .left), ("bottom", .bottom), ("right", .right),
    ]

    static func make(_ spec: GestureSpec) -> GestureRecognizer {
        let p = SceneScreenEdgePan(name: spec.name)
        for w in spec.words["edges"] ?? [] {
            if let (_, e) = edgeNames.first(where: { $0.0 == w }) { p.edges.insert(e) }
        }
        if let v = spec.number("edgeZone") { p.edgeZone = v }
        p.configurePan(spec)
        return p
    }

    func figureValues(in view: View?) -> GestureValues { panFigures(in: view) }
}
