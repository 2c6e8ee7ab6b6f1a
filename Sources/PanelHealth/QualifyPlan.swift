import InputEvents
import TouchInput

/// What a qualification asks of the tester, in order: tap each mark, draw each line, rest a
/// finger, put down as many fingers as the panel takes, two fingers close together, then fast
/// taps. Marks and lines are in the panel's screen points, as `calibrate --points` takes them.
public struct QualifyPlan: Sendable {
    public var marks: [ScreenPoint]
    public var lines: [(from: ScreenPoint, to: ScreenPoint)]
    /// Seconds the finger rests.
    public var restSeconds = 3.0
    /// How many fast taps are asked for.
    public var fastTaps = 10
    /// Seconds the panel is left untouched first, every contact then a phantom (`--quiet`; 0: no
    /// such step). The Windows hardware test's ghost-reporting check leaves it 60 s.
    public var quietSeconds = 0.0
    /// A pen's qualification (`--pen`): each mark hovered over then touched with the tip, the
    /// lines drawn and the rest held with the pen; no fingers, so no contacts, separation or
    /// fast taps.
    public var pen = false

    public init(marks: [ScreenPoint], lines: [(from: ScreenPoint, to: ScreenPoint)]) {
        self.marks = marks
        self.lines = lines
    }

    /// The default session on a screen of `width` × `height` points: nine marks on a grid 10 %,
    /// 50 % and 90 % across and down; a horizontal, a vertical and both diagonal lines from
    /// 10 % to 90 %.
    public static func standard(width: Double, height: Double) -> QualifyPlan {
        func p(_ fx: Double, _ fy: Double) -> ScreenPoint {
            ScreenPoint(x: (fx * width * 10).rounded() / 10, y: (fy * height * 10).rounded() / 10)
        }
        let grid = [0.1, 0.5, 0.9]
        let marks = grid.flatMap { fy in grid.map { fx in p(fx, fy) } }
        let lines = [
            (p(0.1, 0.5), p(0.9, 0.5)), (p(0.5, 0.1), p(0.5, 0.9)), (p(0.1, 0.1), p(0.9, 0.9)),
            (p(0.9, 0.1), p(0.1, 0.9)),
        ]
        return QualifyPlan(marks: marks, lines: lines.map { (from: $0.0, to: $0.1) })
    }

    /// The step a session is at, and what the tester is asked to do there.
    public enum Step: Sendable, Equatable {
        case quiet
        case mark(Int)
        case line(Int)
        case rest, contacts, separation, taps, done
    }

    /// The steps in order.
    public var steps: [Step] {
        (quietSeconds > 0 ? [.quiet] : []) + marks.indices.map { .mark($0) } + lines.indices.map { .line($0) }
            + (pen ? [.rest] : [.rest, .contacts, .separation, .taps])
    }

    /// What the tester is asked to do at `step`.
    public func prompt(_ step: Step) -> String {
        func xy(_ p: ScreenPoint) -> String { "\(Self.number(p.x)),\(Self.number(p.y))" }
        if pen { return penPrompt(step, xy) }
        switch step {
        case .quiet:
            return
                "touch nothing for \(Self.number(quietSeconds)) seconds: every contact the panel reports now is a phantom"
        case .mark(let i): return "mark \(i + 1) of \(marks.count): tap the mark at \(xy(marks[i])) with one finger"
        case .line(let i):
            return
                "line \(i + 1) of \(lines.count): draw a straight line with one finger (a ruler helps) from \(xy(lines[i].from)) to \(xy(lines[i].to)), steadily, in about a second"
        case .rest: return "rest one finger anywhere, still, for \(Self.number(restSeconds)) seconds, then lift it"
        case .contacts: return "put down as many fingers as the panel takes, hold them a moment, lift them all"
        case .separation: return "put two fingers down side by side, touching each other, then lift them"
        case .taps: return "tap one finger \(fastTaps) times as fast as you can, then wait"
        case .done: return "done"
        }
    }

    /// What the tester is asked to do with the pen at `step`.
    private func penPrompt(_ step: Step, _ xy: (ScreenPoint) -> String) -> String {
        switch step {
        case .mark(let i):
            return
                "mark \(i + 1) of \(marks.count): hold the pen over the mark at \(xy(marks[i])), then touch it with the tip"
        case .line(let i):
            return
                "line \(i + 1) of \(lines.count): draw a straight line with the pen (a ruler helps) from \(xy(lines[i].from)) to \(xy(lines[i].to)), steadily, in about a second"
        case .rest: return "rest the pen's tip anywhere, still, for \(Self.number(restSeconds)) seconds, then lift it"
        default: return prompt(step)
        }
    }

