import HIDRaw

/// A device on the kernel's HID bus as sysfs shows it: its bus, ids, name, the driver bound to
/// it, the report descriptor it gave, and the evdev nodes its driver made.
package struct HIDDevice: Equatable, Sendable {
    /// The kernel's name for it, `BBBB:VVVV:PPPP.NNNN`.
    package var id: String
    package var bus: UInt16
    package var vendor: UInt16
    package var product: UInt16
    /// `HID_NAME`, the name the device gives.
    package var name: String
    /// The kernel's HID group from the modalias: 2 and 4 are multitouch (HID_GROUP_MULTITOUCH,
    /// and HID_GROUP_MULTITOUCH_WIN_8), which hid-multitouch drives.
    package var group: UInt16?
    /// The driver bound to it (`hid-generic`, `hid-multitouch`, …), or nil when none is.
    package var driver: String?
    package var descriptor: ReportDescriptor
    /// Its evdev nodes, `/dev/input/eventN`.
    package var nodes: [String]
    /// Where it sits (`usb 1-2`, `i2c i2c-ELAN0001:00`, `virtual`), from its sysfs path.
    package var parent: Parent

    /// The physical device a HID device sits on: what `--reset` re-authorises or re-binds.
    package enum Parent: Equatable, Sendable {
        /// A USB device (`1-2`), re-authorised through `/sys/bus/usb/devices/ID/authorized`.
        case usb(String)
        /// An I2C device (`i2c-ELAN0001:00`), re-bound through its I2C driver.
        case i2c(String)
        /// A virtual device (uhid), or one whose parent could not be told.
        case other
    }

    /// A touch digitizer by its descriptor; or, with no driver bound, by the group the kernel
    /// filed it in (multitouch, Win8 multitouch): sysfs shows a device's descriptor only once a
    /// driver has parsed it, so one no driver takes reads empty.
    package var isTouchDevice: Bool {
        descriptor.isTouchDigitizer || (driver == nil && (group == 2 || group == 4))
    }

    /// Whether the kernel files it as a multitouch device, which hid-multitouch drives.
    package var wantsMultitouch: Bool { group == 2 || group == 4 || descriptor.hasContactIdentifier }

    /// The bus by the kernel's number (`BUS_USB`, …), as people say it.
    package var busName: String { Self.busName(bus) }

    package static func busName(_ bus: UInt16) -> String {
        switch bus {
        case 0x03: return "USB"
        case 0x05: return "Bluetooth"
        case 0x06: return "virtual"
        case 0x18: return "I2C"
        case 0x1C: return "SPI"
        case 0x19: return "host"
        default: return "bus \(bus)"
        }
    }

    /// Every device on the HID bus.
    package static func all(in files: any MachineFiles) -> [HIDDevice] {
        files.list(bus).compactMap { read($0, in: files) }
    }

    static let bus = "/sys/bus/hid/devices"

    /// One device by its id, or nil when its id does not parse.
    package static func read(_ id: String, in files: any MachineFiles) -> HIDDevice? {
        let parts = id.split(whereSeparator: { $0 == ":" || $0 == "." })
        guard parts.count == 4, let b = UInt16(parts[0], radix: 16), let v = UInt16(parts[1], radix: 16),
            let p = UInt16(parts[2], radix: 16)
        else { return nil }
        let dir = bus + "/" + id
        let uevent = files.text(dir + "/uevent") ?? ""
        let name = Self.value("HID_NAME", in: uevent) ?? id
        let group = Self.value("MODALIAS", in: uevent).flatMap(Self.group(ofModalias:))
        let descriptor = ReportDescriptor(files.bytes(dir + "/report_descriptor", limit: 8192) ?? [])
        var nodes: [String] = []
        for input in files.list(dir + "/input") where input.hasPrefix("input") {
            for e in files.list(dir + "/input/" + input) where e.hasPrefix("event") { nodes.append("/dev/input/" + e) }
        }
        return HIDDevice(
            id: id, bus: b, vendor: v, product: p, name: name, group: group, driver: files.linkName(dir + "/driver"),
            descriptor: descriptor, nodes: nodes, parent: Self.parent(of: files.link(dir) ?? ""))
    }

    /// A `KEY=value` line's value of a uevent file.
    package static func value(_ key: String, in uevent: String) -> String? {
        for line in uevent.split(separator: "\n") where line.hasPrefix(key + "=") {
            return String(line.dropFirst(key.count + 1))
        }
        return nil
    }

    /// The group of a `hid:bBBBBgGGGGvVVVVVVVVpPPPPPPPP` modalias.
    static func group(ofModalias m: String) -> UInt16? {
        guard let g = m.range(of: "g"), m.hasPrefix("hid:") else { return nil }
        return UInt16(m[g.upperBound...].prefix(4), radix: 16)
    }

    /// The USB or I2C device a HID device's sysfs path runs through.
    static func parent(of path: String) -> Parent {
        let parts = path.split(separator: "/").map(String.init)
        if let i2c = parts.last(where: { $0.hasPrefix("i2c-") && $0.contains(":") }) { return .i2c(i2c) }
        // A USB interface is `1-2:1.0`; its device is the component before it, `1-2`.
        if let usb = parts.last(where: { Self.isUSBDevice($0) }) { return .usb(usb) }
        return .other
    }

    static func isUSBDevice(_ name: String) -> Bool {
        guard let dash = name.firstIndex(of: "-"), !name.contains(":") else { return false }
        return name[..<dash].allSatisfy(\.isNumber) && !name[..<dash].isEmpty
            && name[name.index(after: dash)...].allSatisfy { $0.isNumber || $0 == "." }
    }
}
