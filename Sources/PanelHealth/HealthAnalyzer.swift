import InputEvents
import TouchInput

/// Follows one panel's events and contact frames and keeps what the health report needs:
/// per-contact report intervals, resting periods, short lives, jumps, silences, coverage and
/// the ranges of the optional axes. Memory grows with the number of contacts, not events.
public struct HealthAnalyzer {
    public let settings: HealthSettings
    public let description: DeviceDescription
    private let x: AbsInfo, y: AbsInfo
    /// Device units per mm on each axis, nil without a resolution.
    private let perMM: (x: Double, y: Double)?
    private let restRadius: (x: Double, y: Double)
    private let cell: (x: Double, y: Double)
    private let screen: ScreenMapper?

    private var report: HealthReport
    private var active: [UInt64: ContactState] = [:]
    private var pooled: [Double] = []
    private var shortCandidates: [(duration: Double, at: DevicePoint)] = []
    private var jitterSquares = (x: 0.0, y: 0.0)
    private var jitterDegrees = 0
    private var jitterRange = (x: 0.0, y: 0.0)
    private var restingPeriods = 0
    private var restingSamples = 0
    private var first: EventTime?
    private var last: EventTime?
    private var stuck: [UInt64: HealthReport.Stuck] = [:]
    /// A pen's own figures (nil for a touchscreen).
    private var pen: PenHealth?
    /// Every noise rule that reads the panel, judging what it would filter (nil for a pen).
    private var noise: NoiseFilter?

    /// `screen`: how the report words mask rectangles in screen points; `udevFuzz`: the
    /// device's `LIBINPUT_FUZZ_*`, for the jitter filter it names.
    public init(
        description d: DeviceDescription, source: String, settings: HealthSettings = HealthSettings(),
        screen: ScreenMapper? = nil, udevFuzz: [UInt16: Int32] = [:]
    ) {
        self.settings = settings
        description = d
        let proto = TouchProtocol(d)
        let codes = proto.positionCodes
        x = d.absInfo[codes.x] ?? AbsInfo(minimum: 0, maximum: 1)
        y = d.absInfo[codes.y] ?? AbsInfo(minimum: 0, maximum: 1)
        perMM = RestingPeriod.unitsPerMM(x: x, y: y)
        let spanX = Double(x.range)
        let spanY = Double(y.range)
        restRadius = RestingPeriod.radius(x: x, y: y, settings: settings)
        cell = perMM.map { (settings.recurCell * $0.x, settings.recurCell * $0.y) } ?? (spanX / 50, spanY / 50)
        self.screen = screen ?? ScreenMapper(device: d)
        let k = Kernel.self
        var slots: Int?
        var protoName: String
        switch proto {
        case .slots(let n):
            slots = n
            protoName = "multitouch protocol B"
        case .groups: protoName = "multitouch protocol A"
        case .single: protoName = d.has(type: k.EV_KEY, code: k.BTN_TOOL_PEN) ? "pen" : "single touch"
        }
        func axis(_ name: String, _ code: UInt16) -> HealthReport.AxisRange? {
            guard let a = d.absInfo[code], d.has(type: k.EV_ABS, code: code) else { return nil }
            return HealthReport.AxisRange(name: name, declared: (a.minimum, a.maximum), seen: nil)
        }
        report = HealthReport(
            device: d.name, source: source, touchProtocol: protoName, slots: slots,
            coverage: .init(
                columns: settings.gridColumns, rows: settings.gridRows,
                counts: Array(
                    repeating: Array(repeating: 0, count: max(settings.gridColumns, 1)),
                    count: max(settings.gridRows, 1))),
            pressure: proto == .single
                ? axis("ABS_PRESSURE", k.ABS_PRESSURE) : axis("ABS_MT_PRESSURE", k.ABS_MT_PRESSURE),
            touchMajor: axis("ABS_MT_TOUCH_MAJOR", k.ABS_MT_TOUCH_MAJOR))
        if proto == .single && d.has(type: k.EV_KEY, code: k.BTN_TOOL_PEN) { pen = PenHealth(description: d) }
        if pen == nil, let m = self.screen { noise = NoiseFilter(NoiseChoice(rules: .all), description: d, mapper: m) }
        report.jitterFilter = JitterSetting.choose(for: d, udevFuzz: udevFuzz, millimetres: nil).summary(mapper: screen)
    }

