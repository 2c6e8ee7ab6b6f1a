import Evdev
import InputEvents
import Runtime
import TouchInput
import TouchKit

/// A panel's virtual pointer (`run --virtual-pointer`): a uinput absolute pointer — the shape
/// of QEMU's USB tablet, which udev calls a mouse and libinput reads as absolute motion —
/// whose axes span the panel's screen rectangle as its virtual touchscreen's do, with left
/// and right buttons and both wheels, high-resolution units beside the classic detents. It
/// declares a middle button it never presses: without one, libinput emulates it from left and
/// right pressed together and holds every left press back for 50 ms to see, so a drag would
/// begin where the finger was 50 ms later.
package final class VirtualPointer {
    /// Every virtual pointer's name starts with this.
    package static let namePrefix = "touchbridge pointer: "
    /// High-resolution wheel units a classic detent.
    static let unitsPerDetent: Int32 = 120

    package let device: UInputDevice
    /// The panel rectangle's size in points (the axes span it).
    package let width: Double, height: Double
    /// The display it was made for.
    package let output: String?
    /// How far that display's picture turns upright: the axes are in its own orientation.
    package let turn: ScreenMapper.Rotation
    private let position: PanelAxes
    private var origin = Point(x: 0, y: 0)
    /// Units of each wheel not yet a classic detent.
    private var restV: Int32 = 0, restH: Int32 = 0
    private var leftDown = false

    /// The device's name for the panel named `panel` on the display named `output`.
    package static func name(of panel: String, on output: String?) -> String {
        namePrefix + panel + (output.map { " on \($0)" } ?? "")
    }

    /// The pointer for a panel named `name` whose rectangle is `size` points, `millimetres`
    /// its physical size when known, `output` the display it is on (its name and its `phys`,
    /// which the project's udev rule makes its `WL_OUTPUT`), `turn` how far that display's
    /// picture turns upright.
    package init(
        name: String, output: String? = nil, turn: ScreenMapper.Rotation = .none, size: Size,
        millimetres: (Double, Double)?
    ) throws(DeviceError) {
        self.output = output
        self.turn = turn
        width = size.width
        height = size.height
        let k = Kernel.self
        position = PanelAxes(size: size, millimetres: millimetres, turn: turn)
        let abs: [UInt16: AbsInfo] = [k.ABS_X: position.x, k.ABS_Y: position.y]
        var d = DeviceDescription(
            name: Self.name(of: name, on: output),
            id: InputID(bustype: k.BUS_VIRTUAL, vendor: 0x7462, product: 0x0002, version: 1),
            properties: BitSet([]),
            codes: [
                k.EV_KEY: BitSet([k.BTN_LEFT, k.BTN_RIGHT, k.BTN_MIDDLE]),
                k.EV_REL: BitSet([k.REL_WHEEL, k.REL_HWHEEL, k.REL_WHEEL_HI_RES, k.REL_HWHEEL_HI_RES]),
                k.EV_ABS: BitSet([k.ABS_X, k.ABS_Y]),
            ],
            absInfo: abs)
        d.phys = output
        device = try UInputDevice(d)
    }

    /// Where the panel's rectangle starts in the screen space (actions come in global points).
    package func place(at origin: Point) { self.origin = origin }

    /// Writes what the gestures did, each action a frame of its own (a move, then a button,
    /// as a mouse reports them), in one write.
    package func perform(_ actions: [PointerAction]) throws(DeviceError) {
        guard !actions.isEmpty else { return }
        let k = Kernel.self
        device.discardQueued()
        for a in actions {
            switch a {
            case .move(let x, let y):
                let at = position.units(Point(x: x - origin.x, y: y - origin.y))
                device.queue(type: k.EV_ABS, code: k.ABS_X, value: max(0, at.x))
                device.queue(type: k.EV_ABS, code: k.ABS_Y, value: max(0, at.y))
            case .button(let b, let down):
                device.queue(type: k.EV_KEY, code: b == .left ? k.BTN_LEFT : k.BTN_RIGHT, value: down ? 1 : 0)
                if b == .left { leftDown = down }
            case .scroll(let v, let h):
                if v != 0 {
                    device.queue(type: k.EV_REL, code: k.REL_WHEEL_HI_RES, value: v)
                    if let detents = Self.detents(v, rest: &restV) {
                        device.queue(type: k.EV_REL, code: k.REL_WHEEL, value: detents)
                    }
                }
                if h != 0 {
                    device.queue(type: k.EV_REL, code: k.REL_HWHEEL_HI_RES, value: h)
                    if let detents = Self.detents(h, rest: &restH) {
                        device.queue(type: k.EV_REL, code: k.REL_HWHEEL, value: detents)
                    }
                }
            }
            device.queue(type: k.EV_SYN, code: k.SYN_REPORT, value: 0)
        }
        try device.writeQueued()
    }

    /// The classic wheel's detents for `units` more high-resolution units, as the kernel's
    /// HID driver sends them: one each time the units add up to 120 either way.
    static func detents(_ units: Int32, rest: inout Int32) -> Int32? {
        if (rest > 0 && units < 0) || (rest < 0 && units > 0) { rest = 0 }  // turned back: a new detent
        rest += units
        let n = rest / unitsPerDetent
        guard n != 0 else { return nil }
        rest -= n * unitsPerDetent
        return n
    }

    /// Whether the left button is held (a drag under way).
    package var isDragging: Bool { leftDown }
}
