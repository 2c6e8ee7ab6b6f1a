/// Names for the HID usage pages and usages a touch device's descriptor is made of, from the
/// HID Usage Tables; any other is shown by its number.
enum UsageNames {
    static func page(_ page: UInt32) -> String {
        switch page {
        case 0x01: "Generic Desktop"
        case 0x02: "Simulation Controls"
        case 0x06: "Generic Device Controls"
        case 0x07: "Keyboard/Keypad"
        case 0x08: "LED"
        case 0x09: "Button"
        case 0x0C: "Consumer"
        case 0x0D: "Digitizers"
        case 0x0F: "Physical Input Device"
        case 0x14: "Auxiliary Display"
        case 0x20: "Sensors"
        case 0x59: "Lighting And Illumination"
        case 0xFF00...0xFFFF: "Vendor Defined 0x" + String(page, radix: 16)
        default: "0x" + String(page, radix: 16)
        }
    }

    static func usage(_ usage: UInt32) -> String {
        let page = usage >> 16
        let id = usage & 0xFFFF
        let name: String? =
            switch page {
            case 0x01: desktop[id]
            case 0x09: id == 0 ? "No Button" : "Button \(id)"
            case 0x0D: digitizers[id]
            case 0xFF00: id == 0xC5 ? "Win8 Certification Blob" : nil
            default: nil
            }
        return name ?? "0x" + String(id, radix: 16)
    }

    static let desktop: [UInt32: String] = [
        0x01: "Pointer", 0x02: "Mouse", 0x04: "Joystick", 0x05: "Game Pad", 0x06: "Keyboard", 0x07: "Keypad",
        0x30: "X", 0x31: "Y", 0x32: "Z", 0x33: "Rx", 0x34: "Ry", 0x35: "Rz", 0x38: "Wheel",
    ]

    static let digitizers: [UInt32: String] = [
        0x01: "Digitizer", 0x02: "Pen", 0x04: "Touch Screen", 0x05: "Touch Pad", 0x0E: "Device Configuration",
        0x20: "Stylus", 0x22: "Finger", 0x23: "Device Settings", 0x30: "Tip Pressure", 0x32: "In Range",
        0x33: "Touch", 0x3C: "Invert", 0x3D: "X Tilt", 0x3E: "Y Tilt", 0x3F: "Azimuth", 0x42: "Tip Switch",
        0x44: "Barrel Switch", 0x45: "Eraser", 0x47: "Confidence", 0x48: "Width", 0x49: "Height",
        0x51: "Contact Identifier", 0x52: "Device Mode", 0x53: "Device Identifier", 0x54: "Contact Count",
        0x55: "Contact Count Maximum", 0x56: "Scan Time", 0x57: "Surface Switch", 0x58: "Button Switch",
        0x59: "Pad Type", 0x5B: "Transducer Serial Number",
    ]
}
