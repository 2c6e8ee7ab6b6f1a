import TouchKit

extension LongPressGestureRecognizer: SceneGesture {
    static var sceneType: String { "longPress" }
    static var isDiscrete: Bool { false }
    static var properties: [GestureProperty] {
        [.duration("minimumPressDuration"), .number("allowableMovement"), .count("numberOfTouchesRequired")]
    }

    static func make(_ spec: GestureSpec) -> GestureRecognizer {
        let l = LongPressGestureRecognizer(name: spec.name)
        if let v = spec.number("minimumPressDuration") { l.minimumPressDuration = v }
        if let v = spec.number("allowableMovement") { l.allowableMovement = v }
        if let v = spec.count("numberOfTouchesRequired") { l.numberOfTouchesRequired = v }
        return l
    }
}
