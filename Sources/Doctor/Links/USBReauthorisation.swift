/// The deeper reset `doctor --reset` gives a USB controller, as unplugging it would: its USB
/// device de-authorised and authorised again. Any other controller (and the daemon's own
/// reset) has its driver re-bound instead (`DriverRebind`, in the kernel side).
package struct USBReauthorisation: Equatable, Sendable {
    /// The device's `authorized` attribute, written 0 then 1.
    package var path: String
    /// `re-authorised USB device 1-2`.
    package var action: String
    /// The HID device's name, which every sysfs path of its new input devices contains.
    package var key: String

    /// The reset of the USB device behind the HID device that made `node`; nil when the node
    /// is no HID device's or that is not on USB.
    package static func plan(node: String, in files: any MachineFiles) -> USBReauthorisation? {
        guard let h = HIDDevice.all(in: files).first(where: { $0.nodes.contains(node) }), case .usb(let dev) = h.parent
        else { return nil }
        return USBReauthorisation(
            path: "/sys/bus/usb/devices/\(dev)/authorized", action: "re-authorised USB device \(dev)", key: h.id)
    }
}
