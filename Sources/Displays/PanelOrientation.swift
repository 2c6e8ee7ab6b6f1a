/// How a display's panel is mounted in its casing, as the kernel's DRM connector property
/// "panel orientation" says (from its quirk tables, the device tree, or `video=` on the
/// kernel's command line). A touchscreen on that panel still reports in the panel's own
/// orientation, so its touches turn with the picture.
public enum PanelOrientation: String, Sendable, CaseIterable {
    /// The panel's top is the casing's top.
    case normal
    /// The panel is mounted upside down.
    case upsideDown = "upside_down"
    /// The panel's left side is the casing's top.
    case leftSideUp = "left_side_up"
    /// The panel's right side is the casing's top.
    case rightSideUp = "right_side_up"

    /// The value as the kernel's property names it (`Left Side Up`); nil for a name it does not have.
    public init?(propertyValue: String) {
        switch propertyValue {
        case "Normal": self = .normal
        case "Upside Down": self = .upsideDown
        case "Left Side Up": self = .leftSideUp
        case "Right Side Up": self = .rightSideUp
        default: return nil
        }
    }

    /// The turn, clockwise in degrees, that takes the panel's own picture upright: the rotation
    /// its touches need (`--rotate`), and what a compositor honouring the property turns the display by.
    public var degrees: Int {
        switch self {
        case .normal: 0
        case .upsideDown: 180
        case .leftSideUp: 90
        case .rightSideUp: 270
        }
    }

    /// Words for people: `left side up`.
    public var words: String { String(rawValue.map { $0 == "_" ? " " : $0 }) }
}
