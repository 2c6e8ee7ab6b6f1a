import Discovery
import Evdev
import InputEvents

/// The driver link of a node with no HID digitizer behind it: an I2C or platform controller's
/// own driver, or a virtual device (uinput), which needs none.
enum ParentDriver {
    static func check(_ info: InputDeviceInfo, files: any MachineFiles, as s: Subject) -> Check {
        let parent = info.syspath + "/device/device"
        guard let path = files.link(parent) else {
            return .holds(.driver, "a virtual device (uinput): no controller to drive", of: s)
        }
        let name = String(path.split(separator: "/").last ?? "")
        let bus = files.linkName(parent + "/subsystem") ?? "its bus"
        if let driver = files.linkName(parent + "/driver") {
            return .holds(.driver, "\(bus) \(name), bound to \(driver)", of: s)
        }
        return .holds(.driver, "\(bus) \(name)", of: s)
    }
}
