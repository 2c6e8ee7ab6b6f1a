import InputEvents
import TouchInput

/// A qualification under way: contact frames in, gestures out. A gesture is everything from
/// the first finger down to the moment none is left; each gesture is the answer to the step
/// the session is at, so a live session and a recording taken in the same order are read the
/// same way. The fast taps take every gesture that follows.
public struct QualifySession: Sendable {
    public let plan: QualifyPlan
    let mapper: ScreenMapper

    /// One contact of a gesture: where it was (screen points) at each report, and when.
    struct Track: Sendable {
        var points: [ScreenPoint] = []
        var times: [Double] = []
        var ended: Double = 0
    }

    /// One gesture: its contacts in the order they came, the most at once, and the closest two
    /// were while both were down.
    struct Gesture: Sendable {
        var tracks: [UInt64: Track] = [:]
        var order: [UInt64] = []
        var mostAtOnce = 0
        var closestPair: (Double, Double)?  // screen-point vector between the closest two
        var start = 0.0, end = 0.0
        /// Where a pen hovered last before its tip touched down (screen points).
        var hoverBefore: ScreenPoint?

        var first: Track? { order.first.flatMap { tracks[$0] } }
    }

    /// The gestures answered so far, by step.
    var answers: [(step: QualifyPlan.Step, gesture: Gesture)] = []
    private var current: Gesture?
    /// Where a pen hovers now, between gestures (screen points).
    private var hovering: ScreenPoint?
    private var stepIndex = 0
    /// The quiet step: when it began (input time), and the contacts that began during it.
    private var quietSince: Double?
    public private(set) var phantoms = 0

    public init(plan: QualifyPlan, mapper: ScreenMapper) {
        self.plan = plan
        self.mapper = mapper
    }

    /// The step the next gesture answers (`.taps` once reached: it takes every one after).
    public var step: QualifyPlan.Step {
        let steps = plan.steps
        // A pen's session ends with its rest; a finger's fast taps take every gesture after.
        if plan.pen && answers.count >= steps.count { return .done }
        return stepIndex < steps.count ? steps[stepIndex] : .taps
    }

    /// How many gestures were answered.
    public var answersCount: Int { answers.count }

    /// How many fast taps have been made.
    public var fastTapsMade: Int {
        answers.filter { $0.step == .taps }.reduce(0) { $0 + $1.gesture.order.count }
    }

    /// Whether every step has its answer (the fast taps: as many as were asked for).
    public var isComplete: Bool { plan.pen ? step == .done : step == .taps && fastTapsMade >= plan.fastTaps }

    /// The quiet step begins at input time `t` (the first prompt's).
    public mutating func begin(at t: Double) {
        if step == .quiet, quietSince == nil { quietSince = t }
    }

    /// When the quiet step ends, nil outside it.
    public var quietDeadline: Double? {
        guard step == .quiet, let since = quietSince else { return nil }
        return since + plan.quietSeconds
    }

    /// Moves input time on to `t`: the quiet step ends once its time is up (true when it did).
    @discardableResult
    public mutating func advance(to t: Double) -> Bool {
        guard let d = quietDeadline, t >= d else { return false }
        answers.append((.quiet, Gesture(start: d - plan.quietSeconds, end: d)))
        stepIndex += 1
        return true
    }

    /// Takes one contact frame; true when it ended a gesture (the step may have moved on).
    @discardableResult
    public mutating func take(_ frame: ContactFrame) -> Bool {
        let t = frame.time.inSeconds
        if step == .quiet {
            if quietSince == nil { quietSince = t }
            phantoms += frame.contacts.filter { $0.phase == .began }.count
            return false
        }
        // A pen's hover ends in the frame its tip lands in: where it hovered is kept from before.
        let hoveredBefore = hovering
        if let h = frame.hover { hovering = h.phase == .ended ? nil : mapper.map(h.position) }
        guard current != nil || !frame.contacts.isEmpty else { return false }  // a pen hovering: no gesture yet
        var g = current ?? Gesture(start: t, hoverBefore: hoveredBefore)
        var down: [ScreenPoint] = []
        for c in frame.contacts {
            let p = mapper.map(c.position)
            if g.tracks[c.id] == nil { g.order.append(c.id) }
            var track = g.tracks[c.id] ?? Track()
            if c.phase == .began || c.phase == .moved {
                track.points.append(p)
                track.times.append(t)
            }
            if c.phase.isTerminal { track.ended = t } else { down.append(p) }
            g.tracks[c.id] = track
        }
        g.mostAtOnce = max(g.mostAtOnce, down.count)
        for i in down.indices {
            for j in down.indices where j > i {
                let v = (down[j].x - down[i].x, down[j].y - down[i].y)
                if g.closestPair == nil
                    || v.0 * v.0 + v.1 * v.1 < g.closestPair!.0 * g.closestPair!.0 + g.closestPair!.1 * g.closestPair!.1
                {
                    g.closestPair = v
                }
            }
        }
        g.end = t
        guard down.isEmpty, !g.order.isEmpty else {
            current = g
            return false
        }
        answers.append((step, g))
        if stepIndex < plan.steps.count - 1 { stepIndex += 1 }
        current = nil
        return true
    }
}
