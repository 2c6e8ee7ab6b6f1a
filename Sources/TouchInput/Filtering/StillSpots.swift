/// The still touches gone before (where and when each began and lifted), the last 64, and the
/// points found firing at a period: what `singlePosition` and `repeating` look back on.
struct StillSpots: Sendable {
    struct Landing: Sendable {
        var point: DevicePoint
        var began: Double
        var ended: Double
    }

    static let size = 64
    static let periodicSize = 8
    private(set) var landings: [Landing] = []
    private var next = 0
    /// Points where a still touch landed a third time at one interval: touches landing there are
    /// held until one moves.
    private(set) var periodic: [DevicePoint] = []
    private var nextPeriodic = 0

    init() {
        landings.reserveCapacity(Self.size)
        periodic.reserveCapacity(Self.periodicSize)
    }

    mutating func remember(_ p: DevicePoint, began: Double, ended: Double) {
        let l = Landing(point: p, began: began, ended: ended)
        if landings.count < Self.size {
            landings.append(l)
        } else {
            landings[next] = l
            next = (next + 1) % Self.size
        }
    }

    /// When the first still touch on `p` that lifted at `cutoff` or later began.
    func earliest(at p: DevicePoint, since cutoff: Double, _ s: NoiseSettings, _ g: NoiseGeometry) -> Double? {
        var first: Double?
        for l in landings where l.ended >= cutoff && g.millimetres(l.point, p) <= s.samePointMM {
            if first.map({ l.began < $0 }) ?? true { first = l.began }
        }
        return first
    }

    /// Whether a touch landing on `p` at `t` lands on a periodic point: one already found, or the
    /// two still touches last on it began at the interval that `t` now repeats (within the
    /// tolerance, from `repeatShortest` to `repeatLongest`), which makes `p` one.
    mutating func repeats(at p: DevicePoint, at t: Double, _ s: NoiseSettings, _ g: NoiseGeometry) -> Bool {
        if periodic.contains(where: { g.millimetres($0, p) <= s.samePointMM }) { return true }
        var last: Double?
        var before: Double?
        for l in landings where g.millimetres(l.point, p) <= s.samePointMM {
            if last.map({ l.began > $0 }) ?? true {
                before = last
                last = l.began
            } else if before.map({ l.began > $0 }) ?? true {
                before = l.began
            }
        }
        guard let b2 = last, let b1 = before else { return false }
        let interval = b2 - b1
        guard interval >= s.repeatShortest, interval <= s.repeatLongest,
            abs((t - b2) - interval) <= s.repeatTolerance * interval
        else { return false }
        if periodic.count < Self.periodicSize {
            periodic.append(p)
        } else {
            periodic[nextPeriodic] = p
            nextPeriodic = (nextPeriodic + 1) % Self.periodicSize
        }
        return true
    }

    /// A touch moved off periodic point `p`: a finger's, so the point is no longer one.
    mutating func forgetPeriodic(at p: DevicePoint, _ s: NoiseSettings, _ g: NoiseGeometry) {
        periodic.removeAll { g.millimetres($0, p) <= s.samePointMM }
        nextPeriodic = 0
    }
}
