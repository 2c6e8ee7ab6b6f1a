import InputEvents

/// What the noise filter says of one contact's update.
public enum NoiseVerdict: Equatable, Sendable {
    /// It goes on as it is.
    case pass
    /// It goes nowhere: held back (`edge`, `pressure`, `repeating`), a sample dropped
    /// (`variance`), or the rest of a touch judged noise.
    case skip
    /// It was held back and goes on now, as the touch's beginning.
    case release
    /// Judged noise now by `rule`: when it `began` for those after the filter it is cancelled
    /// there, else it never begins. Said once per touch.
    case noise(NoiseRule, began: Bool)
}

/// The noise rules on one panel's contact stream, in device units and input time: each update
/// judged as it comes, with what each rule needs of the touches down and of those gone before.
/// A value, kept per panel; its tables are fixed in size, so judging allocates nothing.
public struct NoiseFilter: Sendable {
    /// The rules on, of those that read this panel.
    public private(set) var rules: NoiseRules
    private(set) var settings: NoiseSettings
    private(set) var geometry: NoiseGeometry
    /// The touches down (and held), by id: room for as many as the panel's tracker tracks, so
    /// every touch is judged and judging allocates nothing.
    var touches: [NoiseTouch] = []
    /// Still touches gone before, and the points found firing periodically.
    var spots = StillSpots()
    /// When the last touch lifted (`debounce`).
    var lastRelease: Double?
    /// The touches each rule judged noise, by rule (`NoiseRule.rawValue`).
    public private(set) var counts = [Int](repeating: 0, count: NoiseRule.allCases.count)
    /// The latest input time judged: a contact earlier than it means the clock went back.
    var clock = -Double.infinity
    /// The panel's first touches: when the first began, how many went on, how many were noise.
    var start = (at: Double?.none, passed: 0, filtered: 0)

    /// Room for this many touches at least: protocol A's tracker keeps 32.
    static let tableSize = 32
    /// Once this many touches have all been judged noise, or a minute of them, it is said.
    public static let swallowedTouches = 5
    public static let swallowedSeconds = 60.0

    /// The filter for a panel of `description` mapped by `mapper` (for millimetres without a
    /// resolution: the screen at 96 dpi); nil when none of `choice`'s rules reads this panel.
    public init?(_ choice: NoiseChoice, description: DeviceDescription, mapper: ScreenMapper) {
        let multitouch = TouchProtocol(description) != .single
        rules = choice.rules.applying(multitouch: multitouch)
        guard !rules.isEmpty else { return nil }
        settings = choice.settings
        geometry = NoiseGeometry(description: description, mapper: mapper, multitouch: multitouch)
        touches.reserveCapacity(max(Self.tableSize, description.slotCount.map { min($0, 256) } ?? 0))
        turnOffImpossibleRules()
    }

    /// Why a rule is off on this panel: its setting would let no touch anywhere on it pass.
    public private(set) var refused: String?

    static func number(_ v: Double) -> String { v == v.rounded() && v < 1e15 ? String(Int(v)) : String(v) }

    /// A border as wide as half the panel's shorter side holds every touch for good: that rule
    /// is turned off on this panel, and why is kept for the pipeline to say.
    private mutating func turnOffImpossibleRules() {
        let shorter = min(geometry.x.max - geometry.x.min, geometry.y.max - geometry.y.min)
        if rules.contains(.edge), 2 * settings.edgeUnits >= shorter {
            rules.remove(NoiseRules(.edge))
            refused =
                "edge:\(Self.number(settings.edgeUnits)) is off on this panel: a border that wide covers its whole "
                + "\(Int(geometry.x.max - geometry.x.min + 1))×\(Int(geometry.y.max - geometry.y.min + 1)) units, so no touch could pass"
        }
    }

