/// A rule that tells a phantom touch — one nobody made — from a finger: the faults kiosk panels
/// show in the field (EMI, charger noise, a controller's periodic phantom, water, palms), after
/// ChromeOS's touch noise filters and tslib's resistive ones.
public enum NoiseRule: Int, CaseIterable, Sendable {
    /// Two touches beginning within a few milliseconds of each other, far apart, neither moving.
    case farApart
    /// A touch beginning at almost the same x as a touch already down (a row from EMI).
    case aligned
    /// Touches landing again and again on one point without moving (a spot that fires).
    case singlePosition
    /// A still touch landing on the same point at the same interval a third time.
    case repeating
    /// A touch beginning on the panel's border, held until it moves inward.
    case edge
    /// A touch held until its pressure reaches a real finger's.
    case pressure
    /// A touch whose size reaches its axis' maximum (a palm, a water film).
    case palm
    /// Single touch (resistive): a sample far from the last two, dropped.
    case variance
    /// Single touch (resistive): a press just after the last release, dropped.
    case debounce

    /// The rule's name on the command line, in udev's property, the scene and the log.
    public var name: String {
        switch self {
        case .farApart: return "far-apart"
        case .aligned: return "aligned"
        case .singlePosition: return "single-position"
        case .repeating: return "repeating"
        case .edge: return "edge"
        case .pressure: return "pressure"
        case .palm: return "palm"
        case .variance: return "variance"
        case .debounce: return "debounce"
        }
    }

    /// The rule named `name`, nil for none.
    public init?(name: Substring) {
        guard let r = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = r
    }

    /// Whether the rule reads single-touch panels only (tslib's), the others reading every panel
    /// but `farApart` and `aligned`, which need two contacts at once.
    public func applies(multitouch: Bool) -> Bool {
        switch self {
        case .variance, .debounce: return !multitouch
        case .farApart, .aligned: return multitouch
        default: return true
        }
    }

    /// What the rule's one setting (`NAME:VALUE`) sets, with its unit, for help and errors.
    public var settingWords: String {
        switch self {
        case .farApart: return "the distance apart, in mm"
        case .aligned: return "the x distance, in mm"
        case .singlePosition: return "the distance that is one point, in mm"
        case .repeating: return "the interval's tolerance, as a fraction"
        case .edge: return "the border's width, in device units, below 16384"
        case .pressure: return "the pressure to reach, as a fraction of the axis below 1"
        case .palm: return "the size that is a palm, as a fraction of the axis from 0.05 to 1"
        case .variance: return "the distance a sample may jump, in mm"
        case .debounce: return "the time after a release, in ms"
        }
    }
}

/// A set of noise rules.
public struct NoiseRules: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public init(_ rule: NoiseRule) { rawValue = 1 << UInt16(rule.rawValue) }

    /// Every rule.
    public static let all = NoiseRules(rawValue: (1 << UInt16(NoiseRule.allCases.count)) - 1)

    public func contains(_ rule: NoiseRule) -> Bool { rawValue & (1 << UInt16(rule.rawValue)) != 0 }

    /// The first rule in the set, nil when empty.
    public var first: NoiseRule? {
        isEmpty ? nil : NoiseRule(rawValue: rawValue.trailingZeroBitCount)
    }

    /// The rules, in their order.
    public var rules: [NoiseRule] { NoiseRule.allCases.filter(contains) }

    /// `all`, `none` or the names joined by commas.
    public var names: String {
        if self == .all { return "all" }
        if isEmpty { return "none" }
        return rules.map(\.name).joined(separator: ",")
    }

    /// The rules that read a panel of this kind.
    public func applying(multitouch: Bool) -> NoiseRules {
        NoiseRules(
            rawValue: rawValue
                & NoiseRules(rules: NoiseRule.allCases.filter { $0.applies(multitouch: multitouch) }).rawValue)
    }

    init(rules: [NoiseRule]) {
        self.init()
        for r in rules { insert(NoiseRules(r)) }
    }
}
