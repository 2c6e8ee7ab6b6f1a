import InputEvents

/// Protocol A: each frame lists every contact as an `ABS_MT_*` group closed by
/// `SYN_MT_REPORT`. Identity across frames comes from `ABS_MT_TRACKING_ID` when the device
/// sends it, else from nearest-neighbour matching to the previous frame (as mtdev does for
/// libinput). Positions are defuzzed as mtdev does (the axis fuzz, else range/250), so
/// noisy protocol A panels settle. A frame without groups ends every contact.
struct GroupTracker {
    private struct Tracked {
        var id: UInt64
        var axes: Axes
        var lastReported: DevicePoint
        var initial: Bool
    }

    /// More groups than this in one frame are dropped (with a warning): no panel has them,
    /// and matching is quadratic.
    static let maxContacts = 32

    private var group = Axes()
    private var groupHasX = false, groupHasY = false, groupHasID = false
    private var groups: [Axes] = []
    private var groupsHaveIDs = true
    private var tracked: [Tracked] = []
    private var next: [Tracked] = []
    private var taken: [Bool] = []
    private var pairs: [(distance: Double, old: Int, new: Int)] = []
    private let presence: AxisPresence
    private let fuzzX: Int32, fuzzY: Int32

    init(presence: AxisPresence, x: AbsInfo?, y: AbsInfo?) {
        self.presence = presence
        fuzzX = GroupTracker.fuzz(x)
        fuzzY = GroupTracker.fuzz(y)
        groups.reserveCapacity(Self.maxContacts)
        tracked.reserveCapacity(Self.maxContacts)
        next.reserveCapacity(Self.maxContacts)
    }

    mutating func apply(_ e: InputEvent, warn: WarningSink) {
        if e.type == Kernel.EV_SYN && e.code == Kernel.SYN_MT_REPORT {
            closeGroup(warn: warn)
            return
        }
        guard e.type == Kernel.EV_ABS else { return }
        switch e.code {
        case Kernel.ABS_MT_POSITION_X: groupHasX = true
        case Kernel.ABS_MT_POSITION_Y: groupHasY = true
        case Kernel.ABS_MT_TRACKING_ID:
            groupHasID = true
            group.trackingID = e.value
            return
        default: break
        }
        _ = group.applyMT(code: e.code, value: e.value)
    }

    private mutating func closeGroup(warn: WarningSink) {
        defer {
            group = Axes()
            groupHasX = false
            groupHasY = false
            groupHasID = false
        }
        guard groupHasX && groupHasY else { return }  // an empty group: "no contacts"
        guard groups.count < Self.maxContacts else {
            warn.note(.tooManyContacts)
            return
        }
        if !groupHasID {
            group.trackingID = -1
            groupsHaveIDs = false
        }
        groups.append(group)
    }

    mutating func report(
        time: EventTime, ids: ContactIDs, resync: Bool, warn: WarningSink,
        into out: inout [Contact]
    ) {
        closeGroup(warn: warn)  // a last group without its SYN_MT_REPORT still counts
        defer {
            groups.removeAll(keepingCapacity: true)
            groupsHaveIDs = true
        }
        // Match old contacts to this frame's groups.
        taken = Array(repeating: false, count: groups.count)
        var match = Array(repeating: -1, count: tracked.count)
        if groupsHaveIDs && tracked.allSatisfy({ $0.axes.trackingID >= 0 }) {
            for (o, t) in tracked.enumerated() {
                if let n = groups.indices.first(where: { !taken[$0] && groups[$0].trackingID == t.axes.trackingID }) {
                    match[o] = n
                    taken[n] = true
                }
            }
        } else {
            pairs.removeAll(keepingCapacity: true)
            for (o, t) in tracked.enumerated() {
                for (n, g) in groups.enumerated() {
                    let dx = Double(g.x) - t.lastReported.x
                    let dy = Double(g.y) - t.lastReported.y
                    pairs.append((dx * dx + dy * dy, o, n))
                }
            }
            pairs.sort { $0.distance < $1.distance }
            for p in pairs where match[p.old] < 0 && !taken[p.new] {
                match[p.old] = p.new
                taken[p.new] = true
            }
        }
        var changed = 0
        next.removeAll(keepingCapacity: true)
        for (o, t) in tracked.enumerated() {
            guard match[o] >= 0 else {
                out.append(
                    presence.contact(
                        id: t.id, slot: -1, phase: resync ? .cancelled : .ended, axes: t.axes,
                        previous: t.lastReported, time: time))
                changed += 1
                continue
            }
            var axes = groups[match[o]]
            axes.x = GroupTracker.defuzz(axes.x, old: t.axes.x, fuzz: fuzzX)
            axes.y = GroupTracker.defuzz(axes.y, old: t.axes.y, fuzz: fuzzY)
            let moved = axes.position != t.lastReported
            out.append(
                presence.contact(
                    id: t.id, slot: -1, phase: moved ? .moved : .stationary, axes: axes,
                    previous: t.lastReported, time: time))
            if moved { changed += 1 }
            next.append(Tracked(id: t.id, axes: axes, lastReported: axes.position, initial: false))
        }
        for (n, g) in groups.enumerated() where !taken[n] {
            let id = ids.make()
            out.append(presence.contact(id: id, slot: -1, phase: .began, axes: g, previous: g.position, time: time))
            next.append(Tracked(id: id, axes: g, lastReported: g.position, initial: false))
            changed += 1
        }
        swap(&tracked, &next)
        if changed == 0 { out.removeAll(keepingCapacity: true) }
    }

    /// mtdev's fuzz for an axis: the device's, or a signal-to-noise ratio of 250.
    static func fuzz(_ a: AbsInfo?) -> Int32 {
        guard let a else { return 0 }
        if a.fuzz > 0 { return a.fuzz }
        return Int32(clamping: (Int64(a.maximum) - Int64(a.minimum)) / 250)
    }

    /// The kernel's and mtdev's hysteresis: small moves are damped towards the old value.
    static func defuzz(_ value: Int32, old: Int32, fuzz: Int32) -> Int32 {
        guard fuzz > 0 else { return value }
        let v = Int64(value)
        let o = Int64(old)
        let f = Int64(fuzz)
        if v > o - f / 2 && v < o + f / 2 { return old }
        if v > o - f && v < o + f { return Int32(clamping: (o * 3 + v) / 4) }
        if v > o - f * 2 && v < o + f * 2 { return Int32(clamping: (o + v) / 2) }
        return value
    }

    mutating func cancelAll(time: EventTime, into out: inout [Contact]) {
        for t in tracked {
            out.append(
                presence.contact(
                    id: t.id, slot: -1, phase: .cancelled, axes: t.axes, previous: t.lastReported, time: time))
        }
        tracked.removeAll(keepingCapacity: true)
        groups.removeAll(keepingCapacity: true)
        group = Axes()
    }
}
