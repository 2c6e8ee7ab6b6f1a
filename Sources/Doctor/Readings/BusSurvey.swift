/// What lies below the input nodes, read when no touch device was found: the USB devices and
/// their HID interfaces, the HID devices and their drivers, the modules a panel needs, and on a
/// Raspberry Pi its firmware's display settings.
package struct BusSurvey: Equatable, Sendable {
    /// A USB device by its sysfs name (`1-1`), with its ids and product name.
    package struct USBDevice: Equatable, Sendable {
        package var port: String
        package var vendor: String
        package var product: String
        package var name: String?
        /// Its HID interfaces (`1-1:1.0`) and the driver bound to each, nil for none.
        package var hidInterfaces: [Interface]
    }

    /// A USB interface and the driver bound to it, nil for none.
    package struct Interface: Equatable, Sendable {
        package var name: String
        package var driver: String?
    }

    /// The firmware's configuration file and the lines of it that matter.
    package struct FirmwareConfig: Equatable, Sendable {
        package var path: String
        package var lines: [String]
    }

    package var usb: [USBDevice]
    /// Every HID device, a digitizer or not.
    package var hid: [HIDDevice]
    /// usbhid, hid_generic, hid_multitouch, i2c_hid_acpi, i2c_hid_of for the running kernel.
    package var modules: [KernelModule]
    /// The running kernel's modules directory (`/lib/modules/RELEASE`), nil when it is missing
    /// (a container, or a kernel installed without its modules): then no module can be judged.
    package var modulesDirectory: String?
    /// The board's model, when the device tree names one (a Raspberry Pi's).
    package var board: String?
    /// The firmware's `config.txt` lines that decide a display's touch (`dtoverlay=…`,
    /// `disable_touchscreen=…`, `display_auto_detect=…`), with the file's path.
    package var firmware: FirmwareConfig?

    package init(
        usb: [USBDevice], hid: [HIDDevice], modules: [KernelModule], modulesDirectory: String?, board: String?,
        firmware: FirmwareConfig?
    ) {
        self.usb = usb
        self.hid = hid
        self.modules = modules
        self.modulesDirectory = modulesDirectory
        self.board = board
        self.firmware = firmware
    }

    static let usbBus = "/sys/bus/usb/devices"
    static let moduleNames = ["usbhid", "hid_generic", "hid_multitouch", "i2c_hid_acpi", "i2c_hid_of"]
    static let configFiles = ["/boot/firmware/config.txt", "/boot/config.txt"]

    /// Reads the machine for the running kernel `release`.
    package static func read(release: String, in files: any MachineFiles) -> BusSurvey {
        let entries = files.list(usbBus)
        let usb = entries.filter { !$0.contains(":") && !$0.hasPrefix("usb") }.compactMap { port -> USBDevice? in
            let dir = usbBus + "/" + port
            guard let vendor = files.text(dir + "/idVendor"), let product = files.text(dir + "/idProduct") else {
                return nil
            }
            let interfaces = entries.filter { $0.hasPrefix(port + ":") }.filter {
                files.text(usbBus + "/" + $0 + "/bInterfaceClass") == "03"
            }
            return USBDevice(
                port: port, vendor: vendor, product: product, name: files.text(dir + "/product"),
                hidInterfaces: interfaces.map {
                    Interface(name: $0, driver: files.linkName(usbBus + "/" + $0 + "/driver"))
                })
        }
        var board = files.text("/proc/device-tree/model", limit: 256)
        while board?.last == "\0" { board?.removeLast() }
        var firmware: FirmwareConfig?
        if board?.hasPrefix("Raspberry Pi") == true, let path = configFiles.first(where: files.exists) {
            let keys = ["dtoverlay=", "disable_touchscreen=", "display_auto_detect="]
            let lines = (files.text(path, limit: 1 << 16) ?? "").split(separator: "\n").map {
                $0.trimmingPrefix(while: { $0 == " " || $0 == "\t" })
            }
            firmware = FirmwareConfig(
                path: path, lines: lines.filter { l in keys.contains { l.hasPrefix($0) } }.map(String.init))
        }
        return BusSurvey(
            usb: usb, hid: HIDDevice.all(in: files),
            modules: moduleNames.map { KernelModule.read($0, release: release, in: files) },
            modulesDirectory: files.exists("/lib/modules/" + release) ? "/lib/modules/" + release : nil, board: board,
            firmware: firmware)
    }
}

extension Substring {
    /// This text without the characters `skip` accepts at its start.
    func trimmingPrefix(while skip: (Character) -> Bool) -> Substring {
        var s = self
        while let c = s.first, skip(c) { s.removeFirst() }
        return s
    }
}