    /// Every event the device sent (frames and SYN_DROPPED are counted here).
    public mutating func event(_ e: InputEvent) {
        report.events += 1
        if first == nil { first = e.time }
        last = e.time
        if e.type == Kernel.EV_SYN && e.code == Kernel.SYN_REPORT { report.frames += 1 }
        if e.type == Kernel.EV_SYN && e.code == Kernel.SYN_DROPPED { report.synDropped += 1 }
    }

    /// What the tracker worked around.
    public mutating func warning(_ w: TrackerWarning) {
        switch w {
        case .slotOutOfRange: report.slotsOutOfRange += 1
        case .doubleTrackingID: report.churn += 1
        case .tooManyContacts: report.tooManyContacts += 1
        case .eventsDropped: break  // counted from the event itself
        }
    }

    /// One frame of contact changes.
    public mutating func frame(_ f: ContactFrame) {
        let t = f.time.inSeconds
        if let p = f.pen { pen?.frame(f, p) }
        if first == nil { first = f.time }
        last = max(last ?? f.time, f.time)
        if noise != nil { for c in f.contacts where c.phase != .stationary { _ = noise!.judge(c) } }
        var endedSlots: [Int] = []
        var beganSlots: [Int] = []
        for c in f.contacts {
            switch c.phase {
            case .began:
                report.contacts += 1
                var s = ContactState(contact: c, time: t)
                if c.slot >= 0 { beganSlots.append(c.slot) }
                sample(c, into: &s, time: t, isFirst: true)
                active[c.id] = s
            case .moved:
                guard var s = active.removeValue(forKey: c.id) else { continue }
                sample(c, into: &s, time: t, isFirst: false)
                active[c.id] = s
            case .stationary:
                continue
            case .ended, .cancelled:
                guard var s = active.removeValue(forKey: c.id) else { continue }
                if c.position != s.lastPosition {
                    sample(c, into: &s, time: t, isFirst: false)
                } else {
                    if t > s.lastReport { s.intervals.append(t - s.lastReport) }
                    s.note(time: t)
                    s.reports += 1
                }
                finish(s, at: t)
                if c.slot >= 0 { endedSlots.append(c.slot) }
            }
        }
        // A slot whose contact ended and another began in the same frame: the id churned.
        for s in beganSlots where endedSlots.contains(s) { report.churn += 1 }
        report.maxSimultaneous = max(report.maxSimultaneous, active.count)
        checkSilences(at: t)
    }

    private mutating func sample(_ c: Contact, into s: inout ContactState, time t: Double, isFirst: Bool) {
        let p = c.position
        if !isFirst {
            let dt = t - s.lastReport
            if dt > 0 {
                s.intervals.append(dt)
                if let mm = perMM {
                    let dx = (p.x - s.lastPosition.x) / mm.x
                    let dy = (p.y - s.lastPosition.y) / mm.y
                    if (dx * dx + dy * dy).squareRoot() / dt > settings.maxSpeed { report.jumps += 1 }
                }
            }
        }
        s.note(time: t)
        s.lastPosition = p
        s.reports += 1
        // Resting: still within the radius of where this period began?
        if isFirst || !s.rest.holds(p, radius: restRadius) {
            if !isFirst { closeRest(&s) }
            s.rest = RestingPeriod(at: p, time: t)
        }
        s.rest.add(p, time: t)
        // Coverage.
        let cols = report.coverage.columns
        let rows = report.coverage.rows
        let fx = (p.x - Double(x.minimum)) / Double(x.range)
        let fy = (p.y - Double(y.minimum)) / Double(y.range)
        let col = min(max(Int(fx * Double(cols)), 0), cols - 1)
        let row = min(max(Int(fy * Double(rows)), 0), rows - 1)
        report.coverage.counts[row][col] += 1
        // The optional axes' ranges.
        if let v = c.pressure { widen(&report.pressure, v) }
        if let v = c.touchMajor { widen(&report.touchMajor, v) }
    }

