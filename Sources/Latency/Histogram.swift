/// Durations counted in bins of one round width from zero (1, 2 or 5 times a power of ten
/// seconds), so a stage's spread and its tail show at a glance.
public struct Histogram: Equatable, Sendable {
    /// Each bin's width, in seconds.
    public var width: Double
    /// How many values fell in each bin, the first from zero.
    public var counts: [Int]

    /// At most `bins` + 1 bins up to the largest value; nil for no values or a value that is
    /// negative or not finite.
    public init?(_ values: [Double], bins: Int = 20) {
        guard let top = values.max(), !values.isEmpty, values.allSatisfy({ $0 >= 0 && $0.isFinite }) else {
            return nil
        }
        width = Self.roundWidth(above: top / Double(max(bins, 1)))
        var counts = [Int](repeating: 0, count: Int(top / width) + 1)
        for v in values { counts[min(Int(v / width), counts.count - 1)] += 1 }
        self.counts = counts
    }

    /// The least of 1, 2 and 5 times a power of ten (a microsecond at least) that is at least `raw`.
    static func roundWidth(above raw: Double) -> Double {
        var power = 1e-6
        while true {
            for m in [1.0, 2, 5] where m * power >= raw { return m * power }
            power *= 10
        }
    }
}
