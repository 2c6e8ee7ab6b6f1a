import InputEvents

/// Protocol B: contacts live in kernel slots; `ABS_MT_TRACKING_ID` starts (>= 0) and ends
/// (-1) them. Follows libevdev's rule for driver bugs (a new id on an active slot, or -1 on
/// an inactive one, is discarded) so recordings replay as the live device was seen.
struct SlotTracker {
    private struct Slot {
        var axes = Axes()
        /// The id of the contact reported from this slot, 0 when none has been reported.
        var contact: UInt64 = 0
        var lastReported = DevicePoint(x: 0, y: 0)
        /// The tracking id started as a palm, or was cancelled as one: silent until it ends.
        var suppressed = false
        /// A reported contact that ended in this frame (id 0 when none).
        var endID: UInt64 = 0
        var endAxes = Axes()
        var endPrevious = DevicePoint(x: 0, y: 0)
        var endCancelled = false
        var initial = false
    }

    private var slots: [Slot]
    private var current = 0
    private let presence: AxisPresence

    init(slotCount: Int, initialSlot: Int, presence: AxisPresence) {
        slots = Array(repeating: Slot(), count: slotCount)
        current = (0..<slotCount).contains(initialSlot) ? initialSlot : 0
        self.presence = presence
    }

    var slotCount: Int { slots.count }

    /// Sets a slot's state as read at open (libevdev's slot values).
    mutating func setInitial(slot: Int, axes: Axes) {
        guard slots.indices.contains(slot), axes.trackingID >= 0 else { return }
        slots[slot].axes = axes
        slots[slot].initial = true
    }

    mutating func apply(_ e: InputEvent, resync: Bool, warn: WarningSink) {
        guard e.type == Kernel.EV_ABS else { return }
        if e.code == Kernel.ABS_MT_SLOT {
            if e.value >= 0 && Int(e.value) < slots.count {
                current = Int(e.value)
            } else {
                warn.note(.slotOutOfRange(e.value))
                current = -1
            }
            return
        }
        guard current >= 0 else { return }
        if e.code == Kernel.ABS_MT_TRACKING_ID {
            trackingID(e.value, resync: resync, warn: warn)
        } else {
            _ = slots[current].axes.applyMT(code: e.code, value: e.value)
        }
    }

    private mutating func trackingID(_ id: Int32, resync: Bool, warn: WarningSink) {
        let active = slots[current].axes.trackingID >= 0
        if id >= 0 {
            if active {
                // During a resync a changed id is real: the old contact vanished in the gap.
                guard resync else {
                    warn.note(.doubleTrackingID(slot: current, id: id))
                    return
                }
                end(cancelled: true)
            }
            slots[current].axes.trackingID = id
            slots[current].suppressed = false
            slots[current].initial = false
        } else {
            guard active else { return }  // -1 on an inactive slot: nothing ends
            end(cancelled: resync)
            slots[current].axes.trackingID = -1
        }
    }

    private mutating func end(cancelled: Bool) {
        let s = slots[current]
        if s.contact != 0 && !s.suppressed && slots[current].endID == 0 {
            slots[current].endID = s.contact
            slots[current].endAxes = s.axes
            slots[current].endPrevious = s.lastReported
            slots[current].endCancelled = cancelled
        }
        slots[current].contact = 0
        slots[current].suppressed = false
    }

    /// Builds the frame at `SYN_REPORT`.
    mutating func report(time: EventTime, ids: ContactIDs, into out: inout [Contact]) {
        var changed = 0
        for i in slots.indices {
            if slots[i].endID != 0 {
                let c = presence.contact(
                    id: slots[i].endID, slot: i, phase: slots[i].endCancelled ? .cancelled : .ended,
                    axes: slots[i].endAxes, previous: slots[i].endPrevious, time: time)
                out.append(c)
                slots[i].endID = 0
                changed += 1
            }
            guard slots[i].axes.trackingID >= 0, !slots[i].suppressed else { continue }
            let axes = slots[i].axes
            let isPalm = axes.toolType == Kernel.MT_TOOL_PALM
            if slots[i].contact == 0 {
                if isPalm {
                    slots[i].suppressed = true
                    continue
                }  // never reported as a palm
                let id = ids.make()
                slots[i].contact = id
                slots[i].lastReported = axes.position
                out.append(
                    presence.contact(
                        id: id, slot: i, phase: .began, axes: axes, previous: axes.position,
                        time: time, initial: slots[i].initial))
                slots[i].initial = false
                changed += 1
            } else if isPalm {
                out.append(
                    presence.contact(
                        id: slots[i].contact, slot: i, phase: .cancelled, axes: axes,
                        previous: slots[i].lastReported, time: time))
                slots[i].contact = 0
                slots[i].suppressed = true
                changed += 1
            } else if axes.position != slots[i].lastReported {
                out.append(
                    presence.contact(
                        id: slots[i].contact, slot: i, phase: .moved, axes: axes,
                        previous: slots[i].lastReported, time: time))
                slots[i].lastReported = axes.position
                changed += 1
            } else {
                out.append(
                    presence.contact(
                        id: slots[i].contact, slot: i, phase: .stationary, axes: axes,
                        previous: slots[i].lastReported, time: time))
            }
        }
        if changed == 0 { out.removeAll(keepingCapacity: true) }
    }

    /// Cancels every reported contact (unplug, grab loss, shutdown), including one whose end
    /// was seen but whose frame never completed (a SYN_DROPPED ate its SYN_REPORT).
    mutating func cancelAll(time: EventTime, into out: inout [Contact]) {
        for i in slots.indices {
            if slots[i].endID != 0 {
                out.append(
                    presence.contact(
                        id: slots[i].endID, slot: i, phase: .cancelled, axes: slots[i].endAxes,
                        previous: slots[i].endPrevious, time: time))
            }
            if slots[i].contact != 0 && !slots[i].suppressed {
                out.append(
                    presence.contact(
                        id: slots[i].contact, slot: i, phase: .cancelled, axes: slots[i].axes,
                        previous: slots[i].lastReported, time: time))
            }
            slots[i] = Slot()
        }
    }
}