    /// `v` with at most `decimals` decimals, no trailing zeros.
    static func number(_ v: Double, decimals: Int = 1) -> String {
        var m = 1.0
        for _ in 0..<decimals { m *= 10 }
        let r = (v * m).rounded() / m
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}

/// The thresholds a qualification is judged by. The defaults are the published ones:
/// Microsoft's Windows touchscreen requirements ("Touch displays", Windows Hardware Lab Kit)
/// and ChromeOS's touch firmware test (`firmware_TouchMTB`'s `test_conf.py`); docs/hardware-testing.md
/// cites each.
public struct QualifyCriteria: Sendable, Equatable {
    /// Largest distance of a tap from its mark (Windows: ±1 mm away from the edges).
    public var accuracyMM = 1.0
    /// Largest distance of a drawn line from its own best fit (Windows: linearity ±1 mm).
    public var linearityMM = 1.0
    /// Largest distance of a resting finger from its median (Windows: stationary jitter ≤ 0.5 mm).
    public var jitterMM = 0.5
    /// Lowest reports a second of a moving contact (ChromeOS: ≥ 60 Hz; Windows: the display's refresh rate).
    public var reportRateHz = 60.0
    /// Fewest contacts at once (Windows: ≥ 5).
    public var contacts = 5
    /// Two fingers this close, centre to centre, must stay two contacts (Windows: 8 mm edge to
    /// edge; with fingers about 8 mm wide, 16 mm between centres).
    public var separationMM = 16.0
    /// Largest distance between where a pen hovered just before it touched a mark and where its
    /// tip landed (touchbridge's own figure: no published one was found).
    public var hoverOffsetMM = 2.0
    /// Taps of the fast run missed or split, and ghosts and stuck contacts, allowed (none).
    public var missedTaps = 0, splitTaps = 0, ghosts = 0, stuck = 0
    /// Contacts allowed while the panel is left untouched (`--quiet`; Windows: none).
    public var phantomContacts = 0
    /// Largest p95 of the latency step's kernel → presented times (`--latency`), in ms:
    /// touchbridge's own figure, Windows' contact-down latency (25 ms, the panel to the host)
    /// with a 60 Hz refresh to wait for and a frame to compose.
    public var latencyP95MS = 50.0
    /// Fewest of the latency step's taps whose chain completed (shown on screen), as a fraction:
    /// a p95 of a few taps says nothing of the rest, which the compositor never showed.
    public var latencyCompleteFraction = 0.9

    public init() {}

    /// The names `--criteria` files use, with how each is set.
    public static let keys = [
        "accuracyMM", "linearityMM", "jitterMM", "reportRateHz", "contacts", "separationMM",
        "missedTaps", "splitTaps", "ghosts", "stuck", "hoverOffsetMM", "phantomContacts", "latencyP95MS",
        "latencyCompleteFraction",
    ]

    /// The criteria that count something (contacts, taps, ghosts, stuck contacts): whole numbers.
    public static let countKeys: Set<String> = [
        "contacts", "missedTaps", "splitTaps", "ghosts", "stuck", "phantomContacts",
    ]

    /// Sets the criterion named `key` (one of `keys`) and returns nil; else says what was
    /// expected instead: a known name, a value from 0 to a million, a count a whole number.
    public mutating func set(_ key: String, _ value: Double) -> String? {
        guard Self.keys.contains(key) else {
            return "one of " + Self.keys.joined(separator: ", ") + ", not '\(key)'"
        }
        guard value >= 0, value <= 1_000_000 else { return "\(key) from 0 to 1000000" }
        if key == "latencyCompleteFraction" {
            guard value > 0, value <= 1 else { return "latencyCompleteFraction above 0, at most 1" }
            latencyCompleteFraction = value
            return nil
        }
        if Self.countKeys.contains(key) {
            guard value == value.rounded() else { return "a whole number for \(key)" }
            let count = Int(value)
            switch key {
            case "contacts": contacts = count
            case "missedTaps": missedTaps = count
            case "splitTaps": splitTaps = count
            case "ghosts": ghosts = count
            case "phantomContacts": phantomContacts = count
            default: stuck = count
            }
            return nil
        }
        switch key {
        case "accuracyMM": accuracyMM = value
        case "linearityMM": linearityMM = value
        case "jitterMM": jitterMM = value
        case "reportRateHz": reportRateHz = value
        case "hoverOffsetMM": hoverOffsetMM = value
        case "latencyP95MS": latencyP95MS = value
        default: separationMM = value
        }
        return nil
    }
}
