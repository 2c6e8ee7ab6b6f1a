import InputEvents
import TouchInput

/// What a qualification measured, each figure beside its criterion, in millimetres where the
/// panel has a resolution (screen points otherwise).
public struct QualifyReport: Sendable {
    /// "mm", or "pt" for a panel without a resolution.
    public var unit: String
    /// Each tap's distance from its mark, in order; nil for a mark with no tap.
    public var tapErrors: [Double?] = []
    /// Each tap's place (screen points), for the picture.
    public var taps: [ScreenPoint?] = []
    /// Each line: the largest distance of what was drawn from its own best-fit line and from
    /// the target line, and the fraction of the target line the stroke spans; nil for a line
    /// with no stroke.
    public var lines: [(fit: Double, target: Double, span: Double)?] = []
    /// Each line's drawn points (screen points), for the picture.
    public var strokes: [[ScreenPoint]] = []
    /// The resting finger's largest distance from its median.
    public var jitter: Double?
    /// The lowest reports a second of a moving contact over a quarter-second window.
    public var reportRate: Double?
    /// The most contacts at once.
    public var maxContacts = 0
    /// The closest two fingers stayed apart (centre to centre), when two were seen at once.
    public var separation: Double?
    /// Fast taps: asked for, made.
    public var tapsAsked = 0, tapsMade = 0
    /// A pen's qualification: no contacts, separation or fast taps are judged, the hover
    /// offsets are.
    public var pen = false
    /// At each mark, how far the tip landed from where the pen hovered just before; nil for a
    /// mark touched with no hover seen.
    public var hoverOffsets: [Double?] = []
    /// What health finds over the whole session.
    public var ghosts = 0, stuck = 0
    /// The quiet step (`--quiet`): its seconds and the contacts that began in them; nil without.
    public var quiet: (seconds: Double, phantoms: Int)?
    /// The latency step (`--latency`): what it measured; nil without.
    public var latency: LatencyFigures?
    public var criteria = QualifyCriteria()

    /// The latency step's figures: taps asked for, samples whose chain completed, and the
    /// kernel → presented percentiles over them, in seconds (nil with no complete sample).
    public struct LatencyFigures: Sendable, Equatable {
        public var taps: Int
        public var complete: Int
        public var p50: Double?, p95: Double?, p99: Double?

        public init(taps: Int, complete: Int, p50: Double?, p95: Double?, p99: Double?) {
            self.taps = taps
            self.complete = complete
            self.p50 = p50
            self.p95 = p95
            self.p99 = p99
        }
    }

    /// An empty report in `unit`, to be filled with figures.
    public init(unit: String) { self.unit = unit }
    /// The steps the session ended before (nothing of them measured); empty when it was finished.
    public var missing: [QualifyPlan.Step] = []

    /// The least of its target line a stroke must span: nine tenths, its ends at most a
    /// twentieth of its length from the line's.
    public static let spanNeeded = 0.9

    /// Whether the session ended before every gesture was made.
    public var isUnfinished: Bool { !missing.isEmpty }

    /// One criterion's line of the report.
    public struct Verdict: Sendable {
        public var name: String
        public var value: String
        public var limit: String
        public var pass: Bool
        /// False for a criterion whose gestures the session ended before: it has no figure and no verdict.
        public var measured = true
    }

    public var accuracyMax: Double? { tapErrors.contains(nil) ? nil : tapErrors.compactMap { $0 }.max() }
    public var accuracyMean: Double? {
        let e = tapErrors.compactMap { $0 }
        return e.isEmpty ? nil : e.reduce(0, +) / Double(e.count)
    }
    public var accuracyP95: Double? { percentile(tapErrors.compactMap { $0 }.sorted(), 0.95) }
    /// The largest distance of any stroke from its target line (its own crookedness included).
    public var linearityMax: Double? {
        lines.contains { $0 == nil } ? nil : lines.compactMap { $0.map { max($0.fit, $0.target) } }.max()
    }
    /// The first line whose stroke does not span it (index, fraction spanned).
    public var lineShort: (Int, Double)? {
        for (i, l) in lines.enumerated() { if let l, l.span < Self.spanNeeded { return (i, l.span) } }
        return nil
    }
    public var hoverOffsetMax: Double? {
        hoverOffsets.isEmpty || hoverOffsets.contains(nil) ? nil : hoverOffsets.compactMap { $0 }.max()
    }
    public var missedTaps: Int { max(0, tapsAsked - tapsMade) }
    public var splitTaps: Int { max(0, tapsMade - tapsAsked) }

