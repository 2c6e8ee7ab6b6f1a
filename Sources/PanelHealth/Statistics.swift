/// Running mean and variance (Welford), with the extremes: one axis of a resting finger,
/// or a set of intervals, without keeping the samples.
public struct RunningStats: Sendable {
    public private(set) var count = 0
    public private(set) var mean = 0.0
    private var m2 = 0.0
    public private(set) var minimum = Double.infinity
    public private(set) var maximum = -Double.infinity

    public init() {}

    public mutating func add(_ x: Double) {
        count += 1
        let d = x - mean
        mean += d / Double(count)
        m2 += d * (x - mean)
        minimum = Swift.min(minimum, x)
        maximum = Swift.max(maximum, x)
    }

    /// The sum of squared deviations from the mean (for pooling runs).
    public var sumOfSquares: Double { m2 }
    public var range: Double { count > 0 ? maximum - minimum : 0 }
}

/// The value at fraction `p` (0…1) of `sorted` (nearest rank), nil when empty.
func percentile(_ sorted: [Double], _ p: Double) -> Double? {
    guard !sorted.isEmpty else { return nil }
    let i = Int((Double(sorted.count - 1) * p).rounded())
    return sorted[Swift.min(Swift.max(i, 0), sorted.count - 1)]
}