    private func widen(_ a: inout HealthReport.AxisRange?, _ v: Int32) {
        guard a != nil else { return }
        if let s = a!.seen { a!.seen = (min(s.minimum, v), max(s.maximum, v)) } else { a!.seen = (v, v) }
    }

    private mutating func closeRest(_ s: inout ContactState) {
        guard s.rest.counts(settings) else { return }
        restingPeriods += 1
        restingSamples += s.rest.x.count
        jitterSquares.x += s.rest.x.sumOfSquares
        jitterSquares.y += s.rest.y.sumOfSquares
        jitterDegrees += s.rest.x.count - 1
        jitterRange.x = max(jitterRange.x, s.rest.x.range)
        jitterRange.y = max(jitterRange.y, s.rest.y.range)
    }

    private mutating func finish(_ s: ContactState, at t: Double) {
        var s = s
        closeRest(&s)
        if s.longestSilence > settings.stuckAfter {
            stuck[s.id] = HealthReport.Stuck(id: s.id, slot: s.slot, at: s.lastPosition, silence: s.longestSilence)
        }
        let rate = Self.rate(s.intervals, idleGapFactor: settings.idleGapFactor)
        pooled.append(contentsOf: s.intervals)
        report.perContact.append(
            .init(id: s.id, slot: s.slot, duration: t - s.began, reports: s.reports, rate: rate.figures))
        shortCandidates.append((t - s.began, s.firstPosition))
    }

    private mutating func checkSilences(at t: Double) {
        for (id, s) in active {
            let silence = max(s.longestSilence, t - s.lastReport)
            guard silence > settings.stuckAfter else { continue }
            stuck[id] = HealthReport.Stuck(id: id, slot: s.slot, at: s.lastPosition, silence: silence)
        }
    }

    /// The report as it stands at `end` (the recording's last event, or now when live):
    /// contacts still down count up to then.
    public func report(at end: EventTime? = nil) -> HealthReport {
        var copy = self
        let endTime = end.map(\.inSeconds) ?? last.map(\.inSeconds) ?? 0
        copy.checkSilences(at: endTime)
        for s in copy.active.values.sorted(by: { $0.id < $1.id }) { copy.finishActive(s, at: endTime) }
        var r = copy.report
        r.duration = max(0, endTime - (first.map(\.inSeconds) ?? endTime))
        r.perContact.sort { $0.id < $1.id }
        // The panel's rate: every contact's intervals, idle gaps judged against the median of
        // them all (a tap's down-to-up is a gap next to the panel's own period).
        r.rate = Self.rate(copy.pooled, idleGapFactor: settings.idleGapFactor).figures
        r.stuck = copy.stuck.values.sorted { $0.id < $1.id }
        if copy.restingPeriods > 0, copy.jitterDegrees > 0 {
            let sx = (copy.jitterSquares.x / Double(copy.jitterDegrees)).squareRoot()
            let sy = (copy.jitterSquares.y / Double(copy.jitterDegrees)).squareRoot()
            var j = HealthReport.Jitter(
                restingPeriods: copy.restingPeriods, samples: copy.restingSamples,
                stddev: (sx, sy), range: copy.jitterRange)
            if let mm = perMM {
                j.stddevMM = (sx / mm.x, sy / mm.y)
                j.rangeMM = (copy.jitterRange.x / mm.x, copy.jitterRange.y / mm.y)
            }
            r.jitter = j
        }
        // Ghosts: lives of a frame or two of the panel's own period (1/60 s when unknown).
        let period = r.rate.median ?? 1.0 / 60
        r.shortGhosts = copy.shortCandidates.filter { $0.duration <= Double(settings.ghostMaxFrames) * period * 1.01 }
            .map(\.at)
        r.ghostSpots = copy.spots(r.shortGhosts)
        r.pen = pen?.finished(idleGapFactor: settings.idleGapFactor)
        if let n = noise { r.noise = n.rules.rules.map { ($0.name, n.counts[$0.rawValue]) } }
        return r
    }

