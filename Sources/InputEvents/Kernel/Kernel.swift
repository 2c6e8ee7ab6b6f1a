// The kernel's names, as linux/input-event-codes.h spells them.
// swift-format-ignore-file: AlwaysUseLowerCamelCase

/// Kernel input constants, with the numbers and names of `linux/input-event-codes.h`.
///
/// The portable targets use these instead of importing C headers; names stay the kernel's
/// so code reads like the protocol documentation.
public enum Kernel {
    // Event types.
    public static let EV_SYN: UInt16 = 0x00
    public static let EV_KEY: UInt16 = 0x01
    public static let EV_REL: UInt16 = 0x02
    public static let EV_ABS: UInt16 = 0x03
    public static let EV_MSC: UInt16 = 0x04
    public static let EV_SW: UInt16 = 0x05
    public static let EV_LED: UInt16 = 0x11
    public static let EV_SND: UInt16 = 0x12
    public static let EV_REP: UInt16 = 0x14
    public static let EV_FF: UInt16 = 0x15
    public static let EV_MAX: UInt16 = 0x1f

    // EV_SYN codes.
    public static let SYN_REPORT: UInt16 = 0
    public static let SYN_CONFIG: UInt16 = 1
    public static let SYN_MT_REPORT: UInt16 = 2
    public static let SYN_DROPPED: UInt16 = 3

    // EV_KEY codes of a mouse (the virtual pointer's buttons).
    public static let BTN_LEFT: UInt16 = 0x110
    public static let BTN_RIGHT: UInt16 = 0x111
    public static let BTN_MIDDLE: UInt16 = 0x112

    // EV_REL codes of a wheel, and their high-resolution twins (120 units a detent).
    public static let REL_HWHEEL: UInt16 = 0x06
    public static let REL_WHEEL: UInt16 = 0x08
    public static let REL_WHEEL_HI_RES: UInt16 = 0x0b
    public static let REL_HWHEEL_HI_RES: UInt16 = 0x0c

    // EV_KEY codes used by touch devices.
    public static let BTN_TOOL_PEN: UInt16 = 0x140
    public static let BTN_TOOL_RUBBER: UInt16 = 0x141
    public static let BTN_STYLUS: UInt16 = 0x14b
    public static let BTN_STYLUS2: UInt16 = 0x14c
    public static let BTN_TOOL_FINGER: UInt16 = 0x145
    public static let BTN_TOUCH: UInt16 = 0x14a
    public static let BTN_TOOL_DOUBLETAP: UInt16 = 0x14d
    public static let KEY_MAX: UInt16 = 0x2ff
    // Media keys: the remote-control commands.
    public static let KEY_NEXTSONG: UInt16 = 163
    public static let KEY_PLAYPAUSE: UInt16 = 164
    public static let KEY_PREVIOUSSONG: UInt16 = 165
    public static let KEY_STOPCD: UInt16 = 166
    public static let KEY_REWIND: UInt16 = 168
    public static let KEY_PLAYCD: UInt16 = 200
    public static let KEY_PAUSECD: UInt16 = 201
    public static let KEY_FASTFORWARD: UInt16 = 208

    // EV_ABS codes.
    public static let ABS_X: UInt16 = 0x00
    public static let ABS_Y: UInt16 = 0x01
    public static let ABS_Z: UInt16 = 0x02
    public static let ABS_PRESSURE: UInt16 = 0x18
    public static let ABS_DISTANCE: UInt16 = 0x19
    public static let ABS_TILT_X: UInt16 = 0x1a
    public static let ABS_TILT_Y: UInt16 = 0x1b
    public static let ABS_MT_SLOT: UInt16 = 0x2f
    public static let ABS_MT_TOUCH_MAJOR: UInt16 = 0x30
    public static let ABS_MT_TOUCH_MINOR: UInt16 = 0x31
    public static let ABS_MT_WIDTH_MAJOR: UInt16 = 0x32
    public static let ABS_MT_WIDTH_MINOR: UInt16 = 0x33
    public static let ABS_MT_ORIENTATION: UInt16 = 0x34
    public static let ABS_MT_POSITION_X: UInt16 = 0x35
    public static let ABS_MT_POSITION_Y: UInt16 = 0x36
    public static let ABS_MT_TOOL_TYPE: UInt16 = 0x37
    public static let ABS_MT_BLOB_ID: UInt16 = 0x38
    public static let ABS_MT_TRACKING_ID: UInt16 = 0x39
    public static let ABS_MT_PRESSURE: UInt16 = 0x3a
    public static let ABS_MT_DISTANCE: UInt16 = 0x3b
    public static let ABS_MAX: UInt16 = 0x3f

    // EV_MSC codes that evtest prints in hex.
    public static let MSC_RAW: UInt16 = 0x03
    public static let MSC_SCAN: UInt16 = 0x04

    // EV_REP codes.
    public static let REP_DELAY: UInt16 = 0x00
    public static let REP_PERIOD: UInt16 = 0x01

    // Input properties.
    public static let INPUT_PROP_POINTER: UInt16 = 0x00
    public static let INPUT_PROP_DIRECT: UInt16 = 0x01
    public static let INPUT_PROP_BUTTONPAD: UInt16 = 0x02
    public static let INPUT_PROP_SEMI_MT: UInt16 = 0x03
    public static let INPUT_PROP_ACCELEROMETER: UInt16 = 0x06
    public static let INPUT_PROP_MAX: UInt16 = 0x1f

    // ABS_MT_TOOL_TYPE values.
    public static let MT_TOOL_FINGER: Int32 = 0
    public static let MT_TOOL_PEN: Int32 = 1
    public static let MT_TOOL_PALM: Int32 = 2

    // Bus types seen on touch panels.
    public static let BUS_USB: UInt16 = 0x03
    public static let BUS_I2C: UInt16 = 0x18
    public static let BUS_VIRTUAL: UInt16 = 0x06

    /// The highest code of each event type, as libevdev's `libevdev_event_type_get_max`
    /// reports it; nil for types without codes.
    public static func maxCode(ofType type: UInt16) -> UInt16? {
        switch type {
        case EV_SYN: return 0x0f
        case EV_KEY: return KEY_MAX
        case EV_REL: return 0x0f
        case EV_ABS: return ABS_MAX
        case EV_MSC: return 0x07
        case EV_SW: return 0x10
        case EV_LED: return 0x0f
        case EV_SND: return 0x07
        case EV_REP: return 0x01
        case EV_FF: return 0x7f
        default: return nil
        }
    }
}
