/// Fits libinput's calibration matrix to touches at known screen marks by least squares, as
/// `ts_calibrate` and `xinput_calibrator` derive theirs: the matrix that brings each touch,
/// in the panel's normalised units, nearest to its mark before the screen rotation.
public enum CalibrationFit {
    /// One mark and where the panel reported the touch on it.
    public struct Sample: Sendable {
        /// The mark, in the panel's screen points (what `touches` reports).
        public var target: ScreenPoint
        /// The touch, in device units.
        public var touched: DevicePoint

        public init(target: ScreenPoint, touched: DevicePoint) {
            self.target = target
            self.touched = touched
        }
    }

    /// Why a set of points cannot determine a matrix.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case tooFewPoints(Int)
        /// The marks lie on one line: nothing fixes the direction across it.
        case collinearTargets
        /// The touches lie on one line although the marks do not.
        case collinearTouches

        public var description: String {
            switch self {
            case .tooFewPoints(let n):
                return "\(n) point\(n == 1 ? "" : "s") cannot fix an affine matrix: at least 3, not on one line"
            case .collinearTargets: return "the marks lie on one line: at least 3 that span the screen are needed"
            case .collinearTouches:
                return
                    "the touches lie on one line although the marks do not: the panel reported the same axis twice, or the touches were wrong"
            }
        }
    }

    /// The matrix for `mapper`'s panel, screen size and rotation (its own calibration is not used).
    public static func fit(_ samples: [Sample], mapper: ScreenMapper) throws(Problem) -> ScreenMapper.Calibration {
        guard samples.count >= 3 else { throw .tooFewPoints(samples.count) }
        let targets = samples.map { mapper.unrotated(screen: $0.target) }
        let touches = samples.map { mapper.unit($0.touched) }
        if isCollinear(targets) { throw .collinearTargets }
        if isCollinear(touches) { throw .collinearTouches }
        // Normal equations of x' = a·u + b·v + c (and y' alike) over all samples.
        var m = [[Double]](repeating: [0, 0, 0], count: 3)
        var rx = [0.0, 0, 0]
        var ry = [0.0, 0, 0]
        for (t, p) in zip(targets, touches) {
            let row = [p.x, p.y, 1.0]
            for i in 0..<3 {
                for j in 0..<3 { m[i][j] += row[i] * row[j] }
                rx[i] += row[i] * t.x
                ry[i] += row[i] * t.y
            }
        }
        // A nearly singular system gives no finite matrix: as good as collinear.
        guard let abc = solve(m, rx), let def = solve(m, ry), let matrix = ScreenMapper.Calibration(abc + def) else {
            throw .collinearTouches
        }
        return matrix
    }

    /// Validates marks before any touch is asked for.
    public static func check(targets: [ScreenPoint]) throws(Problem) {
        guard targets.count >= 3 else { throw .tooFewPoints(targets.count) }
        if isCollinear(targets) { throw .collinearTargets }
    }

    /// True when the points' spread across their main direction is negligible beside along it.
    static func isCollinear<Point: PlanePoint>(_ points: [Point]) -> Bool {
        guard let roundness = Scatter(points).roundness else { return true }
        return roundness < 1e-4
    }

    /// Solves the 3×3 system by Cramer's rule; nil when singular.
    static func solve(_ m: [[Double]], _ r: [Double]) -> [Double]? {
        func det(_ a: [[Double]]) -> Double {
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
                - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        }
        let d = det(m)
        guard d.magnitude > 1e-12 else { return nil }
        return (0..<3).map { column in
            var a = m
            for row in 0..<3 { a[row][column] = r[row] }
            return det(a) / d
        }
    }
}

extension ScreenMapper {
    /// A device position in the panel's normalised units (0…1 across each axis), before calibration.
    public func unit(_ p: DevicePoint) -> DevicePoint {
        DevicePoint(x: (p.x - Double(x.minimum)) / Double(x.range), y: (p.y - Double(y.minimum)) / Double(y.range))
    }

    /// A screen point taken back through the rotation: where calibration must put a touch on it.
    public func unrotated(screen p: ScreenPoint) -> DevicePoint {
        let n = DevicePoint(x: p.x / width, y: p.y / height)
        switch rotation {
        case .none: return n
        case .quarter: return DevicePoint(x: n.y, y: 1 - n.x)
        case .half: return DevicePoint(x: 1 - n.x, y: 1 - n.y)
        case .threeQuarters: return DevicePoint(x: 1 - n.y, y: n.x)
        }
    }

    /// The calibration with the rotation folded in: the one matrix libinput needs for the
    /// same mapping, since libinput has no rotation of its own.
    public func foldedCalibration(_ c: Calibration) -> Calibration {
        // Rotation as a matrix on normalised units, composed after the calibration.
        let r: [Double]
        switch rotation {
        case .none: return c
        case .quarter: r = [0, -1, 1, 1, 0, 0]
        case .half: r = [-1, 0, 1, 0, -1, 1]
        case .threeQuarters: r = [0, 1, 0, -1, 0, 1]
        }
        return Calibration([
            r[0] * c.a + r[1] * c.d, r[0] * c.b + r[1] * c.e, r[0] * c.c + r[1] * c.f + r[2],
            r[3] * c.a + r[4] * c.d, r[3] * c.b + r[4] * c.e, r[3] * c.c + r[4] * c.f + r[5],
        ]) ?? c  // only a matrix near Double's limits overflows when rotated; it stays as it was
    }
}
