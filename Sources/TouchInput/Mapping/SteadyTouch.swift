import InputEvents

/// One calibration touch: the median position of a single finger held still from down to
/// lift, or why it cannot be used (it moved, a second finger came, it was cancelled).
public struct SteadyTouch: Sendable {
    /// What a finished touch gave.
    public enum Outcome: Equatable, Sendable {
        /// The median position in device units and how many positions it was taken from.
        case steady(DevicePoint, samples: Int)
        case refused(String)
    }

    /// How far a position may lie from the median, in millimetres (device units where the
    /// panel has no resolution: this fraction of each axis, as `fractionWithoutResolution`).
    public static let toleranceMM = 3.0
    public static let fractionWithoutResolution = 0.015

    private let x: AbsInfo, y: AbsInfo
    private var xs: [Double] = [], ys: [Double] = []
    private var down: Set<UInt64> = []
    private var ignored: Set<UInt64> = []
    private var mostAtOnce = 0
    private var cancelled = false

    public init(x: AbsInfo, y: AbsInfo) {
        self.x = x
        self.y = y
    }

    /// Feeds one frame; the outcome once every finger has lifted. Fingers already down when
    /// the panel was opened are ignored.
    public mutating func take(_ frame: ContactFrame) -> Outcome? {
        for c in frame.contacts {
            if c.isInitial || ignored.contains(c.id) {
                if c.phase.isTerminal { ignored.remove(c.id) } else { ignored.insert(c.id) }
                continue
            }
            switch c.phase {
            case .began:
                down.insert(c.id)
                mostAtOnce = max(mostAtOnce, down.count)
            case .ended: down.remove(c.id)
            case .cancelled:
                down.remove(c.id)
                cancelled = true
            case .moved, .stationary: break
            }
            if c.phase != .cancelled {
                xs.append(c.position.x)
                ys.append(c.position.y)
            }
        }
        guard down.isEmpty, !xs.isEmpty || cancelled else { return nil }
        defer {
            xs = []
            ys = []
            mostAtOnce = 0
            cancelled = false
        }
        if mostAtOnce > 1 { return .refused("\(mostAtOnce) fingers at once: touch with one") }
        if cancelled { return .refused("the touch was cancelled") }
        let median = DevicePoint(x: Self.median(xs), y: Self.median(ys))
        let (tx, ty) = (tolerance(x), tolerance(y))
        let worst = zip(xs, ys).map { max(($0 - median.x).magnitude / tx, ($1 - median.y).magnitude / ty) }.max() ?? 0
        if worst > 1 {
            let moved =
                x.resolution > 0 && y.resolution > 0
                ? "\(Self.tenths(worst * Self.toleranceMM)) mm"
                : "\(Self.tenths(worst * Self.fractionWithoutResolution * 100)) % of the panel"
            return .refused("the finger moved \(moved): hold it still on the mark")
        }
        return .steady(median, samples: xs.count)
    }

    private func tolerance(_ a: AbsInfo) -> Double {
        a.resolution > 0 ? Self.toleranceMM * Double(a.resolution) : Self.fractionWithoutResolution * Double(a.range)
    }

    static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    static func tenths(_ v: Double) -> String {
        let t = Int((v * 10).rounded())
        return "\(t / 10).\(t % 10)"
    }
}