    /// Other rules, or another mapping (millimetres without a resolution follow the screen):
    /// the touches down keep what was judged of them, a touch held stays held until it goes on
    /// or lifts. False when no rule reads the panel and no touch is down: the filter can go.
    public mutating func change(to choice: NoiseChoice, description: DeviceDescription, mapper: ScreenMapper) -> Bool {
        let multitouch = TouchProtocol(description) != .single
        rules = choice.rules.applying(multitouch: multitouch)
        settings = choice.settings
        geometry = NoiseGeometry(description: description, mapper: mapper, multitouch: multitouch)
        turnOffImpossibleRules()
        return !rules.isEmpty || !touches.isEmpty
    }

    /// Beyond this distance from where it landed a touch's movement matters to no rule.
    private var settledMM: Double { max(settings.tapMovementMM, settings.samePointMM) }

    /// The touches judged noise, over every rule.
    public var total: Int { counts.reduce(0, +) }

    /// Judges contact `c`'s update (stationary ones aside: they change nothing).
    public mutating func judge(_ c: Contact) -> NoiseVerdict {
        let t = c.time.inSeconds
        if t < clock {
            // The clock went back (a recording edited, a clock set back): what came before is
            // not judged against what comes after, as though the gap were known.
            lastRelease = nil
            spots = StillSpots()
            for i in touches.indices { touches[i].beginTime = min(touches[i].beginTime, t) }
        }
        clock = t
        if c.phase == .began { return count(begin(c, at: t), began: true, at: t) }
        guard let i = touches.firstIndex(where: { $0.id == c.id }) else { return .pass }
        if c.phase.isTerminal {
            let verdict = end(i, c, at: t)
            touches.remove(at: i)
            return count(verdict, began: false, at: t)
        }
        return count(move(i, c, at: t), began: false, at: t)
    }

    /// Everything is forgotten (a device re-opened); the counts stay.
    public mutating func reset() {
        touches.removeAll(keepingCapacity: true)
        lastRelease = nil
    }

    /// Counts a verdict toward the panel's first touches: one that went on (passed as it began,
    /// or released), one that never began (judged noise before it went on).
    @inline(__always)
    private mutating func count(_ v: NoiseVerdict, began: Bool, at t: Double) -> NoiseVerdict {
        guard start.passed == 0 else { return v }
        if start.at == nil { start.at = t }
        switch v {
        case .noise(_, began: false): start.filtered += 1
        case .release: start.passed = 1
        case .pass where began: start.passed = 1
        default: break
        }
        return v
    }

    /// Whether every touch so far has been judged noise, for `swallowedTouches` touches or
    /// `swallowedSeconds`: the rules are likely set wrong for this panel. True once.
    public mutating func swallowsEverything(at t: Double) -> Bool {
        guard start.passed == 0, start.filtered > 0, let first = start.at else { return false }
        guard start.filtered >= Self.swallowedTouches || t - first >= Self.swallowedSeconds else { return false }
        start.passed = -1
        return true
    }

    private mutating func begin(_ c: Contact, at t: Double) -> NoiseVerdict {
        var touch = NoiseTouch(id: c.id, begin: c.position, at: t)
        defer { touches.append(touch) }
        if let rule = noiseAtBeginning(c, at: t) {
            touch.dropped = true
            counts[rule.rawValue] += 1
            return .noise(rule, began: false)
        }
        touch.heldBy = heldAtBeginning(c, at: t)
        touch.delivered = touch.heldBy.isEmpty
        return touch.delivered ? .pass : .skip
    }

