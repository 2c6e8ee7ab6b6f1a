import TouchKit

/// A scene's pan: UIKit's pan, in a subclass of its own so that the screen-edge pan (a pan
/// subclass too) can be a scene type of its own.
final class ScenePan: PanGestureRecognizer, SceneGesture {
    static var sceneType: String { "pan" }
    static var isDiscrete: Bool { false }
    static var properties: [GestureProperty] {
        [.count("minimumNumberOfTouches"), .count("maximumNumberOfTouches"), .number("minimumDistance")]
    }
    static var figures: [GestureFigure] { [.translation, .velocity] }

    static func make(_ spec: GestureSpec) -> GestureRecognizer {
        let p = ScenePan(name: spec.name)
        if let v = spec.count("minimumNumberOfTouches") { p.minimumNumberOfTouches = v }
        if let v = spec.count("maximumNumberOfTouches") { p.maximumNumberOfTouches = v }
        if let v = spec.number("minimumDistance") { p.minimumDistance = v }
        return p
    }

    func figureValues(in view: View?) -> GestureValues {
        GestureValues(translation: translation(in: view), velocityPoint: velocity(in: view))
    }
}
