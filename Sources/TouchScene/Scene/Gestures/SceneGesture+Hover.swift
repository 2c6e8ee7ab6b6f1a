import TouchKit

extension HoverGestureRecognizer: SceneGesture {
    static var sceneType: String { "hover" }
    static var isDiscrete: Bool { false }
    static var properties: [GestureProperty] { [] }
    static var figures: [GestureFigure] { [.zOffset] }

    static func make(_ spec: GestureSpec) -> GestureRecognizer { HoverGestureRecognizer(name: spec.name) }

    func figureValues(in view: View?) -> GestureValues { GestureValues(zOffset: zOffset) }
}
