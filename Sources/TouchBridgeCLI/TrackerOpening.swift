import Evdev
import Glibc
import InputEvents
import TouchInput

/// Starts `tracker` on a live device from libevdev's state: fingers already on the glass
/// begin now, marked initial (protocol A keeps no state between frames, so none there).
func openTracker(_ tracker: inout ContactTracker, on device: EvdevDevice, at now: EventTime) -> ContactFrame {
    switch tracker.touchProtocol {
    case let .slots(n):
        let k = Kernel.self
        let state = (0..<n).map { s in
            ContactTracker.SlotState(
                slot: s, trackingID: device.slotValue(slot: s, code: k.ABS_MT_TRACKING_ID),
                x: device.slotValue(slot: s, code: k.ABS_MT_POSITION_X), y: device.slotValue(slot: s, code: k.ABS_MT_POSITION_Y),
                pressure: device.slotValue(slot: s, code: k.ABS_MT_PRESSURE), touchMajor: device.slotValue(slot: s, code: k.ABS_MT_TOUCH_MAJOR),
                touchMinor: device.slotValue(slot: s, code: k.ABS_MT_TOUCH_MINOR), orientation: device.slotValue(slot: s, code: k.ABS_MT_ORIENTATION),
                toolType: device.slotValue(slot: s, code: k.ABS_MT_TOOL_TYPE))
        }
        return tracker.open(at: now, slots: state)
    case .single:
        return tracker.open(at: now, touching: device.value(type: Kernel.EV_KEY, code: Kernel.BTN_TOUCH) != 0,
                            x: device.value(type: Kernel.EV_ABS, code: Kernel.ABS_X),
                            y: device.value(type: Kernel.EV_ABS, code: Kernel.ABS_Y),
                            pressure: device.value(type: Kernel.EV_ABS, code: Kernel.ABS_PRESSURE))
    case .groups:
        return ContactFrame(time: now, contacts: [])
    }
}

/// The monotonic clock as an event time (live devices are read with CLOCK_MONOTONIC).
func monotonicNow() -> EventTime {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return EventTime(seconds: Int64(ts.tv_sec), microseconds: Int32(ts.tv_nsec / 1000))
}

/// A path's last component, without its extension when asked.
func baseName(_ path: String, dropExtension: Bool) -> String {
    var name = String(path.split(separator: "/").last ?? Substring(path))
    if dropExtension, let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
    return name
}
