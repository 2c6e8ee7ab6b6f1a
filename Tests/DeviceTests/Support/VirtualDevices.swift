import Evdev
import InputEvents
import ProgramTestSupport

/// The kernel devices the device tests create through uinput.
enum VirtualDevices {
    private static func bits(_ codes: [UInt16]) -> BitSet { BitSet(codes) }

    /// A 10-slot protocol B touchscreen with pressure and touch major, like most capacitive
    /// panels; `fuzz` on its position axes.
    static func multitouch(name: String = "TB Test MT Panel", fuzz: Int32 = 0, toolType: Bool = false)
        -> DeviceDescription
    {
        let k = Kernel.self
        let xy = AbsInfo(minimum: 0, maximum: 4095, fuzz: fuzz, resolution: 16)
        let yy = AbsInfo(minimum: 0, maximum: 2303, fuzz: fuzz, resolution: 16)
        var d = DeviceDescription(
            name: name, id: InputID(bustype: k.BUS_USB, vendor: 0x1234, product: 0x5678, version: 0x0111),
            properties: bits([k.INPUT_PROP_DIRECT]),
            codes: [
                k.EV_KEY: bits([k.BTN_TOUCH]),
                k.EV_ABS: bits([
                    k.ABS_X, k.ABS_Y, k.ABS_PRESSURE, k.ABS_MT_SLOT, k.ABS_MT_TOUCH_MAJOR,
                    k.ABS_MT_POSITION_X, k.ABS_MT_POSITION_Y, k.ABS_MT_TRACKING_ID, k.ABS_MT_PRESSURE,
                ]),
                k.EV_MSC: bits([k.MSC_SCAN]),
            ],
            absInfo: [
                k.ABS_X: xy, k.ABS_Y: yy, k.ABS_PRESSURE: AbsInfo(minimum: 0, maximum: 255),
                k.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 9),
                k.ABS_MT_TOUCH_MAJOR: AbsInfo(minimum: 0, maximum: 255),
                k.ABS_MT_POSITION_X: xy, k.ABS_MT_POSITION_Y: yy,
                k.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
                k.ABS_MT_PRESSURE: AbsInfo(minimum: 0, maximum: 255),
            ])
        if toolType {  // finger or palm (MT_TOOL_PALM), as hid-multitouch's panels with a confidence usage
            d.codes[k.EV_ABS]?.insert(k.ABS_MT_TOOL_TYPE)
            d.absInfo[k.ABS_MT_TOOL_TYPE] = AbsInfo(minimum: 0, maximum: Int32(k.MT_TOOL_PALM))
        }
        return d
    }

    /// A single-touch resistive panel: BTN_TOUCH, ABS_X/ABS_Y and pressure, no resolution.
    static func singleTouch(name: String = "TB Test Resistive Panel") -> DeviceDescription {
        let k = Kernel.self
        return DeviceDescription(
            name: name, id: InputID(bustype: k.BUS_I2C, vendor: 0x0eef, product: 0x0001, version: 0x0100),
            properties: bits([k.INPUT_PROP_DIRECT]),
            codes: [k.EV_KEY: bits([k.BTN_TOUCH]), k.EV_ABS: bits([k.ABS_X, k.ABS_Y, k.ABS_PRESSURE])],
            absInfo: [
                k.ABS_X: AbsInfo(minimum: 150, maximum: 3900, fuzz: 4),
                k.ABS_Y: AbsInfo(minimum: 200, maximum: 3850, fuzz: 4),
                k.ABS_PRESSURE: AbsInfo(minimum: 0, maximum: 1023),
            ])
    }

    /// A protocol A panel: contacts as SYN_MT_REPORT groups, no slots.
    static func protocolA(name: String = "TB Test Protocol A Panel") -> DeviceDescription {
        let k = Kernel.self
        let x = AbsInfo(minimum: 0, maximum: 1023, resolution: 4)
        let y = AbsInfo(minimum: 0, maximum: 767, resolution: 4)
        return DeviceDescription(
            name: name, id: InputID(bustype: k.BUS_USB, vendor: 0x0eef, product: 0x7200, version: 0x0001),
            properties: bits([k.INPUT_PROP_DIRECT]),
            codes: [
                k.EV_KEY: bits([k.BTN_TOUCH]),
                k.EV_ABS: bits([k.ABS_X, k.ABS_Y, k.ABS_MT_POSITION_X, k.ABS_MT_POSITION_Y, k.ABS_MT_TRACKING_ID]),
            ],
            absInfo: [
                k.ABS_X: x, k.ABS_Y: y, k.ABS_MT_POSITION_X: x, k.ABS_MT_POSITION_Y: y,
                k.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 255),
            ])
    }
}
