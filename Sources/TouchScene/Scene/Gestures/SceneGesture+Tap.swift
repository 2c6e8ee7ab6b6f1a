import TouchKit

extension TapGestureRecognizer: SceneGesture {
    static var sceneType: String { "tap" }
    static var isDiscrete: Bool { true }
    static var properties: [GestureProperty] {
        [
            .count("numberOfTapsRequired"), .count("numberOfTouchesRequired"), .number("allowableMovement"),
            .duration("maximumIntervalBetweenTaps"), .number("maximumTapDistance"),
        ]
    }

    static func make(_ spec: GestureSpec) -> GestureRecognizer {
        let t = TapGestureRecognizer(name: spec.name)
        if let v = spec.count("numberOfTapsRequired") { t.numberOfTapsRequired = v }
        if let v = spec.count("numberOfTouchesRequired") { t.numberOfTouchesRequired = v }
        if let v = spec.number("allowableMovement") { t.allowableMovement = v }
        if let v = spec.number("maximumIntervalBetweenTaps") { t.maximumIntervalBetweenTaps = v }
        if let v = spec.number("maximumTapDistance") { t.maximumTapDistance = v }
        return t
    }
}
