/// How a stalled controller is brought back, as unplugging it would: its USB device
/// re-authorised (`deep`), else its driver unbound and bound again (HID, I2C, SPI, platform),
/// which writes only the drivers' `bind` and `unbind` under /sys/bus.
package struct ResetPlan: Equatable, Sendable {
    /// The sysfs attributes written, in order, and the values.
    package var writes: [Write]
    /// What it does, said after it is done.
    package var action: String
    /// A string every sysfs path of the controller's new input devices contains.
    package var key: String

    package struct Write: Equatable, Sendable {
        package var path: String
        package var value: String

        package init(path: String, value: String) {
            self.path = path
            self.value = value
        }
    }

    /// The plan for the controller behind the input device at `syspath` (its node `node`);
    /// nil when there is none to reset (a virtual device).
    package static func plan(node: String, syspath: String, deep: Bool, in files: any MachineFiles) -> ResetPlan? {
        if let h = HIDDevice.all(in: files).first(where: { $0.nodes.contains(node) }) {
            if deep, case .usb(let dev) = h.parent {
                let path = "/sys/bus/usb/devices/\(dev)/authorized"
                return ResetPlan(
                    writes: [Write(path: path, value: "0"), Write(path: path, value: "1")],
                    action: "re-authorised USB device \(dev)", key: h.id)
            }
            let driver = h.driver ?? (h.wantsMultitouch ? "hid-multitouch" : "hid-generic")
            return rebind(h.id, bus: "hid", driver: driver, bound: h.driver != nil)
        }
        let parent = syspath + "/device/device"
        guard let path = files.link(parent), let driver = files.linkName(parent + "/driver"),
            let bus = files.linkName(parent + "/subsystem")
        else { return nil }
        return rebind(String(path.split(separator: "/").last ?? ""), bus: bus, driver: driver, bound: true)
    }

    static func rebind(_ device: String, bus: String, driver: String, bound: Bool) -> ResetPlan {
        let dir = "/sys/bus/\(bus)/drivers/\(driver)/"
        let unbind = bound ? [Write(path: dir + "unbind", value: device)] : []
        return ResetPlan(
            writes: unbind + [Write(path: dir + "bind", value: device)],
            action: "re-bound \(bus == "hid" ? "" : bus + " ")\(device) to \(driver)", key: device)
    }
}
