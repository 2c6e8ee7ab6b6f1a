import Evdev
import Glibc
import InputEvents
import Pipeline
import Runtime
import TouchInput
import TouchKit

/// A panel's pen re-created through uinput after touchbridge's mapping (`run
/// --virtual-touchscreen` on a pen): a direct pen tablet, which libinput reads as a tablet tool,
/// whose axes span the panel's screen rectangle as the virtual touchscreen's do, with the axes
/// the panel's pen has (pressure, tilt, height, the eraser, barrel buttons).
package final class VirtualPen {
    /// Its product id beside the virtual touchscreen's and pointer's.
    package static let product: UInt16 = 0x0003
    /// Tilt units a radian: milliradians.
    static let tiltResolution: Int32 = 1000
    /// Height units over the whole range.
    static let heightRange: Int32 = 1023
    /// Pressure units over the whole range.
    static let pressureRange: Int32 = 4095

    /// What the panel's pen has, which its virtual pen declares.
    package struct Axes: Equatable, Sendable {
        package var pressure = false, tilt = false, height = false, eraser = false
        package var stylus = false, stylus2 = false

        /// The axes of the pen `d` describes.
        package init(_ d: DeviceDescription) {
            let k = Kernel.self
            pressure = d.has(type: k.EV_ABS, code: k.ABS_PRESSURE)
            tilt = d.has(type: k.EV_ABS, code: k.ABS_TILT_X) && d.has(type: k.EV_ABS, code: k.ABS_TILT_Y)
            height = d.has(type: k.EV_ABS, code: k.ABS_DISTANCE)
            eraser = d.has(type: k.EV_KEY, code: k.BTN_TOOL_RUBBER)
            stylus = d.has(type: k.EV_KEY, code: k.BTN_STYLUS)
            stylus2 = d.has(type: k.EV_KEY, code: k.BTN_STYLUS2)
        }
    }

    package let device: UInputDevice
    /// The panel rectangle's size in points (the axes span it).
    package let width: Double, height: Double
    /// The display it was made for.
    package let output: String?
    /// How far that display's picture turns upright: the axes are in its own orientation.
    package let turn: ScreenMapper.Rotation
    private let axes: Axes
    private let position: PanelAxes
    private var origin = Point(x: 0, y: 0)
    /// The tool in proximity (`BTN_TOOL_PEN` or `BTN_TOOL_RUBBER`), the tip and buttons as sent.
    private var tool: UInt16?
    private var touching = false
    private var buttons: UInt8 = 0

    /// The pen for a panel named `name` whose rectangle is `size` points, `millimetres` its
    /// physical size when known (else 96 dpi: libinput takes no tablet without a resolution),
    /// `output` the display it is on, `turn` how far that display's picture turns upright.
    package init(
        name: String, output: String? = nil, turn: ScreenMapper.Rotation = .none, size: Size,
        millimetres: (Double, Double)?, axes: Axes
    ) throws(DeviceError) {
        self.output = output
        self.turn = turn
        self.axes = axes
        width = size.width
        height = size.height
        let k = Kernel.self
        let assumed = (size.width * 25.4 / 96, size.height * 25.4 / 96)
        position = PanelAxes(size: size, millimetres: millimetres ?? assumed, turn: turn)
        var abs: [UInt16: AbsInfo] = [k.ABS_X: position.x, k.ABS_Y: position.y]
        var keys = [k.BTN_TOOL_PEN, k.BTN_TOUCH]
        if axes.pressure { abs[k.ABS_PRESSURE] = AbsInfo(minimum: 0, maximum: Self.pressureRange) }
        if axes.height { abs[k.ABS_DISTANCE] = AbsInfo(minimum: 0, maximum: Self.heightRange) }
        if axes.tilt {
            let quarter = Int32((Double.pi / 2 * Double(Self.tiltResolution)).rounded())
            let tilt = AbsInfo(minimum: -quarter, maximum: quarter, resolution: Self.tiltResolution)
            abs[k.ABS_TILT_X] = tilt
            abs[k.ABS_TILT_Y] = tilt
        }
        if axes.eraser { keys.append(k.BTN_TOOL_RUBBER) }
        if axes.stylus { keys.append(k.BTN_STYLUS) }
        if axes.stylus2 { keys.append(k.BTN_STYLUS2) }
        var d = DeviceDescription(
            name: VirtualTouchscreen.name(of: name, on: output),
            id: InputID(
                bustype: k.BUS_VIRTUAL, vendor: VirtualTouchscreen.ids.vendor, product: Self.product, version: 1),
            properties: BitSet([k.INPUT_PROP_DIRECT]),
            codes: [k.EV_KEY: BitSet(keys), k.EV_ABS: BitSet(Array(abs.keys))], absInfo: abs)
        d.phys = output
        device = try UInputDevice(d)
    }

    /// Where the panel's rectangle starts in the screen space (samples come in global points).
    package func place(at origin: Point) { self.origin = origin }

    /// Whether the pen is in proximity on this device.
    package var isNear: Bool { tool != nil }

    /// One frame of the pen: one write, nothing when it stays away.
    package func forward(_ s: PenSample) throws(DeviceError) {
        let k = Kernel.self
        device.discardQueued()
        guard s.isNear else { return try leave() }
        let wanted = s.isEraser && axes.eraser ? k.BTN_TOOL_RUBBER : k.BTN_TOOL_PEN
        if let tool, tool != wanted {
            try leave()  // the other end: out of proximity first, as a pen turned over reports it
            device.discardQueued()
        }
        let at = position.units(Point(x: s.location.x - origin.x, y: s.location.y - origin.y))
        add(k.ABS_X, at.x)
        add(k.ABS_Y, at.y)
        if axes.pressure { add(k.ABS_PRESSURE, s.isTouching ? Self.units(s.pressure, Self.pressureRange) : 0) }
        if axes.height { add(k.ABS_DISTANCE, s.isTouching ? 0 : Self.units(s.height, Self.heightRange)) }
        if axes.tilt {
            let t = PenAngles.tilts(altitude: s.altitude, azimuth: turn.unturned(azimuth: s.azimuth))
            add(k.ABS_TILT_X, Int32((t.x * Double(Self.tiltResolution)).rounded()))
            add(k.ABS_TILT_Y, Int32((t.y * Double(Self.tiltResolution)).rounded()))
        }
        if tool == nil { key(wanted, true) }
        tool = wanted
        press(s.buttons)
        if s.isTouching != touching { key(k.BTN_TOUCH, s.isTouching) }
        touching = s.isTouching
        add(k.SYN_REPORT, 0, type: k.EV_SYN)
        try device.writeQueued()
    }

    /// The pen goes away: the tip lifts, the buttons are let go, the tool leaves proximity.
    package func leave() throws(DeviceError) {
        let k = Kernel.self
        guard let t = tool else { return }
        if touching {
            if axes.pressure { add(k.ABS_PRESSURE, 0) }
            key(k.BTN_TOUCH, false)
            touching = false
            add(k.SYN_REPORT, 0, type: k.EV_SYN)
        }
        press(0)
        key(t, false)
        tool = nil
        add(k.SYN_REPORT, 0, type: k.EV_SYN)
        try device.writeQueued()
    }

    private func press(_ held: UInt8) {
        let k = Kernel.self
        for (bit, code, has) in [(UInt8(1), k.BTN_STYLUS, axes.stylus), (2, k.BTN_STYLUS2, axes.stylus2)]
        where has && (held ^ buttons) & bit != 0 {
            key(code, held & bit != 0)
        }
        buttons = held
    }

    /// A fraction 0…1 in `range` units.
    static func units(_ f: Double, _ range: Int32) -> Int32 {
        Int32((min(1, max(0, f)) * Double(range)).rounded())
    }

    private func key(_ code: UInt16, _ down: Bool) { add(code, down ? 1 : 0, type: Kernel.EV_KEY) }

    private func add(_ code: UInt16, _ value: Int32, type: UInt16 = Kernel.EV_ABS) {
        device.queue(type: type, code: code, value: value)
    }
}
