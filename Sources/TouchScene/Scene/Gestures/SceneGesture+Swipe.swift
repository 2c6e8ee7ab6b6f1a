import TouchKit

extension SwipeGestureRecognizer: SceneGesture {
    static var sceneType: String { "swipe" }
    static var isDiscrete: Bool { true }
    static var properties: [GestureProperty] {
        [
            .words("direction", directionNames.map(\.0), what: "a swipe direction"), .count("numberOfTouchesRequired"),
            .number("minimumDistance"), .duration("maximumDuration"),
            .number("maximumAngle"),
        ]
    }

    /// `direction`'s words, in scene files.
    static let directionNames: [(String, Direction)] = [
        ("right", .right), ("left", .left), ("up", .up), ("down", .down),
    ]

    static func make(_ spec: GestureSpec) -> GestureRecognizer {
        let s = SwipeGestureRecognizer(name: spec.name)
        if let words = spec.words["direction"] {
            var d: Direction = []
            for w in words { if let (_, bit) = directionNames.first(where: { $0.0 == w }) { d.insert(bit) } }
            s.direction = d
        }
        if let v = spec.count("numberOfTouchesRequired") { s.numberOfTouchesRequired = v }
        if let v = spec.number("minimumDistance") { s.minimumDistance = v }
        if let v = spec.number("maximumDuration") { s.maximumDuration = v }
        if let v = spec.number("maximumAngle") { s.maximumAngle = v }
        return s
    }
}