    private mutating func finishActive(_ s: ContactState, at t: Double) {
        var s = s
        closeRest(&s)
        let rate = Self.rate(s.intervals, idleGapFactor: settings.idleGapFactor)
        pooled.append(contentsOf: s.intervals)
        report.perContact.append(
            .init(id: s.id, slot: s.slot, duration: t - s.began, reports: s.reports, rate: rate.figures))
    }

    /// Ghost positions grouped greedily: a ghost within a cell's size (each axis) of a group's
    /// first ghost joins it; groups of `recurMin` or more are spots.
    private func spots(_ ghosts: [DevicePoint]) -> [HealthReport.GhostSpot] {
        var groups: [[DevicePoint]] = []
        for g in ghosts {
            if let i = groups.firstIndex(where: { abs($0[0].x - g.x) <= cell.x && abs($0[0].y - g.y) <= cell.y }) {
                groups[i].append(g)
            } else {
                groups.append([g])
            }
        }
        return groups.filter { $0.count >= settings.recurMin }.map { ps in
            let minX = ps.map(\.x).min()!
            let maxX = ps.map(\.x).max()!
            let minY = ps.map(\.y).min()!
            let maxY = ps.map(\.y).max()!
            // The spot's extent, padded by half a cell each way.
            let mask = (
                x: minX - cell.x / 2, y: minY - cell.y / 2, width: maxX - minX + cell.x, height: maxY - minY + cell.y
            )
            var onScreen = mask
            if let m = screen {
                let a = m.map(DevicePoint(x: mask.x, y: mask.y))
                let b = m.map(DevicePoint(x: mask.x + mask.width, y: mask.y + mask.height))
                onScreen = (min(a.x, b.x), min(a.y, b.y), abs(b.x - a.x), abs(b.y - a.y))
            }
            let center = DevicePoint(
                x: ps.map(\.x).reduce(0, +) / Double(ps.count), y: ps.map(\.y).reduce(0, +) / Double(ps.count))
            return HealthReport.GhostSpot(count: ps.count, center: center, mask: mask, maskScreen: onScreen)
        }.sorted { a, b in a.count != b.count ? a.count > b.count : (a.center.x, a.center.y) < (b.center.x, b.center.y)
        }
    }

    /// A contact's intervals without its idle gaps, and their figures.
    static func rate(_ intervals: [Double], idleGapFactor: Double) -> (kept: [Double], figures: HealthReport.Rate) {
        let sorted = intervals.sorted()
        guard let median = percentile(sorted, 0.5) else { return ([], HealthReport.Rate()) }
        let limit = median * idleGapFactor
        let kept = sorted.filter { $0 <= limit }
        return (kept, figures(kept, idle: sorted.count - kept.count))
    }

    static func figures(_ sorted: [Double], idle: Int) -> HealthReport.Rate {
        var r = HealthReport.Rate()
        r.intervals = sorted.count
        r.idleGaps = idle
        guard !sorted.isEmpty else { return r }
        let mean = sorted.reduce(0, +) / Double(sorted.count)
        r.meanHz = mean > 0 ? 1 / mean : nil
        r.minimum = sorted.first
        r.p5 = percentile(sorted, 0.05)
        r.median = percentile(sorted, 0.5)
        r.p95 = percentile(sorted, 0.95)
        r.maximum = sorted.last
        return r
    }
}

/// One contact while it is down.
private struct ContactState {
    let id: UInt64
    let slot: Int
    let began: Double
    let firstPosition: DevicePoint
    var lastReport: Double
    var lastPosition: DevicePoint
    var longestSilence = 0.0
    var reports = 0
    var intervals: [Double] = []
    var rest: RestingPeriod

    init(contact c: Contact, time t: Double) {
        id = c.id
        slot = c.slot
        began = t
        firstPosition = c.position
        lastReport = t
        lastPosition = c.position
        rest = RestingPeriod(at: c.position, time: t)
    }

    mutating func note(time t: Double) {
        longestSilence = max(longestSilence, t - lastReport)
        lastReport = t
    }
}
