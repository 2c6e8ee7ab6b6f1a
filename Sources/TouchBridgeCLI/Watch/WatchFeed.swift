import DeviceTools
import Evdev
import InputEvents
import PanelHealth
import Pipeline
import TouchBridge
import TouchInput
import TouchKit
import TouchTools

/// A panel's events as `watch` takes them: tracked and filtered as `run` sees them, mapped to
/// screen points, into the model; SYN_DROPPED counted; and, from the raw contacts as `health`
/// measures it, the resting jitter of the finger resting now.
struct WatchFeed {
    private(set) var model: WatchModel
    private(set) var synDropped = 0
    /// The panel's input chain, as `run` builds it: tracker, jitter filter, masks, mapping.
    private var chain: InputChain
    private let hitTest: (Point) -> String?
    private let health = HealthSettings()
    private let restRadius: (x: Double, y: Double)
    private let unitsPerMM: (x: Double, y: Double)?
    private var rests: [UInt64: RestingPeriod] = [:]
    private var updates: [TouchUpdate] = []
    /// A pen's height axis (`ABS_DISTANCE`), for its hover.
    private let distance: AbsInfo?

    init(description d: DeviceDescription, chain: InputChain, screen: Size, hitTest: @escaping (Point) -> String?) {
        model = WatchModel(screen: screen)
        distance = d.absInfo[Kernel.ABS_DISTANCE]
        self.chain = chain
        self.hitTest = hitTest
        let codes = TouchProtocol(d).positionCodes
        let x = d.absInfo[codes.x] ?? AbsInfo(minimum: 0, maximum: 1)
        let y = d.absInfo[codes.y] ?? AbsInfo(minimum: 0, maximum: 1)
        restRadius = RestingPeriod.radius(x: x, y: y, settings: health)
        unitsPerMM = RestingPeriod.unitsPerMM(x: x, y: y)
    }

    /// The tracker's protocol, for the title.
    var touchProtocol: TouchProtocol { chain.tracker.touchProtocol }

    /// Opens a live panel: contacts already down begin now.
    mutating func open(_ device: EvdevDevice) {
        take(chain.tracker.open(at: monotonicNow(), device: device))
    }

    /// One event; a SYN_REPORT completes a frame.
    mutating func event(_ e: InputEvent, isSync: Bool = false) {
        if e.type == Kernel.EV_SYN && e.code == Kernel.SYN_DROPPED { synDropped += 1 }
        if e.type == Kernel.EV_SYN && e.code == Kernel.SYN_REPORT && !isSync { model.reportFrame(at: e.time.inSeconds) }
        // The tracker's frames are taken once it is done (both are parts of self).
        var frame: ContactFrame?
        var more: [ContactFrame] = []
        chain.tracker.process(e, isSync: isSync) { f in if frame == nil { frame = f } else { more.append(f) } }
        if let frame { take(frame) }
        for f in more { take(f) }
    }

    /// Input time moves on without events (trails fade).
    mutating func advance(to time: Double) { model.advance(to: time) }

    /// `c`: trails, marks and counters start again.
    mutating func clear() {
        model.clear()
        synDropped = 0
    }

    /// The contact resting longest now, as `health` would count its resting period.
    func jitter() -> WatchStatus.Jitter? {
        guard let (id, rest) = rests.filter({ $0.value.counts(health) }).min(by: { $0.value.start < $1.value.start }),
            let sd = rest.standardDeviation
        else { return nil }
        let mm = unitsPerMM ?? (1, 1)
        return WatchStatus.Jitter(
            id: id, seconds: rest.end - rest.start, deviation: (sd.x / mm.x, sd.y / mm.y),
            range: (rest.x.range / mm.x, rest.y.range / mm.y), unit: unitsPerMM == nil ? "units" : "mm")
    }

    private mutating func take(_ raw: ContactFrame) {
        let t = raw.time.inSeconds
        for c in raw.contacts { rest(c, at: t) }
        let frame = chain.corrected(raw)
        updates.removeAll(keepingCapacity: true)
        for c in frame.contacts {
            var u = TouchUpdate(
                identifier: c.id, phase: Self.phase(c.phase),
                location: chain.corrections.screenPoint(c.position), slot: c.slot)
            if let pen = raw.pen {
                u.type = .pencil
                u.isEraser = pen.eraser
            }
            updates.append(u)
        }
        model.touches(updates, at: t, hitTest: hitTest)
        if let pen = raw.pen, let h = raw.hover {
            model.hover =
                h.phase == .ended
                ? nil
                : WatchModel.Hover(
                    point: chain.corrections.screenPoint(h.position), isEraser: pen.eraser,
                    height: pen.height(over: distance))
        }
    }

    /// Health's resting periods, from the raw contact (stationary reports are no reports).
    private mutating func rest(_ c: Contact, at t: Double) {
        switch c.phase {
        case .began:
            rests[c.id] = RestingPeriod(at: c.position, time: t)
            rests[c.id]!.add(c.position, time: t)
        case .moved:
            guard var r = rests[c.id] else { return }
            if !r.holds(c.position, radius: restRadius) { r = RestingPeriod(at: c.position, time: t) }
            r.add(c.position, time: t)
            rests[c.id] = r
        case .stationary:
            break
        case .ended, .cancelled:
            rests[c.id] = nil
        }
    }

    private static func phase(_ p: ContactPhase) -> Touch.Phase {
        switch p {
        case .began: .began
        case .moved: .moved
        case .stationary: .stationary
        case .ended: .ended
        case .cancelled: .cancelled
        }
    }
}
