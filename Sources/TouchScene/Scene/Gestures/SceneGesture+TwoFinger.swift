import TouchKit

extension PinchGestureRecognizer: SceneGesture {
    static var sceneType: String { "pinch" }
    static var isDiscrete: Bool { false }
    static var properties: [GestureProperty] { [.number("minimumDistanceChange")] }
    static var figures: [GestureFigure] { [.scale, .velocity] }

    static func make(_ spec: GestureSpec) -> GestureRecognizer {
        let p = PinchGestureRecognizer(name: spec.name)
        if let v = spec.number("minimumDistanceChange") { p.minimumDistanceChange = v }
        return p
    }

    func figureValues(in view: View?) -> GestureValues { GestureValues(scale: scale, velocity: velocity) }
}

extension RotationGestureRecognizer: SceneGesture {
    static var sceneType: String { "rotation" }
    static var isDiscrete: Bool { false }
    static var properties: [GestureProperty] { [.number("minimumRotation")] }
    static var figures: [GestureFigure] { [.rotation, .velocity] }

    static func make(_ spec: GestureSpec) -> GestureRecognizer {
        let r = RotationGestureRecognizer(name: spec.name)
        if let v = spec.number("minimumRotation") { r.minimumRotation = v }
        return r
    }

    func figureValues(in view: View?) -> GestureValues { GestureValues(rotation: rotation, velocity: velocity) }
}
