/// One input device as udev knows it: its node, what kind of device udev's input_id builtin
/// says it is, and the properties touchbridge reads (calibration, physical size, path).
public struct InputDeviceInfo: Sendable, Equatable {
    public var devnode: String
    public var syspath: String
    public var name: String
    /// udev's classification, from the `ID_INPUT_*` properties ("touchscreen", "tablet",
    /// "touchpad", "mouse", "keyboard", "key", "joystick", "switch", "accelerometer", …).
    public var kinds: [String]
    public var isTouchscreen: Bool { kinds.contains("touchscreen") }
    /// Marked as a touch panel by the integrator (udev's `TOUCHBRIDGE_PANEL=1`): a touch
    /// controller in mouse mode, which udev calls a mouse or a tablet.
    public var isMarkedPanel: Bool { properties["TOUCHBRIDGE_PANEL"] == "1" }
    /// A tablet, to udev (`ID_INPUT_TABLET`): a pen, on a display or on a desk.
    public var isTablet: Bool { kinds.contains("tablet") }
    public var isAccelerometer: Bool { kinds.contains("accelerometer") }
    /// Keys of any kind (a keyboard, media keys, buttons), and not a touchscreen.
    public var hasKeys: Bool { (kinds.contains("key") || kinds.contains("keyboard")) && !isTouchscreen }
    /// `LIBINPUT_CALIBRATION_MATRIX`: six floats `a b c d e f` (libinput's convention).
    public var calibration: [Double]?
    /// The raw text of the calibration property, kept for error messages.
    public var calibrationText: String?
    public var widthMM: Int?
    public var heightMM: Int?
    public var idPath: String?
    /// False while udev has not processed the device yet (properties may be missing).
    public var isInitialized: Bool
    /// The device's links (`/dev/input/by-path/…`, `/dev/input/by-id/…`).
    public var devlinks: [String] = []
    /// udev properties for touchbridge (`TOUCHBRIDGE_SCREEN_RECT`, …), set by rules, and
    /// libinput's `LIBINPUT_FUZZ_*` (the axes' fuzz its rule moved out of the kernel).
    public var properties: [String: String] = [:]

    public init(
        devnode: String, syspath: String, name: String, kinds: [String], calibration: [Double]?,
        calibrationText: String?, widthMM: Int?, heightMM: Int?, idPath: String?, isInitialized: Bool
    ) {
        self.devnode = devnode
        self.syspath = syspath
        self.name = name
        self.kinds = kinds
        self.calibration = calibration
        self.calibrationText = calibrationText
        self.widthMM = widthMM
        self.heightMM = heightMM
        self.idPath = idPath
        self.isInitialized = isInitialized
    }

    /// Parses `LIBINPUT_CALIBRATION_MATRIX`: exactly six finite numbers separated by spaces.
    public static func parseCalibration(_ text: String) -> [Double]? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard parts.count == 6 else { return nil }
        var values: [Double] = []
        for p in parts {
            guard let v = Double(p), v.isFinite else { return nil }
            values.append(v)
        }
        return values
    }
}

extension InputDeviceInfo {
    /// udev's `LIBINPUT_FUZZ_XX` properties by axis code (malformed ones left out).
    public var libinputFuzz: [UInt16: Int32] {
        var out: [UInt16: Int32] = [:]
        for (key, value) in properties where key.hasPrefix("LIBINPUT_FUZZ_") {
            if let code = UInt16(key.dropFirst("LIBINPUT_FUZZ_".count), radix: 16), let fuzz = Int32(value), fuzz >= 0 {
                out[code] = fuzz
            }
        }
        return out
    }

    /// udev's classification from its `ID_INPUT_*` properties, `property` answering each.
    package static func kinds(_ property: (String) -> String?) -> [String] {
        [
            ("ID_INPUT_TOUCHSCREEN", "touchscreen"), ("ID_INPUT_TABLET", "tablet"), ("ID_INPUT_TOUCHPAD", "touchpad"),
            ("ID_INPUT_MOUSE", "mouse"), ("ID_INPUT_POINTINGSTICK", "pointingstick"), ("ID_INPUT_KEYBOARD", "keyboard"),
            ("ID_INPUT_KEY", "key"), ("ID_INPUT_JOYSTICK", "joystick"), ("ID_INPUT_SWITCH", "switch"),
            ("ID_INPUT_ACCELEROMETER", "accelerometer"),
        ].filter { property($0.0) == "1" }.map(\.1)
    }

    /// Whether a property is one touchbridge keeps (`properties`): its own, libinput's fuzz and
    /// device group (a pen and the fingers of one panel), the USB vendor's name (which names
    /// a display's maker), and the seat and output compositors take it to (which `doctor` checks).
    package static func isKept(_ key: String) -> Bool {
        key.hasPrefix("TOUCHBRIDGE_") || key.hasPrefix("LIBINPUT_FUZZ_") || key == "ID_VENDOR_FROM_DATABASE"
            || key == "LIBINPUT_DEVICE_GROUP" || key == "ID_SEAT" || key == "WL_OUTPUT" || key == "WL_SEAT"
    }

    /// What udev said of a device a recording was made from (`libinput record` keeps its
    /// properties), so a recording is mapped and filtered as the live panel was.
    public init(recordedAt node: String, name: String, udevProperties p: [String: String]) {
        let calibrationText = p["LIBINPUT_CALIBRATION_MATRIX"]
        self.init(
            devnode: node, syspath: "", name: name, kinds: Self.kinds { p[$0] },
            calibration: calibrationText.flatMap(Self.parseCalibration), calibrationText: calibrationText,
            widthMM: p["ID_INPUT_WIDTH_MM"].flatMap { Int($0) }, heightMM: p["ID_INPUT_HEIGHT_MM"].flatMap { Int($0) },
            idPath: p["ID_PATH"], isInitialized: true)
        for (k, v) in p where Self.isKept(k) { properties[k] = v }
    }
}
