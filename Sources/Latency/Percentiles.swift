/// The median, 95th and 99th percentiles of some durations, by nearest rank (each one a
/// measured value, none interpolated), with how many there were.
public struct Percentiles: Equatable, Sendable {
    public var count: Int
    public var p50: Double
    public var p95: Double
    public var p99: Double

    /// Nil for no values.
    public init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        func rank(_ p: Double) -> Double {
            let r = Int((p * Double(sorted.count)).rounded(.up))
            return sorted[min(max(r, 1), sorted.count) - 1]
        }
        count = sorted.count
        p50 = rank(0.50)
        p95 = rank(0.95)
        p99 = rank(0.99)
    }
}

/// Each stage's percentiles over the complete samples, and how many samples were not.
public struct LatencySummary: Equatable, Sendable {
    public var stages: [LatencyStage: Percentiles]
    public var complete: Int
    public var incomplete: Int

    public init(_ samples: [LatencySample]) {
        let whole = samples.filter(\.isComplete)
        complete = whole.count
        incomplete = samples.count - whole.count
        var stages: [LatencyStage: Percentiles] = [:]
        for stage in LatencyStage.allCases {
            if let p = Percentiles(whole.compactMap { $0.seconds(stage) }) { stages[stage] = p }
        }
        self.stages = stages
    }
}
