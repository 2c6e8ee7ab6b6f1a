/// `--fail-on "rate<100,ghosts>0"`: figures of the report compared with limits, so a
/// production line can gate on a panel. A criterion on a figure the input cannot give
/// (no resting finger for `jitter`, say) counts as met: there is no evidence it passed.
public struct FailCriteria: Sendable {
    public enum Comparison: String, Sendable, CaseIterable {
        case lessOrEqual = "<="
        case greaterOrEqual = ">="
        case less = "<"
        case greater = ">"
        case equal = "="

        func holds(_ a: Double, _ b: Double) -> Bool {
            switch self {
            case .lessOrEqual: return a <= b
            case .greaterOrEqual: return a >= b
            case .less: return a < b
            case .greater: return a > b
            case .equal: return a == b
            }
        }
    }

    public struct Criterion: Sendable {
        public var figure: String
        public var comparison: Comparison
        public var limit: Double
        public var text: String { "\(figure)\(comparison.rawValue)\(HealthText.plain(limit))" }
    }

    /// The figures a criterion may name, with what each reads from the report.
    public static let figures: [(name: String, meaning: String, value: @Sendable (HealthReport) -> Double?)] = [
        ("rate", "mean report rate, Hz", { $0.rate.meanHz }),
        (
            "interval", "longest interval between reports (idle gaps left out), ms",
            { $0.rate.maximum.map { $0 * 1000 } }
        ),
        (
            "jitter", "resting finger's standard deviation, mm (the larger axis)",
            { r in r.jitter?.stddevMM.map { max($0.x, $0.y) } }
        ),
        (
            "jitter_units", "resting finger's standard deviation, device units (the larger axis)",
            { r in r.jitter.map { max($0.stddev.x, $0.stddev.y) } }
        ),
        ("ghosts", "ghost contacts and jumps", { Double($0.ghosts) }),
        ("spots", "places where ghosts recur", { Double($0.ghostSpots.count) }),
        ("stuck", "stuck contacts", { Double($0.stuck.count) }),
        ("churn", "tracking-id churn", { Double($0.churn) }),
        ("out_of_range", "slots beyond the device's range", { Double($0.slotsOutOfRange) }),
        ("dropped", "SYN_DROPPED", { Double($0.synDropped) }),
        ("contacts", "most contacts down at once", { Double($0.maxSimultaneous) }),
        ("coverage", "grid cells touched, %", { $0.coverage.percent }),
    ]

    public var criteria: [Criterion]

    /// Parses a comma-separated list; the error says what was expected.
    public init(parsing text: String) throws(HealthUsageError) {
        criteria = []
        for part in text.split(separator: ",") {
            let item = Array(part.filter { $0 != " " })
            guard let at = item.firstIndex(where: { $0 == "<" || $0 == ">" || $0 == "=" }) else {
                throw HealthUsageError("--fail-on: '\(String(item))' is not FIGURE<LIMIT (or <=, >, >=, =)")
            }
            let twoChars = at + 1 < item.count && item[at + 1] == "=" && item[at] != "="
            let symbol = String(item[at...(twoChars ? at + 1 : at)])
            let op = Comparison(rawValue: symbol)!
            let name = String(item[..<at])
            let value = String(item[(at + symbol.count)...])
            guard Self.figures.contains(where: { $0.name == name }) else {
                throw HealthUsageError(
                    "--fail-on: unknown figure '\(name)'; one of " + Self.figures.map(\.name).joined(separator: ", "))
            }
            guard let limit = Double(value) else {
                throw HealthUsageError("--fail-on: '\(value)' in '\(String(item))' is not a number")
            }
            criteria.append(Criterion(figure: name, comparison: op, limit: limit))
        }
        if criteria.isEmpty { throw HealthUsageError("--fail-on: expected FIGURE<LIMIT, …") }
    }

    /// The criteria `report` meets, each with the figure's value (nil when unavailable).
    public func met(by report: HealthReport) -> [(criterion: Criterion, value: Double?)] {
        criteria.compactMap { c in
            let v = Self.figures.first { $0.name == c.figure }!.value(report)
            guard let v else { return (c, nil) }
            return c.comparison.holds(v, c.limit) ? (c, v) : nil
        }
    }
}

/// A `--fail-on` or option mistake (exit 64).
public struct HealthUsageError: Error, CustomStringConvertible {
    public let description: String
    public init(_ d: String) { description = d }
}
