import Doctor
import Testing

/// What doctor says when the kernel made no touch device: the walk below the input nodes read
/// from recorded trees, and an absolute pointer told from sysfs's capability bitmaps.
@Suite struct BelowTheNodeTests {
    static let kernel = """
        /proc/sys/kernel/osrelease = 6.1.0-56-amd64
        /lib/modules/6.1.0-56-amd64/modules.dep = kernel/drivers/hid/usbhid/usbhid.ko.xz: kernel/drivers/hid/hid.ko.xz\\nkernel/drivers/hid/hid-multitouch.ko.xz: kernel/drivers/hid/hid.ko.xz
        /lib/modules/6.1.0-56-amd64/modules.builtin = kernel/drivers/hid/hid-generic.ko
        """

    func survey(_ tree: String) -> BusSurvey {
        BusSurvey.read(release: "6.1.0-56-amd64", in: RecordedFiles(Self.kernel + "\n" + tree))
    }

    @Test func aUSBHIDInterfaceNoDriverTookIsTheBrokenLinkWithItsBind() {
        let s = survey(
            """
            /sys/bus/usb/devices/usb1/
            /sys/bus/usb/devices/1-2/idVendor = 0eef
            /sys/bus/usb/devices/1-2/idProduct = 0001
            /sys/bus/usb/devices/1-2/product = eGalax Touch
            /sys/bus/usb/devices/1-2:1.0/bInterfaceClass = 03
            /sys/bus/usb/devices/1-3/idVendor = 046d
            /sys/bus/usb/devices/1-3/idProduct = c077
            /sys/bus/usb/devices/1-3:1.0/bInterfaceClass = 03
            /sys/bus/usb/devices/1-3:1.0/driver -> ../../../../../../bus/usb/drivers/usbhid
            """)
        #expect(s.usb.map(\.port) == ["1-2", "1-3"])
        let c = DeviceLink.check(s)
        #expect(!c.ok)
        #expect(c.link == .device)
        #expect(c.node == nil)
        #expect(c.subject == "this machine")
        #expect(c.found.contains("2 USB devices (HID interfaces: 1-2:1.0 no driver, 1-3:1.0 usbhid)"), "\(c.found)")
        #expect(
            c.found.contains("modules: usbhid installed, hid_generic built in, hid_multitouch installed"), "\(c.found)")
        #expect(
            c.problem
                == "USB device 0eef:0001 (eGalax Touch) has a HID interface (1-2:1.0) that no driver took, so the kernel made no device of it."
        )
        #expect(c.fix == "sudo modprobe usbhid && echo 1-2:1.0 | sudo tee /sys/bus/usb/drivers/usbhid/bind")
    }

    @Test func aBlacklistedUsbhidIsNamedWithItsLine() {
        let s = survey(
            """
            /etc/modprobe.d/kiosk.conf = # no USB input\\nblacklist usbhid
            /sys/bus/usb/devices/1-2/idVendor = 0eef
            /sys/bus/usb/devices/1-2/idProduct = 0001
            /sys/bus/usb/devices/1-2:1.0/bInterfaceClass = 03
            """)
        let c = DeviceLink.check(s)
        #expect(c.problem?.hasSuffix("usbhid is blacklisted by /etc/modprobe.d/kiosk.conf:2.") == true, "\(c)")
        #expect(c.found.contains("usbhid blacklisted (/etc/modprobe.d/kiosk.conf:2)"), "\(c.found)")
    }

    @Test func aRaspberryPiWithTheTouchscreenTurnedOffInItsFirmwareIsToldSo() {
        let off = survey(
            """
            /proc/device-tree/model = Raspberry Pi 4 Model B Rev 1.5
            /boot/firmware/config.txt = [all]\\ndtoverlay=vc4-kms-v3d\\ndisable_touchscreen=1\\n
            """)
        let c = DeviceLink.check(off)
        #expect(
            c.found.contains(
                "Raspberry Pi 4 Model B Rev 1.5; /boot/firmware/config.txt: dtoverlay=vc4-kms-v3d, disable_touchscreen=1"
            ), "\(c.found)")
        #expect(c.problem?.contains("disable_touchscreen=1") == true)
        #expect(c.fix == "sudo sed -i 's/^disable_touchscreen=1/#&/' /boot/firmware/config.txt && sudo reboot")
        let noOverlay = DeviceLink.check(
            survey(
                """
                /proc/device-tree/model = Raspberry Pi 4 Model B Rev 1.5
                /boot/firmware/config.txt = dtoverlay=vc4-kms-v3d\\n
                """))
        #expect(noOverlay.problem?.contains("loads no display overlay with touch") == true, "\(noOverlay)")
        let dsi = DeviceLink.check(
            survey(
                """
                /proc/device-tree/model = Raspberry Pi 4 Model B Rev 1.5
                /boot/firmware/config.txt = dtoverlay=vc4-kms-dsi-7inch\\n
                """))
        #expect(dsi.problem?.hasPrefix("No touch device was found") == true, "\(dsi)")
    }

    @Test func nothingAtAllSaysNoTouchDeviceAndAKernelWithoutTheModulesSaysThatToo() {
        let plain = DeviceLink.check(survey(""))
        #expect(plain.problem == "No touch device was found: nothing on USB, HID or I2C looks like a touch controller.")
        #expect(plain.found.hasPrefix("no touchscreen, pen, HID digitizer or I2C touch controller; 0 USB devices"))
        let bare = DeviceLink.check(
            BusSurvey.read(
                release: "6.1.0-56-amd64",
                in: RecordedFiles("/lib/modules/6.1.0-56-amd64/modules.order = kernel/drivers/input/evdev.ko")))
        #expect(bare.problem?.contains("this kernel has no usbhid or hid_multitouch") == true, "\(bare)")
        let container = DeviceLink.check(BusSurvey.read(release: "6.1.0-56-amd64", in: RecordedFiles("")))
        #expect(container.found.contains("no modules directory for this kernel"), "\(container.found)")
        #expect(container.problem?.contains("run doctor on the host") == true, "\(container)")
    }

    @Test func anAbsolutePointerIsToldFromSysfsBitmaps() throws {
        let dir = "/sys/devices/platform/usb/1-1/1-1:1.0/input/input3/event3"
        func caps(abs: String, key: String) throws -> InputCapabilities {
            try #require(
                InputCapabilities(
                    syspath: dir,
                    in: RecordedFiles(
                        "\(dir)/device/capabilities/abs = \(abs)\n\(dir)/device/capabilities/key = \(key)")))
        }
        // QEMU's USB tablet: ABS_X, ABS_Y (and the wheel), BTN_LEFT, BTN_RIGHT, BTN_MIDDLE.
        #expect(try caps(abs: "3", key: "70000 0 0 0 0").isAbsolutePointer)
        // A touchscreen: BTN_TOUCH as well.
        #expect(try !caps(abs: "3", key: "400 70000 0 0 0 0").isAbsolutePointer)
        // A relative mouse: no absolute axes.
        #expect(try !caps(abs: "0", key: "70000 0 0 0 0").isAbsolutePointer)
        #expect(InputCapabilities(syspath: dir, in: RecordedFiles("\(dir)/device/capabilities/abs = zz")) == nil)
    }

    @Test func aHIDDeviceNoDriverTookIsATouchDeviceByTheGroupTheKernelFiledItIn() throws {
        // No driver parsed its descriptor, so sysfs shows it empty; its modalias keeps the group.
        func device(group: String, driver: Bool) throws -> HIDDevice {
            let dir = "/sys/bus/hid/devices/0003:0EEF:7224.0009"
            let tree = RecordedFiles(
                """
                \(dir)/uevent = HID_ID=0003:0EEF:7224\\nHID_NAME=eGalax\\nMODALIAS=hid:b0003g\(group)v00000EEFp00007224
                \(dir)/report_descriptor = hex:
                """ + (driver ? "\n\(dir)/driver -> ../../../../bus/hid/drivers/hid-generic" : ""))
            return try #require(HIDDevice.read("0003:0EEF:7224.0009", in: tree))
        }
        #expect(try device(group: "0002", driver: false).isTouchDevice)
        #expect(try device(group: "0004", driver: false).isTouchDevice)
        #expect(try !device(group: "0001", driver: false).isTouchDevice, "a generic HID device is no touch device")
        #expect(try !device(group: "0002", driver: true).isTouchDevice, "bound, its descriptor tells")
    }
}
