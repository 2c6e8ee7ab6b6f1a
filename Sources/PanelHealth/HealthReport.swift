import InputEvents
import TouchInput

/// A panel's health: every figure of `touchbridge health`, as values (README defines each).
public struct HealthReport: Sendable {
    /// Intervals between reports: the rate they give and their spread (seconds).
    public struct Rate: Sendable {
        public var intervals = 0
        public var meanHz: Double?
        public var minimum: Double?
        public var p5: Double?
        public var median: Double?
        public var p95: Double?
        public var maximum: Double?
        /// Gaps left out as idle (a finger resting).
        public var idleGaps = 0
    }

    public struct ContactRate: Sendable {
        public var id: UInt64
        public var slot: Int
        public var duration: Double
        public var reports: Int
        public var rate: Rate
    }

    /// A resting finger's scatter, pooled over every resting period (device units; mm too
    /// when the axes give their resolution).
    public struct Jitter: Sendable {
        public var restingPeriods = 0
        public var samples = 0
        public var stddev: (x: Double, y: Double) = (0, 0)
        public var range: (x: Double, y: Double) = (0, 0)
        public var stddevMM: (x: Double, y: Double)?
        public var rangeMM: (x: Double, y: Double)?
    }

    public struct Stuck: Sendable {
        public var id: UInt64
        public var slot: Int
        public var at: DevicePoint
        /// The longest time it went without a report while down (seconds).
        public var silence: Double
    }

    /// Ghosts that keep appearing in one place, and the rectangle that would mask them.
    public struct GhostSpot: Sendable {
        public var count: Int
        public var center: DevicePoint
        /// In device units: x, y, width, height.
        public var mask: (x: Double, y: Double, width: Double, height: Double)
        /// The same rectangle in screen points (the panel's default mapping, or `--screen`).
        public var maskScreen: (x: Double, y: Double, width: Double, height: Double)
    }

    public struct AxisRange: Sendable {
        public var name: String
        public var declared: (minimum: Int32, maximum: Int32)?
        public var seen: (minimum: Int32, maximum: Int32)?
    }

    public struct Coverage: Sendable {
        public var columns: Int
        public var rows: Int
        /// Reports per cell, row by row from the top.
        public var counts: [[Int]]
        public var touched: Int { counts.reduce(0) { $0 + $1.filter { $0 > 0 }.count } }
        public var percent: Double { columns * rows > 0 ? Double(touched) * 100 / Double(columns * rows) : 0 }
    }

    public var device: String
    public var source: String
    public var touchProtocol: String
    public var slots: Int?
    /// The jitter filter `run` and `touches` apply to this panel (libinput's fuzz filter by default).
    public var jitterFilter = ""
    public var duration: Double = 0
    public var events = 0
    public var frames = 0
    public var contacts = 0
    public var rate = Rate()
    public var perContact: [ContactRate] = []
    public var jitter: Jitter?
    public var stuck: [Stuck] = []
    public var shortGhosts: [DevicePoint] = []
    public var jumps = 0
    public var ghostSpots: [GhostSpot] = []
    public var churn = 0
    public var slotsOutOfRange = 0
    public var tooManyContacts = 0
    public var synDropped = 0
    public var maxSimultaneous = 0
    public var coverage: Coverage
    public var pressure: AxisRange?
    public var touchMajor: AxisRange?
    /// The touches each noise rule that reads the panel would have filtered (`run
    /// --noise-filter`), in the rules' order; empty for a pen.
    public var noise: [(rule: String, touches: Int)] = []
    /// A pen's figures (nil for a touchscreen).
    public var pen: PenReport?

    /// All ghosts: contacts too short-lived to be a finger, plus jumps no finger makes.
    public var ghosts: Int { shortGhosts.count + jumps }
}
