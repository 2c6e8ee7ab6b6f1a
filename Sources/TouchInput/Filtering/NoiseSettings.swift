/// The noise rules' thresholds, each named, with defaults from where the rule comes from:
/// ChromeOS's touch noise filters (their device units taken at about 13 units per millimetre,
/// the panels they were tuned on) and tslib's resistive filters.
public struct NoiseSettings: Sendable, Equatable {
    /// `far-apart`: touches this far apart are far (ChromeOS: 1500 units), at most 37.5 % of the
    /// panel's longer side (ChromeOS's 1500 of a ~4000-unit panel) on a smaller one.
    public var farApartMM = 100.0
    /// `far-apart`: begun at most this long apart (ChromeOS: 30 ms).
    public var farApartWindow = 0.030
    /// `far-apart`: a touch that moved farther is a finger's (ChromeOS: 16 units).
    public var tapMovementMM = 1.25
    /// `aligned`: a touch beginning this close in x to one down (ChromeOS: 3 units).
    public var alignedMM = 0.2
    /// `single-position` and `repeating`: touches this close are on one point, and one that
    /// moved no farther is still (ChromeOS: 2 units).
    public var samePointMM = 0.15
    /// `single-position`: one point firing for longer than this is noise (ChromeOS: 2 s)…
    public var singlePositionAfter = 2.0
    /// …looking back this far (ChromeOS: 4 s).
    public var singlePositionLookBack = 4.0
    /// `repeating`: intervals within this fraction of each other are the same.
    public var repeatTolerance = 0.05
    /// `repeating`: the longest period a controller's phantom is looked for at…
    public var repeatLongest = 60.0
    /// …and the shortest: a person tapping one button in a rhythm taps faster than this.
    public var repeatShortest = 1.0
    /// `edge`: a touch beginning this close to the border, in device units (ChromeOS: 1).
    public var edgeUnits = 1.0
    /// `pressure`: a touch is held until its pressure reaches this fraction of the axis' range
    /// (ChromeOS's low-pressure filter).
    public var pressureFraction = 0.19
    /// `palm`: a touch whose major axis reaches this fraction of the axis' maximum.
    public var palmFraction = 1.0
    /// `variance`: a sample farther than this from the last two is dropped (tslib's `variance`).
    public var varianceMM = 5.0
    /// `debounce`: a press this soon after the last release is dropped (tslib's `debounce`).
    public var debounce = 0.040

    public init() {}

    /// Sets `rule`'s one setting from `NAME:VALUE`'s value; false when it is out of range. The
    /// ranges leave a finger a way through: a pressure it can reach (below the axis' maximum), a
    /// palm larger than a fingertip (a twentieth of the axis at least), a border narrower than
    /// half the largest panels' 32768 units (a panel's own size is checked on it).
    public mutating func set(_ rule: NoiseRule, to value: Double) -> Bool {
        guard value.isFinite, value > 0 else { return false }
        switch rule {
        case .farApart where value <= 10_000: farApartMM = value
        case .aligned where value <= 100: alignedMM = value
        case .singlePosition where value <= 100: samePointMM = value
        case .repeating where value < 1: repeatTolerance = value
        case .edge where value < 16_384: edgeUnits = value
        case .pressure where value < 1: pressureFraction = value
        case .palm where value >= 0.05 && value <= 1: palmFraction = value
        case .variance where value <= 10_000: varianceMM = value
        case .debounce where value <= 10_000: debounce = value / 1000
        default: return false
        }
        return true
    }
}

/// Which noise rules a panel gets and their settings: `all`, `none`, or `NAME[:VALUE],…`, from
/// `run --noise-filter`, udev's `TOUCHBRIDGE_NOISE_FILTERS` or the scene's `noiseFilters`.
public struct NoiseChoice: Sendable, Equatable {
    public var rules: NoiseRules
    public var settings: NoiseSettings

    public init(rules: NoiseRules = [], settings: NoiseSettings = NoiseSettings()) {
        self.rules = rules
        self.settings = settings
    }

    /// No rule: the contacts go on as libinput tracks them.
    public static let none = NoiseChoice()

    /// `all`, `none` or `NAME[:VALUE],…`; a word that names no rule, or a value out of range,
    /// is the error's text.
    public static func parse(_ text: String) -> Result<NoiseChoice, NoiseChoiceError> {
        var choice = NoiseChoice()
        // Plain Substring work: a generic chain (reversed, drop) here costs the daemon's start a
        // search of the runtime's conformance records, a megabyte of pages touched.
        let words = text.split(separator: ",", omittingEmptySubsequences: false).map { part -> String in
            var w = Substring(part)
            while w.first == " " { w.removeFirst() }
            while w.last == " " { w.removeLast() }
            return String(w)
        }
        for w in words {
            if w == "all" || w == "none" {
                guard words.count == 1 else { return .failure(NoiseChoiceError(word: w, why: "stands alone")) }
                choice.rules = w == "all" ? .all : []
                continue
            }
            let parts = w.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard let rule = NoiseRule(name: parts[0]) else {
                return .failure(NoiseChoiceError(word: w, why: "names no rule"))
            }
            if parts.count == 2 {
                guard let v = Double(parts[1]), choice.settings.set(rule, to: v) else {
                    return .failure(NoiseChoiceError(word: w, why: "sets \(rule.settingWords), a number in range"))
                }
            }
            choice.rules.insert(NoiseRules(rule))
        }
        return .success(choice)
    }
}

extension NoiseChoice {
    /// What udev's `TOUCHBRIDGE_NOISE_FILTERS` (`property`) puts on a panel, for `list` and
    /// `screens`: the rules that read it, `none`, or `invalid` when `run` would ignore it.
    public static func udevWords(_ property: String?, multitouch: Bool) -> String {
        guard let property else { return "none" }
        guard case .success(let c) = parse(property) else { return "invalid" }
        return c.rules.applying(multitouch: multitouch).names
    }
}

/// A word of a noise filter list that is not one.
public struct NoiseChoiceError: Error, Sendable, CustomStringConvertible {
    public let word: String
    public let why: String
    public var description: String {
        "'\(word.printable)' \(why) (rules: all, none, \(NoiseRule.allCases.map(\.name).joined(separator: ", ")))"
    }
}
