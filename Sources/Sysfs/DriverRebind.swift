import Glibc

/// A controller brought back as unplugging it would, short of its bus: the driver of the
/// device an input device hangs on (HID, I2C, SPI, platform) unbound and bound again, which
/// writes only the driver's `bind` and `unbind` under /sys/bus.
public struct DriverRebind: Equatable, Sendable {
    /// A sysfs attribute and the value written to it.
    public struct Write: Equatable, Sendable {
        public var path: String
        public var value: String

        public init(path: String, value: String) {
            self.path = path
            self.value = value
        }
    }

    public var writes: [Write]
    /// What it does, said once done: `re-bound 0003:0EEF:7224.0001 to hid-multitouch`.
    public var action: String
    /// The controller's name, which every sysfs path of its new input devices contains.
    public var key: String

    /// The rebind of the controller behind the input device at `syspath` (an event node's
    /// `/sys/devices/…/inputN/eventM`), its links read through `link`; nil for a device with
    /// no controller or driver (a virtual one).
    public static func plan(inputSyspath syspath: String, link: (String) -> String?) -> DriverRebind? {
        let parent = syspath + "/device/device"
        guard let path = link(parent), let driver = link(parent + "/driver").map(lastComponent),
            let bus = link(parent + "/subsystem").map(lastComponent)
        else { return nil }
        let device = lastComponent(path)
        let dir = "/sys/bus/\(bus)/drivers/\(driver)/"
        return DriverRebind(
            writes: [Write(path: dir + "unbind", value: device), Write(path: dir + "bind", value: device)],
            action: "re-bound \(bus == "hid" ? "" : bus + " ")\(device) to \(driver)", key: device)
    }

    /// The plan from the machine's own sysfs.
    public static func plan(inputSyspath syspath: String) -> DriverRebind? {
        plan(inputSyspath: syspath) { path in
            var buf = [CChar](repeating: 0, count: 4096)
            let n = readlink(path, &buf, buf.count - 1)
            return n > 0 ? String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
        }
    }

    /// Writes the plan; nil when done, else what failed with its sysexits code (77: permission).
    public func apply() -> (String, Int32)? {
        for w in writes { if let failure = SysfsWrite.write(w.value, to: w.path) { return failure } }
        return nil
    }

    static func lastComponent(_ path: String) -> String { String(path.split(separator: "/").last ?? "") }
}