    /// Every criterion with its figure and verdict; a figure that could not be measured fails.
    public var verdicts: [Verdict] {
        func f(_ v: Double?) -> String { v.map { QualifyPlan.number($0, decimals: 2) } ?? "not measured" }
        /// `12.5 mm max`, or `not measured` with no unit.
        func fig(_ v: Double?, _ suffix: String) -> String { v.map { f($0) + suffix } ?? "not measured" }
        let c = criteria
        let u = unit
        let fingers = [
            Verdict(
                name: "maxContacts", value: "\(maxContacts)", limit: "≥ \(c.contacts)", pass: maxContacts >= c.contacts),
            Verdict(
                name: "separation",
                value: separation.map { "two contacts \(f($0)) \(u) apart" } ?? "never two contacts",
                limit: "two contacts at ≤ \(f(c.separationMM)) \(u)", pass: (separation ?? .infinity) <= c.separationMM),
            Verdict(
                name: "fastTaps", value: "\(tapsMade) of \(tapsAsked) (missed \(missedTaps), split \(splitTaps))",
                limit: "missed ≤ \(c.missedTaps), split ≤ \(c.splitTaps)",
                pass: missedTaps <= c.missedTaps && splitTaps <= c.splitTaps),
        ]
        let penOnly = [
            Verdict(
                name: "hoverOffset", value: fig(hoverOffsetMax, " \(u) max"), limit: "≤ \(f(c.hoverOffsetMM)) \(u)",
                pass: (hoverOffsetMax ?? .infinity) <= c.hoverOffsetMM)
        ]
        return [
            Verdict(
                name: "accuracy", value: fig(accuracyMax, " \(u) max"), limit: "≤ \(f(c.accuracyMM)) \(u)",
                pass: (accuracyMax ?? .infinity) <= c.accuracyMM),
            Verdict(
                name: "linearity",
                value: lineShort.map { "line \($0.0 + 1) spans \(Int(($0.1 * 100).rounded())) % of its target" }
                    ?? fig(linearityMax, " \(u) from the target"),
                limit: "≤ \(f(c.linearityMM)) \(u), end to end",
                pass: (linearityMax ?? .infinity) <= c.linearityMM && lineShort == nil),
            Verdict(
                name: "jitter", value: fig(jitter, " \(u)"), limit: "≤ \(f(c.jitterMM)) \(u)",
                pass: (jitter ?? .infinity) <= c.jitterMM),
            Verdict(
                name: "reportRate", value: fig(reportRate, " Hz min"), limit: "≥ \(f(c.reportRateHz)) Hz",
                pass: (reportRate ?? 0) >= c.reportRateHz),
        ] + (pen ? penOnly : fingers) + [
            Verdict(name: "ghosts", value: "\(ghosts)", limit: "≤ \(c.ghosts)", pass: ghosts <= c.ghosts),
            Verdict(name: "stuck", value: "\(stuck)", limit: "≤ \(c.stuck)", pass: stuck <= c.stuck),
        ] + quietVerdict + latencyVerdict
    }

    /// The latency step's verdict, when it was asked for.
    private var latencyVerdict: [Verdict] {
        guard let l = latency else { return [] }
        let needed = Int((Double(l.taps) * criteria.latencyCompleteFraction).rounded(.up))
        let short = l.complete < needed ? "; \(needed - l.complete) short of the \(needed) needed" : ""
        let value = l.p95.map {
            "p95 \(QualifyPlan.number($0 * 1000, decimals: 1)) ms, \(l.complete) of \(l.taps) taps" + short
        }
        return [
            Verdict(
                name: "latency", value: value ?? "not measured",
                limit:
                    "p95 ≤ \(QualifyPlan.number(criteria.latencyP95MS)) ms over ≥ \(QualifyPlan.number(criteria.latencyCompleteFraction * 100)) % of taps",
                pass: (l.p95 ?? .infinity) * 1000 <= criteria.latencyP95MS && l.complete >= needed)
        ]
    }

    /// The quiet step's verdict, when there was one.
    private var quietVerdict: [Verdict] {
        guard let q = quiet else { return [] }
        return [
            Verdict(
                name: "phantomContacts", value: "\(q.phantoms) in \(QualifyPlan.number(q.seconds)) s untouched",
                limit: "≤ \(criteria.phantomContacts)", pass: q.phantoms <= criteria.phantomContacts)
        ]
    }

    /// Every criterion with its figure and verdict, those whose gestures the session ended
    /// before marked not measured.
    public var judged: [Verdict] {
        verdicts.map { v in
            guard needs(v.name).contains(where: { step in missing.contains { Self.kind($0) == step } }) else {
                return v
            }
            var u = v
            u.measured = false
            u.pass = false
            u.value = "not measured"
            return u
        }
    }

    /// The kinds of step a criterion's figure comes from.
    private func needs(_ criterion: String) -> [String] {
        switch criterion {
        case "accuracy", "hoverOffset": ["mark"]
        case "linearity": ["line"]
        case "jitter": ["rest"]
        case "reportRate": pen ? ["line"] : ["line", "contacts"]
        case "maxContacts": ["contacts"]
        case "separation": ["separation"]
        case "phantomContacts": ["quiet"]
        default: []
        }
    }

    /// A step's kind, as `needs` names it.
    static func kind(_ s: QualifyPlan.Step) -> String {
        switch s {
        case .quiet: "quiet"
        case .mark: "mark"
        case .line: "line"
        case .rest: "rest"
        case .contacts: "contacts"
        case .separation: "separation"
        case .taps: "taps"
        case .done: "done"
        }
    }

    /// Passes only when finished and every criterion passes.
    public var pass: Bool { !isUnfinished && verdicts.allSatisfy(\.pass) }
}
