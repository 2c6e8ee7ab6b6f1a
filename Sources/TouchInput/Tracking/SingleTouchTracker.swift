import InputEvents

/// Single-touch panels (and "fake MT" devices): `BTN_TOUCH` 1/0 is down/up, `ABS_X/ABS_Y`
/// changes are motion. State is read at `SYN_REPORT`, so `BTN_TOUCH` may come before the
/// axes of its frame. A touch controller in mouse mode reports its contact as `BTN_LEFT`
/// instead (`contactKey`).
struct SingleTouchTracker {
    private var axes = Axes()
    private var down = false
    private var contact: UInt64 = 0
    private var lastReported = DevicePoint(x: 0, y: 0)
    private var initial = false
    /// The touch ended during a SYN_DROPPED gap: report it cancelled.
    private var endedInResync = false
    private let presence: AxisPresence
    /// The key whose press is the contact: `BTN_TOUCH`, or `BTN_LEFT` in mouse mode.
    private let contactKey: UInt16

    init(presence: AxisPresence, contactKey: UInt16 = Kernel.BTN_TOUCH) {
        self.presence = presence
        self.contactKey = contactKey
    }

    mutating func setInitial(down: Bool, x: Int32, y: Int32, pressure: Int32) {
        self.down = down
        axes.x = x
        axes.y = y
        axes.pressure = pressure
        initial = down
    }

    mutating func apply(_ e: InputEvent, resync: Bool) {
        switch (e.type, e.code) {
        case (Kernel.EV_KEY, contactKey):
            down = e.value != 0
            if !down && resync { endedInResync = true }
        case (Kernel.EV_ABS, Kernel.ABS_X): axes.x = e.value
        case (Kernel.EV_ABS, Kernel.ABS_Y): axes.y = e.value
        case (Kernel.EV_ABS, Kernel.ABS_PRESSURE): axes.pressure = e.value
        default: break
        }
    }

    mutating func report(time: EventTime, ids: ContactIDs, into out: inout [Contact]) {
        defer { endedInResync = false }
        if down && contact == 0 {
            contact = ids.make()
            lastReported = axes.position
            out.append(
                presence.contact(
                    id: contact, slot: -1, phase: .began, axes: axes, previous: axes.position,
                    time: time, initial: initial))
            initial = false
        } else if !down && contact != 0 {
            out.append(
                presence.contact(
                    id: contact, slot: -1, phase: endedInResync ? .cancelled : .ended,
                    axes: axes, previous: lastReported, time: time))
            contact = 0
        } else if down && axes.position != lastReported {
            out.append(
                presence.contact(id: contact, slot: -1, phase: .moved, axes: axes, previous: lastReported, time: time))
            lastReported = axes.position
        }
    }

    mutating func cancelAll(time: EventTime, into out: inout [Contact]) {
        if contact != 0 {
            out.append(
                presence.contact(
                    id: contact, slot: -1, phase: .cancelled, axes: axes, previous: lastReported, time: time))
        }
        contact = 0
        down = false
        initial = false
    }
}