    private mutating func move(_ i: Int, _ c: Contact, at t: Double) -> NoiseVerdict {
        if touches[i].dropped { return .skip }
        // A touch gone on that has moved past every distance a rule reads: only its size is
        // left to judge (a touch that moved was never paired as far-apart).
        if touches[i].settled {
            if rules.contains(.palm), isPalm(c) { return judgeNoise(i, .palm) }
            if !rules.contains(.variance) { return .pass }
        }
        // What is read of the filter is read before a touch is written: no `??` (its right
        // side, a closure, would take a copy of the whole filter), no argument read from self
        // beside a mutating call on one of its touches.
        let distance = geometry.millimetres(touches[i].begin, c.position)
        touches[i].moved(to: c.position, distance: distance)
        let touch = touches[i]
        if let rule = touch.doomed { return judgeNoise(i, rule) }
        if let rule = noiseWhileDown(touch, c, at: t) { return judgeNoise(i, rule) }
        if touch.delivered, touch.heldBy.isEmpty, distance > settledMM { touches[i].settled = true }
        if !touch.heldBy.isEmpty {
            let released = releasing(touch, c)
            touches[i].heldBy.subtract(released)
            guard touches[i].heldBy.isEmpty else { return .skip }
            touches[i].delivered = true
            return .release
        }
        if rules.contains(.variance) {
            let (limit, g) = (settings.varianceMM, geometry)
            if !touches[i].sampleFits(c.position, within: limit, g) { return .skip }
        }
        return .pass
    }

    private mutating func end(_ i: Int, _ c: Contact, at t: Double) -> NoiseVerdict {
        lastRelease = t
        let touch = touches[i]
        let verdict = touch.dropped ? .skip : lift(i, touch, c, at: t)
        // Still touches are remembered once judged (a touch never counts against itself),
        // those judged noise too: a spot that fires goes on firing.
        if touch.moved <= settings.samePointMM { spots.remember(touch.begin, began: touch.beginTime, ended: t) }
        return verdict
    }

    private mutating func lift(_ i: Int, _ touch: NoiseTouch, _ c: Contact, at t: Double) -> NoiseVerdict {
        if let rule = touch.doomed { return judgeNoise(i, rule) }
        if let rule = noiseWhileDown(touch, c, at: t, lifting: true) { return judgeNoise(i, rule) }
        if let held = touch.heldBy.first {
            // Held back and lifted first: it never began; a cancel by the kernel is no one's touch.
            guard c.phase == .ended else { return .skip }
            counts[held.rawValue] += 1
            return .noise(held, began: false)
        }
        return .pass
    }

    private mutating func judgeNoise(_ i: Int, _ rule: NoiseRule) -> NoiseVerdict {
        touches[i].dropped = true
        counts[rule.rawValue] += 1
        return .noise(rule, began: touches[i].delivered)
    }
}

/// What the filter keeps of a touch down.
struct NoiseTouch: Sendable {
    let id: UInt64
    let begin: DevicePoint
    var beginTime: Double
    /// Where it is now.
    var last: DevicePoint
    /// The farthest it went from where it began, in millimetres.
    var moved = 0.0
    /// The rules holding it back; empty once it goes on.
    var heldBy = NoiseRules()
    /// Whether those after the filter have it (it passed, or was released).
    var delivered = false
    /// Judged noise: the rest of it goes nowhere.
    var dropped = false
    /// Gone on, and moved past every distance a rule reads of it.
    var settled = false
    /// Judged noise through another touch (`farApart`): said at its next update.
    var doomed: NoiseRule?
    /// `variance`: the last two samples that went on, and one that jumped.
    var accepted: (DevicePoint, DevicePoint)
    var jumped: DevicePoint?

    init(id: UInt64, begin: DevicePoint, at t: Double) {
        self.id = id
        self.begin = begin
        beginTime = t
        last = begin
        accepted = (begin, begin)
    }

    mutating func moved(to p: DevicePoint, distance: Double) {
        last = p
        if distance > moved { moved = distance }
    }

    /// tslib's variance: a sample farther than `limit` from both of the last two that went on is
    /// dropped, unless the one before it jumped too and this one lies near it (a fast stroke).
    mutating func sampleFits(_ p: DevicePoint, within limit: Double, _ g: NoiseGeometry) -> Bool {
        if g.millimetres(p, accepted.1) > limit && g.millimetres(p, accepted.0) > limit {
            if let j = jumped, g.millimetres(p, j) <= limit {
                jumped = nil
                accepted = (j, p)
                return true
            }
            jumped = p
            return false
        }
        jumped = nil
        accepted = (accepted.1, p)
        return true
    }
}
