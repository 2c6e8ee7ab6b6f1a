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
    /// The touches down (and held), by id; a touch beyond the table's size is not judged.
    var touches: [NoiseTouch] = []
    /// Still touches gone before, and the points found firing periodically.
    var spots = StillSpots()
    /// When the last touch lifted (`debounce`).
    var lastRelease: Double?
    /// The touches each rule judged noise, by rule (`NoiseRule.rawValue`).
    public private(set) var counts = [Int](repeating: 0, count: NoiseRule.allCases.count)

    static let tableSize = 32

    /// The filter for a panel of `description` mapped by `mapper` (for millimetres without a
    /// resolution: the screen at 96 dpi); nil when none of `choice`'s rules reads this panel.
    public init?(_ choice: NoiseChoice, description: DeviceDescription, mapper: ScreenMapper) {
        let multitouch = TouchProtocol(description) != .single
        rules = choice.rules.applying(multitouch: multitouch)
        guard !rules.isEmpty else { return nil }
        settings = choice.settings
        geometry = NoiseGeometry(description: description, mapper: mapper, multitouch: multitouch)
        touches.reserveCapacity(Self.tableSize)
    }

    /// Other rules, or another mapping (millimetres without a resolution follow the screen):
    /// the touches down keep what was judged of them, a touch held stays held until it goes on
    /// or lifts. False when no rule reads the panel and no touch is down: the filter can go.
    public mutating func change(to choice: NoiseChoice, description: DeviceDescription, mapper: ScreenMapper) -> Bool {
        let multitouch = TouchProtocol(description) != .single
        rules = choice.rules.applying(multitouch: multitouch)
        settings = choice.settings
        geometry = NoiseGeometry(description: description, mapper: mapper, multitouch: multitouch)
        return !rules.isEmpty || !touches.isEmpty
    }

    /// Beyond this distance from where it landed a touch's movement matters to no rule.
    private var settledMM: Double { max(settings.tapMovementMM, settings.samePointMM) }

    /// The touches judged noise, over every rule.
    public var total: Int { counts.reduce(0, +) }

    /// Judges contact `c`'s update (stationary ones aside: they change nothing).
    public mutating func judge(_ c: Contact) -> NoiseVerdict {
        let t = c.time.inSeconds
        if c.phase == .began { return begin(c, at: t) }
        guard let i = touches.firstIndex(where: { $0.id == c.id }) else { return .pass }
        if c.phase.isTerminal {
            let verdict = end(i, c, at: t)
            touches.remove(at: i)
            return verdict
        }
        return move(i, c, at: t)
    }

    /// Everything is forgotten (a device re-opened); the counts stay.
    public mutating func reset() {
        touches.removeAll(keepingCapacity: true)
        lastRelease = nil
    }

    private mutating func begin(_ c: Contact, at t: Double) -> NoiseVerdict {
        var touch = NoiseTouch(id: c.id, begin: c.position, at: t)
        defer { if touches.count < Self.tableSize { touches.append(touch) } }
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
    let beginTime: Double
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
