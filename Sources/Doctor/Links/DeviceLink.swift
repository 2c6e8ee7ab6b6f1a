/// Whether the machine has a touch device at all. When it has none, doctor walks below the input
/// nodes (USB, HID, the modules, a Raspberry Pi's firmware) and says what it found and what is
/// missing, instead of reporting a chain with no links as healthy.
package enum DeviceLink {
    /// The subject of the check: the machine, which has no node.
    package static let subject = Subject(name: "this machine", node: nil)

    /// The broken `device` link: what was looked at, the likeliest missing piece and its fix.
    package static func check(_ s: BusSurvey) -> Check {
        let (problem, fix) = diagnosis(s)
        return .broken(.device, found(s), of: subject, problem: problem, fix: fix)
    }

    /// What the walk looked at, in one line.
    static func found(_ s: BusSurvey) -> String {
        var parts = ["no touchscreen, pen, HID digitizer or I2C touch controller"]
        let interfaces = s.usb.flatMap { d in d.hidInterfaces.map { "\($0.name) \($0.driver ?? "no driver")" } }
        parts.append(
            "\(s.usb.count) USB device\(s.usb.count == 1 ? "" : "s")"
                + (interfaces.isEmpty
                    ? ", no HID interface" : " (HID interfaces: \(interfaces.joined(separator: ", ")))"))
        parts.append(
            "\(s.hid.count) HID device\(s.hid.count == 1 ? "" : "s")"
                + (s.hid.isEmpty
                    ? "" : " (\(s.hid.map { "\($0.name): \($0.driver ?? "no driver")" }.joined(separator: ", ")))"))
        if s.modulesDirectory == nil {
            parts.append("no modules directory for this kernel")
        } else {
            parts.append("modules: " + s.modules.map { "\($0.name) \(state($0))" }.joined(separator: ", "))
        }
        if let board = s.board { parts.append(board) }
        if let f = s.firmware {
            parts.append(f.path + (f.lines.isEmpty ? " sets no display" : ": " + f.lines.joined(separator: ", ")))
        }
        return parts.joined(separator: "; ")
    }

    /// A module as this kernel has it.
    static func state(_ m: KernelModule) -> String {
        if let b = m.blacklistedBy { return "blacklisted (\(b))" }
        if m.loaded { return "loaded" }
        if m.builtIn { return "built in" }
        return m.installed ? "installed" : "not in this kernel"
    }

    /// The likeliest missing piece, from the bus up: a HID interface or device no driver took, a
    /// module the kernel lacks or refuses, the firmware's touch setting, or nothing plugged.
    static func diagnosis(_ s: BusSurvey) -> (problem: String, fix: String) {
        let module = { (name: String) in s.modules.first { $0.name == name } }
        for d in s.usb {
            for i in d.hidInterfaces where i.driver == nil {
                let what = "USB device \(d.vendor):\(d.product)\(d.name.map { " (\($0))" } ?? "")"
                if let usbhid = module("usbhid"), let line = usbhid.blacklistedBy {
                    return (
                        "\(what) has a HID interface (\(i.name)) that no driver took: usbhid is blacklisted by \(line).",
                        "remove the blacklist line in \(line), then: sudo modprobe usbhid"
                    )
                }
                return (
                    "\(what) has a HID interface (\(i.name)) that no driver took, so the kernel made no device of it.",
                    "sudo modprobe usbhid && echo \(i.name) | sudo tee /sys/bus/usb/drivers/usbhid/bind"
                )
            }
        }
        if let h = s.hid.first(where: { $0.driver == nil }) {
            return (
                "HID device \(h.name) (\(h.id)) is bound to no driver, so the kernel made no input device of it.",
                "sudo modprobe hid_generic && echo \(h.id) | sudo tee /sys/bus/hid/drivers/hid-generic/bind"
            )
        }
        if let f = s.firmware {
            if f.lines.contains(where: { $0.hasPrefix("disable_touchscreen=1") }) {
                return (
                    "The firmware's disable_touchscreen=1 in \(f.path) turns the display's touch controller off.",
                    "sudo sed -i 's/^disable_touchscreen=1/#&/' \(f.path) && sudo reboot"
                )
            }
            let display = f.lines.contains {
                $0.hasPrefix("display_auto_detect=1") || ($0.hasPrefix("dtoverlay=") && Self.touchOverlay($0))
            }
            if !display {
                return (
                    "\(f.path) loads no display overlay with touch, so no touch controller is in the device tree.",
                    "add display_auto_detect=1 (or the display's own dtoverlay=, such as vc4-kms-dsi-7inch) to "
                        + "\(f.path), then: sudo reboot"
                )
            }
        }
        let missing = ["usbhid", "hid_multitouch"].compactMap(module).filter {
            !$0.loaded && !$0.builtIn && !$0.installed
        }
        if s.modulesDirectory == nil {
            return (
                "No touch device was found, and this kernel's modules are not on this system (no /lib/modules for "
                    + "it): in a container the host's kernel drives the panel, so run doctor on the host.",
                "run touchbridge doctor on the host; on the host itself, install the running kernel's package"
            )
        }
        if !missing.isEmpty {
            return (
                "No touch device was found, and this kernel has no \(missing.map(\.name).joined(separator: " or ")): "
                    + "a USB touch controller would find no driver.",
                "sudo apt-get install linux-image-$(dpkg --print-architecture) && sudo reboot"
            )
        }
        return (
            "No touch device was found: nothing on USB, HID or I2C looks like a touch controller.",
            "plug in the panel's touch cable (USB, or its I2C connector) and run touchbridge doctor again; "
                + "sudo dmesg -w shows what the kernel sees as it is plugged in"
        )
    }

    /// A Raspberry Pi display overlay that brings a touch controller (a DSI display's, or a
    /// controller's own).
    static func touchOverlay(_ line: String) -> Bool {
        ["dsi", "touch", "ft5406", "goodix", "edt-ft", "ili"].contains { line.contains($0) }
    }
}
