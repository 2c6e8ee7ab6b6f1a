import Evdev
import Glibc
import InputEvents
import Runtime
import TouchInput
import TouchKit

/// A panel re-created through uinput after touchbridge's corrections (calibration, rotation,
/// placement, the jitter filter, masks, palms), for kiosk apps that read touch through
/// libinput or evdev: a protocol B touchscreen whose axes span the panel's screen rectangle
/// in about tenths of a point, in the screen's own orientation, with resolutions that keep the
/// panel's physical size.
package final class VirtualTouchscreen {
    /// Every virtual device's name starts with this, so touchbridge never reads its own.
    package static let namePrefix = "touchbridge: "
    /// Its vendor and product ids, which compositors' configurations name it by (sway).
    package static let ids: (vendor: UInt16, product: UInt16) = (0x7462, 0x0001)
    /// Device units per screen point, about: each axis is fitted so its resolution (units per
    /// mm) is whole and its range keeps the panel's size.
    package static let unitsPerPoint = 10.0

    package let device: UInputDevice
    /// The panel rectangle's size in points (the axes span it).
    package let width: Double, height: Double
    /// The display it was made for.
    package let output: String?
    /// How far that display's picture turns upright: the axes are in its own orientation.
    package let turn: ScreenMapper.Rotation
    /// Device units per screen point on each axis.
    private let position: PanelAxes
    private let slotCount: Int
    private let hasPressure: Bool, hasTouchMajor: Bool
    /// Contact id in each slot (nil: free), and the tracking id counter.
    private var slots: [UInt64?]
    private var nextTrackingID: Int32 = 1
    /// At most this many contacts down at once (`--forward-contacts`).
    private var contactLimit: ContactLimit
    private var touching = false
    private var origin = Point(x: 0, y: 0)

    /// The device's name for the panel named `panel` on the display named `output`.
    package static func name(of panel: String, on output: String?) -> String {
        namePrefix + panel + (output.map { " on \($0)" } ?? "")
    }

    /// The device for a panel: `name` after it, `size` its rectangle in points, `millimetres`
    /// its physical size on the screen (width, height) when known, `output` the display it is
    /// on (its name and its `phys`, which the project's udev rule makes its `WL_OUTPUT`),
    /// `turn` how far that display's picture turns upright.
    package init(
        name: String, output: String? = nil, turn: ScreenMapper.Rotation = .none, size: Size,
        millimetres: (Double, Double)?, slots: Int, contactLimit: Int? = nil, pressure: Bool, touchMajor: Bool
    ) throws(DeviceError) {
        self.contactLimit = ContactLimit(contactLimit)
        self.output = output
        self.turn = turn
        width = size.width
        height = size.height
        slotCount = max(slots, 1)
        hasPressure = pressure
        hasTouchMajor = touchMajor
        self.slots = Array(repeating: nil, count: slotCount)
        let k = Kernel.self
        position = PanelAxes(size: size, millimetres: millimetres, turn: turn)
        let (x, y) = (position.x, position.y)
        var abs: [UInt16: AbsInfo] = [
            k.ABS_X: x, k.ABS_Y: y, k.ABS_MT_POSITION_X: x, k.ABS_MT_POSITION_Y: y,
            k.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: Int32(slotCount - 1)),
            k.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
            k.ABS_MT_TOOL_TYPE: AbsInfo(minimum: 0, maximum: Int32(k.MT_TOOL_PALM)),
        ]
        if pressure { abs[k.ABS_MT_PRESSURE] = AbsInfo(minimum: 0, maximum: 255) }
        if touchMajor {
            abs[k.ABS_MT_TOUCH_MAJOR] = AbsInfo(
                minimum: 0, maximum: max(x.maximum, y.maximum), resolution: x.resolution)
        }
        var d = DeviceDescription(
            name: Self.name(of: name, on: output),
            id: InputID(bustype: k.BUS_VIRTUAL, vendor: Self.ids.vendor, product: Self.ids.product, version: 1),
            properties: BitSet([k.INPUT_PROP_DIRECT]),
            codes: [k.EV_KEY: BitSet([k.BTN_TOUCH]), k.EV_ABS: BitSet(Array(abs.keys))], absInfo: abs)
        d.phys = output
        device = try UInputDevice(d)
    }

    /// An axis' range and resolution: about `unitsPerPoint` units a point, a whole number of
    /// units a millimetre when the size is known (so range ÷ resolution is the size).
    static func axis(points: Double, millimetres: Double?) -> (range: Int32, resolution: Int32) {
        guard let mm = millimetres, mm >= 1 else { return (max(2, Int32((points * unitsPerPoint).rounded())), 0) }
        let resolution = max(1, Int32((points * unitsPerPoint / mm).rounded()))
        // (maximum - minimum) ÷ resolution is the size, as the kernel's and libinput's convention has it.
        return (max(2, Int32((Double(resolution) * mm).rounded()) + 1), resolution)
    }

    /// Where the panel's rectangle starts in the screen space (its touches come in global points).
    package func place(at origin: Point) { self.origin = origin }

    /// One input frame's touch changes of this panel: one write. A cancelled contact is first
    /// turned into a palm (libinput then reports a cancel, not a tap), lifted in a second frame.
    package func forward(_ updates: [TouchUpdate]) throws(DeviceError) {
        let k = Kernel.self
        device.discardQueued()
        var palms = false
        for u in updates {
            guard contactLimit.admits(u) else { continue }
            switch u.phase {
            case .began:
                guard let s = slots.firstIndex(where: { $0 == nil }) else { continue }  // more fingers than slots
                slots[s] = u.identifier
                add(k.ABS_MT_SLOT, Int32(s))
                // A finger again before the new tracking id: libinput reads the slot's tool
                // when the id arrives, and a slot left as a palm would make the touch one.
                add(k.ABS_MT_TOOL_TYPE, Int32(k.MT_TOOL_FINGER))
                add(k.ABS_MT_TRACKING_ID, nextTrackingID)
                nextTrackingID = nextTrackingID == 65535 ? 1 : nextTrackingID + 1
                position(u)
            case .moved, .stationary:
                guard let s = slot(of: u.identifier) else { continue }
                add(k.ABS_MT_SLOT, Int32(s))
                position(u)
            case .ended:
                guard let s = slot(of: u.identifier) else { continue }
                add(k.ABS_MT_SLOT, Int32(s))
                add(k.ABS_MT_TRACKING_ID, -1)
                slots[s] = nil
            case .cancelled:
                guard let s = slot(of: u.identifier) else { continue }
                add(k.ABS_MT_SLOT, Int32(s))
                add(k.ABS_MT_TOOL_TYPE, Int32(k.MT_TOOL_PALM))
                palms = true
            }
        }
        guard device.queuedCount > 0 else { return }
        finishFrame(lifting: false)
        if palms {
            // The palms lift in a frame of their own.
            for u in updates where u.phase == .cancelled {
                guard let s = slot(of: u.identifier) else { continue }
                add(k.ABS_MT_SLOT, Int32(s))
                add(k.ABS_MT_TRACKING_ID, -1)
                slots[s] = nil
            }
            finishFrame(lifting: true)
        }
        try device.writeQueued()
    }

    /// Every contact the window had ends (a reload, a remap): those left out are forgotten.
    package func forgetLeftOut() { contactLimit.reset() }

    /// The identifiers of the contacts down on this device.
    package var contactsDown: [UInt64] { slots.compactMap { $0 } }

    private func slot(of id: UInt64) -> Int? { slots.firstIndex { $0 == id } }

    private func position(_ u: TouchUpdate) {
        let k = Kernel.self
        let at = position.units(Point(x: u.location.x - origin.x, y: u.location.y - origin.y))
        add(k.ABS_MT_POSITION_X, at.x)
        add(k.ABS_MT_POSITION_Y, at.y)
        if hasPressure, u.maximumPossibleForce > 0 {
            add(k.ABS_MT_PRESSURE, Int32(min(255, max(0, (u.force / u.maximumPossibleForce * 255).rounded()))))
        }
        if hasTouchMajor { add(k.ABS_MT_TOUCH_MAJOR, Int32((u.majorRadius * 2 * position.scaleX).rounded())) }
    }

    /// BTN_TOUCH and the single-touch axes (the lowest slot's contact), then SYN_REPORT.
    private func finishFrame(lifting: Bool) {
        let k = Kernel.self
        let down = slots.contains { $0 != nil }
        if down != touching {
            add(k.BTN_TOUCH, down ? 1 : 0, type: k.EV_KEY)
            touching = down
        }
        // ABS_X/ABS_Y mirror the first contact's position written in this frame.
        var mirrored = false
        let count = device.queuedCount
        for i in 0..<count where !mirrored && i + 1 < count {
            let e = device.queuedEvent(at: i)
            guard e.type == k.EV_ABS && e.code == k.ABS_MT_POSITION_X else { continue }
            add(k.ABS_X, e.value)
            add(k.ABS_Y, device.queuedEvent(at: i + 1).value)
            mirrored = true
        }
        add(k.SYN_REPORT, 0, type: k.EV_SYN)
    }

    private func add(_ code: UInt16, _ value: Int32, type: UInt16 = Kernel.EV_ABS) {
        device.queue(type: type, code: code, value: value)
    }
}
