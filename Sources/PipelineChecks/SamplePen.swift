import InputEvents

/// A pen on a display as the kernel describes a Wacom AES one, for the tests of every layer
/// (tracker, daemon, device tests in the VM): the pen and the eraser, the tip, two barrel
/// buttons; 254x160 mm at 100 units a mm, pressure 0…4095, height 0…63, tilt in hundredths of a
/// degree (5730 units a radian).
public enum SamplePen {
    public static func description(name: String = "Wacom HID 52A0 Pen", bus: UInt16 = 0x18) -> DeviceDescription {
        let k = Kernel.self
        let tilt = AbsInfo(minimum: -9000, maximum: 9000, resolution: 5730)
        return DeviceDescription(
            name: name, id: InputID(bustype: bus, vendor: 0x56a, product: 0x52a0, version: 1),
            properties: BitSet([k.INPUT_PROP_DIRECT]),
            codes: [
                k.EV_KEY: BitSet([k.BTN_TOOL_PEN, k.BTN_TOOL_RUBBER, k.BTN_TOUCH, k.BTN_STYLUS, k.BTN_STYLUS2]),
                k.EV_ABS: BitSet([k.ABS_X, k.ABS_Y, k.ABS_PRESSURE, k.ABS_DISTANCE, k.ABS_TILT_X, k.ABS_TILT_Y]),
            ],
            absInfo: [
                k.ABS_X: AbsInfo(minimum: 0, maximum: 25_400, resolution: 100),
                k.ABS_Y: AbsInfo(minimum: 0, maximum: 16_000, resolution: 100),
                k.ABS_PRESSURE: AbsInfo(minimum: 0, maximum: 4095),
                k.ABS_DISTANCE: AbsInfo(minimum: 0, maximum: 63),
                k.ABS_TILT_X: tilt, k.ABS_TILT_Y: tilt,
            ])
    }
}
