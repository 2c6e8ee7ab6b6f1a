/// How points lie around their centroid (its second moments): what tells whether marks lie on
/// a line (`CalibrationFit`) and which line a stroke follows best (`qualify`'s straightness).
public struct Scatter: Sendable {
    /// The points' centroid.
    public let centre: (x: Double, y: Double)
    /// Sums of squared deviations from the centre on x and y, and of their products.
    public let sxx: Double
    public let syy: Double
    public let sxy: Double

    /// The scatter of `points`; at the origin with no spread when there are none.
    public init<Point: PlanePoint>(_ points: [Point]) {
        let n = Double(max(points.count, 1))
        let c = (x: points.reduce(0) { $0 + $1.x } / n, y: points.reduce(0) { $0 + $1.y } / n)
        var sxx = 0.0
        var syy = 0.0
        var sxy = 0.0
        for p in points {
            sxx += (p.x - c.x) * (p.x - c.x)
            syy += (p.y - c.y) * (p.y - c.y)
            sxy += (p.x - c.x) * (p.y - c.y)
        }
        centre = c
        self.sxx = sxx
        self.syy = syy
        self.sxy = sxy
    }

    /// The covariance's determinant over its trace squared, λ1·λ2 / (λ1+λ2)²: 0 for points on
    /// a line, ¼ for a round cloud; nil when the points do not spread at all.
    public var roundness: Double? {
        let trace = sxx + syy
        guard trace > 0 else { return nil }
        return (sxx * syy - sxy * sxy) / (trace * trace)
    }
}
