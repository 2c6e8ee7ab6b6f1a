import InputEvents

/// A pen digitizer (`BTN_TOOL_PEN`): its tool keys say it is in proximity, `BTN_TOUCH` that its
/// tip is on the glass. The tip down is one contact carrying the pen's state; in proximity
/// without the tip, the pen hovers. State is read at `SYN_REPORT`, as for single touch.
struct PenTracker {
    private var x: Int32 = 0, y: Int32 = 0, pressure: Int32 = 0
    private var pen = PenState()
    private var pens = false, erasers = false
    private var tip = false
    private var contact: UInt64 = 0
    private var hovering = false
    private var last = (position: DevicePoint(x: 0, y: 0), pressure: Int32(0), pen: PenState())
    private var initial = false
    /// The tip lifted during a SYN_DROPPED gap: its contact ends cancelled.
    private var endedInResync = false
    private let presence: AxisPresence
    private let tilt: Bool, distance: Bool

    /// Whether `d` is a pen: it has the pen tool key.
    static func isPen(_ d: DeviceDescription) -> Bool { d.has(type: Kernel.EV_KEY, code: Kernel.BTN_TOOL_PEN) }

    init(_ d: DeviceDescription) {
        presence = AxisPresence(d, multitouch: false)
        tilt =
            d.has(type: Kernel.EV_ABS, code: Kernel.ABS_TILT_X) && d.has(type: Kernel.EV_ABS, code: Kernel.ABS_TILT_Y)
        distance = d.has(type: Kernel.EV_ABS, code: Kernel.ABS_DISTANCE)
        if tilt {
            pen.tiltX = 0
            pen.tiltY = 0
        }
        if distance { pen.distance = 0 }
    }

    private var position: DevicePoint { DevicePoint(x: Double(x), y: Double(y)) }
    /// The pen's tool and axes as of its last report: its frame's `pen`.
    var state: PenState { pen }
    private var inProximity: Bool { pens || erasers || tip }

    mutating func setInitial(down: Bool, x: Int32, y: Int32, pressure: Int32) {
        tip = down
        self.x = x
        self.y = y
        self.pressure = pressure
        initial = down
    }

    mutating func apply(_ e: InputEvent, resync: Bool) {
        let k = Kernel.self
        switch (e.type, e.code) {
        case (k.EV_KEY, k.BTN_TOUCH):
            tip = e.value != 0
            if !tip && resync { endedInResync = true }
        case (k.EV_KEY, k.BTN_TOOL_PEN): pens = e.value != 0
        case (k.EV_KEY, k.BTN_TOOL_RUBBER): erasers = e.value != 0
        case (k.EV_KEY, k.BTN_STYLUS): setButton(1, e.value != 0)
        case (k.EV_KEY, k.BTN_STYLUS2): setButton(2, e.value != 0)
        case (k.EV_ABS, k.ABS_X): x = e.value
        case (k.EV_ABS, k.ABS_Y): y = e.value
        case (k.EV_ABS, k.ABS_PRESSURE): pressure = e.value
        case (k.EV_ABS, k.ABS_TILT_X) where tilt: pen.tiltX = e.value
        case (k.EV_ABS, k.ABS_TILT_Y) where tilt: pen.tiltY = e.value
        case (k.EV_ABS, k.ABS_DISTANCE) where distance: pen.distance = e.value
        default: break
        }
    }

    private mutating func setButton(_ bit: UInt8, _ down: Bool) {
        pen.buttons = down ? pen.buttons | bit : pen.buttons & ~bit
    }

    mutating func report(time: EventTime, ids: ContactIDs, into out: inout [Contact]) -> PenHover? {
        defer { endedInResync = false }
        pen.eraser = erasers && !pens
        var hover: PenHover?
        if tip && contact == 0 {
            if hovering { hover = PenHover(phase: .ended, position: position) }
            hovering = false
            contact = ids.make()
            out.append(make(.began, previous: position, time: time, initial: initial))
            initial = false
        } else if !tip && contact != 0 {
            out.append(make(endedInResync ? .cancelled : .ended, previous: last.position, time: time))
            contact = 0
        } else if tip && (position != last.position || pressure != last.pressure || pen != last.pen) {
            out.append(make(.moved, previous: last.position, time: time))
        }
        if !tip && inProximity {
            if !hovering || position != last.position || pen != last.pen {
                hover = PenHover(phase: hovering ? .moved : .began, position: position)
            }
            hovering = true
        } else if !tip && hovering {
            hover = PenHover(phase: .ended, position: position)
            hovering = false
        }
        last = (position, pressure, pen)
        return hover
    }

    private func make(_ phase: ContactPhase, previous: DevicePoint, time: EventTime, initial: Bool = false) -> Contact {
        var axes = Axes()
        axes.x = x
        axes.y = y
        axes.pressure = pressure
        return presence.contact(
            id: contact, slot: -1, phase: phase, axes: axes, previous: previous, time: time, initial: initial)
    }

    mutating func cancelAll(time: EventTime, into out: inout [Contact]) -> PenHover? {
        if contact != 0 { out.append(make(.cancelled, previous: last.position, time: time)) }
        let hover = hovering ? PenHover(phase: .ended, position: position) : nil
        contact = 0
        tip = false
        pens = false
        erasers = false
        hovering = false
        initial = false
        return hover
    }
}
