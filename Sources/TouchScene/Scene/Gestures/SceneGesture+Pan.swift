import TouchKit

/// A scene's pan: UIKit's pan, in a subclass of its own so that the screen-edge pan (a pan
/// subclass too) can be a scene type of its own.
final class ScenePan: PanGestureRecognizer, SceneGesture {
    static var sceneType: String { "pan" }
    static var isDiscrete: Bool { false }
    static var properties: [GestureProperty] { panProperties }
    static var figures: [GestureFigure] { [.translation, .velocity] }

    static func make(_ spec: GestureSpec) -> GestureRecognizer {
        let p = ScenePan(name: spec.name)
        p.configurePan(spec)
        return p
    }

    func figureValues(in view: View?) -> GestureValues { panFigures(in: view) }
}

/// What every pan of a scene shares (`pan`, `screenEdgePan`): UIKit's pan properties and figures.
extension PanGestureRecognizer {
    static let panProperties: [GestureProperty] = [
        .count("minimumNumberOfTouches"), .count("maximumNumberOfTouches"), .number("minimumDistance"),
    ]

    func configurePan(_ spec: GestureSpec) {
        if let v = spec.count("minimumNumberOfTouches") { minimumNumberOfTouches = v }
        if let v = spec.count("maximumNumberOfTouches") { maximumNumberOfTouches = v }
        if let v = spec.number("minimumDistance") { minimumDistance = v }
    }

    func panFigures(in view: View?) -> GestureValues {
        GestureValues(translation: translation(in: view), velocityPoint: velocity(in: view))
    }
}
