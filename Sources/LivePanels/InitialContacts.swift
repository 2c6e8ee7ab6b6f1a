import Evdev
import Host
import InputEvents
import TouchInput

extension ContactTracker {
    /// The contacts already on the glass of a just-opened device, from libevdev's state.
    package mutating func open(at time: EventTime, device: EvdevDevice) -> ContactFrame {
        let k = Kernel.self
        switch touchProtocol {
        case .slots(let n):
            let state = (0..<n).map { s in
                ContactTracker.SlotState(
                    slot: s, trackingID: device.slotValue(slot: s, code: k.ABS_MT_TRACKING_ID),
                    x: device.slotValue(slot: s, code: k.ABS_MT_POSITION_X),
                    y: device.slotValue(slot: s, code: k.ABS_MT_POSITION_Y),
                    pressure: device.slotValue(slot: s, code: k.ABS_MT_PRESSURE),
                    touchMajor: device.slotValue(slot: s, code: k.ABS_MT_TOUCH_MAJOR),
                    touchMinor: device.slotValue(slot: s, code: k.ABS_MT_TOUCH_MINOR),
                    orientation: device.slotValue(slot: s, code: k.ABS_MT_ORIENTATION),
                    toolType: device.slotValue(slot: s, code: k.ABS_MT_TOOL_TYPE))
            }
            return open(at: time, slots: state)
        case .single:
            return open(
                at: time, touching: device.value(type: k.EV_KEY, code: contactKey) != 0,
                x: device.value(type: k.EV_ABS, code: k.ABS_X), y: device.value(type: k.EV_ABS, code: k.ABS_Y),
                pressure: device.value(type: k.EV_ABS, code: k.ABS_PRESSURE))
        case .groups:
            return ContactFrame(time: time, contacts: [])  // protocol A keeps no state between frames
        }
    }
}
