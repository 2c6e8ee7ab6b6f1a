import InputEvents

/// The per-contact axis values a tracker keeps, in device units.
struct Axes: Equatable {
    var x: Int32 = 0
    var y: Int32 = 0
    var pressure: Int32 = 0
    var touchMajor: Int32 = 0
    var touchMinor: Int32 = 0
    var orientation: Int32 = 0
    var toolType: Int32 = 0
    var trackingID: Int32 = -1

    var position: DevicePoint { DevicePoint(x: Double(x), y: Double(y)) }

    /// Applies an `ABS_MT_*` event; false when the code is not a per-contact axis.
    mutating func applyMT(code: UInt16, value: Int32) -> Bool {
        switch code {
        case Kernel.ABS_MT_POSITION_X: x = value
        case Kernel.ABS_MT_POSITION_Y: y = value
        case Kernel.ABS_MT_PRESSURE: pressure = value
        case Kernel.ABS_MT_TOUCH_MAJOR: touchMajor = value
        case Kernel.ABS_MT_TOUCH_MINOR: touchMinor = value
        case Kernel.ABS_MT_ORIENTATION: orientation = value
        case Kernel.ABS_MT_TOOL_TYPE: toolType = value
        default: return false
        }
        return true
    }
}

/// Which optional axes a device has, so contacts carry only those.
struct AxisPresence {
    var pressure = false, touchMajor = false, touchMinor = false, orientation = false, toolType = false

    init(_ d: DeviceDescription, multitouch: Bool) {
        let abs = d.codes[Kernel.EV_ABS] ?? BitSet()
        pressure = abs.contains(multitouch ? Kernel.ABS_MT_PRESSURE : Kernel.ABS_PRESSURE)
        touchMajor = multitouch && abs.contains(Kernel.ABS_MT_TOUCH_MAJOR)
        touchMinor = multitouch && abs.contains(Kernel.ABS_MT_TOUCH_MINOR)
        orientation = multitouch && abs.contains(Kernel.ABS_MT_ORIENTATION)
        toolType = multitouch && abs.contains(Kernel.ABS_MT_TOOL_TYPE)
    }

    func contact(
        id: UInt64, slot: Int, phase: ContactPhase, axes: Axes, previous: DevicePoint,
        time: EventTime, initial: Bool = false
    ) -> Contact {
        Contact(
            id: id, slot: slot, trackingID: axes.trackingID, phase: phase, position: axes.position,
            previousPosition: previous, pressure: pressure ? axes.pressure : nil,
            touchMajor: touchMajor ? axes.touchMajor : nil, touchMinor: touchMinor ? axes.touchMinor : nil,
            orientation: orientation ? axes.orientation : nil, toolType: toolType ? axes.toolType : nil,
            time: time, isInitial: initial)
    }
}
