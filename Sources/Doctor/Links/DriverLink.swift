/// The first link: the controller on its bus with a driver that makes touches of it.
package enum DriverLink {
    /// The driver link of a HID digitizer: hid-multitouch for one that names its fingers, any
    /// driver at all for a single-touch screen or a pen.
    package static func check(_ d: HIDDevice, multitouch m: KernelModule, as s: Subject) -> Check {
        let found = "\(d.busName) \(d.id)" + (d.driver.map { ", bound to \($0)" } ?? ", no driver bound")
        guard d.wantsMultitouch else {
            if d.driver != nil { return .holds(.driver, found + " (single touch or pen)", of: s) }
            return .broken(
                .driver, found, of: s,
                problem: "No driver took this digitizer, so the kernel makes no input device of it.",
                fix: "sudo modprobe hid-generic && echo \(d.id) | sudo tee /sys/bus/hid/drivers/hid-generic/bind")
        }
        if d.driver == "hid-multitouch" { return .holds(.driver, found, of: s) }
        if let other = d.driver, other != "hid-generic" {
            return .holds(.driver, found + " (a driver of its own, which knows its fingers)", of: s)
        }
        let bound = d.driver.map { "is bound to \($0)" } ?? "has no driver"
        if let file = m.blacklistedBy {
            return .broken(
                .driver, found, of: s,
                problem: "This multitouch controller \(bound): hid-multitouch is blacklisted by \(file).",
                fix: unblacklist(file) + "sudo modprobe hid-multitouch")
        }
        if !m.loaded && !m.builtIn && !m.installed {
            return .broken(
                .driver, found, of: s,
                problem: "This multitouch controller \(bound): this kernel has no hid-multitouch module.",
                fix: "sudo apt-get install linux-image-$(dpkg --print-architecture) && sudo reboot")
        }
        if !m.loaded && !m.builtIn {
            return .broken(
                .driver, found, of: s,
                problem: "This multitouch controller \(bound): hid-multitouch is not loaded.",
                fix: "sudo modprobe hid-multitouch")
        }
        let unbind = d.driver.map { "echo \(d.id) | sudo tee /sys/bus/hid/drivers/\($0)/unbind && " } ?? ""
        return .broken(
            .driver, found, of: s,
            problem: "This multitouch controller \(bound) although hid-multitouch is loaded.",
            fix: unbind + "echo \(d.id) | sudo tee /sys/bus/hid/drivers/hid-multitouch/bind")
    }

    /// The command that takes a blacklist line out, when it is in a file.
    static func unblacklist(_ place: String) -> String {
        guard let colon = place.lastIndex(of: ":"), place.hasPrefix("/"),
            let line = Int(place[place.index(after: colon)...])
        else { return "" }
        return "sudo sed -i '\(line)s/^/# /' \(place[..<colon]) && "
    }
}
