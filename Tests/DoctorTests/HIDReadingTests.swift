import Doctor
import Evdev
import Foundation
import Sysfs
import Testing

/// What doctor reads of the HID bus: report descriptors, devices with their driver, group, nodes
/// and parent, and whether hid-multitouch is loaded, built in, installed or blacklisted.
@Suite struct HIDReadingTests {
    let tree: RecordedFiles

    init() throws { tree = try RecordedFiles(tree: "kiosk") }

    @Test func theBusShowsEachDeviceWithItsDriverGroupNodesAndParent() throws {
        let all = HIDDevice.all(in: tree)
        #expect(all.map(\.id) == ["0003:046D:C077.0003", "0003:0EEF:7224.0001", "0018:0596:0506.0002"])
        let egalax = try #require(all.first { $0.vendor == 0x0EEF })
        #expect(egalax.busName == "USB")
        #expect(egalax.driver == "hid-generic")
        #expect(egalax.group == 2)
        #expect(egalax.wantsMultitouch)
        #expect(egalax.nodes == ["/dev/input/event3"])
        #expect(egalax.parent == .usb("1-2"))
        #expect(egalax.name == "eGalax Inc. eGalaxTouch EXC7200-7368v1.010")
        let threeM = try #require(all.first { $0.vendor == 0x0596 })
        #expect(threeM.busName == "I2C")
        #expect(threeM.parent == .i2c("i2c-MMM0506:00"))
        #expect(threeM.nodes == ["/dev/input/event4", "/dev/input/event5"])
        let mouse = try #require(all.first { $0.vendor == 0x046D })
        #expect(!mouse.descriptor.isTouchDigitizer)
        #expect(!mouse.wantsMultitouch)
    }

    @Test func hidMultitouchIsSeenInstalledNotLoadedAndBlacklistedWithItsLine() {
        let m = KernelModule.read("hid_multitouch", release: "6.1.0-56-amd64", in: tree)
        #expect(m.installed)
        #expect(!m.loaded)
        #expect(!m.builtIn)
        #expect(m.blacklistedBy == "/etc/modprobe.d/blacklist-touch.conf:3")
        let generic = KernelModule.read("hid_generic", release: "6.1.0-56-amd64", in: tree)
        #expect(generic.loaded)
        #expect(generic.blacklistedBy == nil)
    }

    @Test func aBlacklistByInstallingFalseOrOnTheKernelsCommandLineCounts() {
        let byInstall = RecordedFiles("/etc/modprobe.d/x.conf = install hid-multitouch /bin/false")
        #expect(
            KernelModule.read("hid_multitouch", release: "r", in: byInstall).blacklistedBy == "/etc/modprobe.d/x.conf:1"
        )
        let byCmdline = RecordedFiles("/proc/cmdline = quiet modprobe.blacklist=usbhid,hid_multitouch")
        #expect(
            KernelModule.read("hid_multitouch", release: "r", in: byCmdline).blacklistedBy
                == "the kernel command line (modprobe.blacklist)")
        let otherFile = RecordedFiles("/etc/modprobe.d/x.txt = blacklist hid_multitouch")
        #expect(
            KernelModule.read("hid_multitouch", release: "r", in: otherFile).blacklistedBy == nil, "only .conf files")
    }
}

extension HIDReadingTests {
    @Test func anI2CTouchControllerIsKnownByItsNameAndItsDriverByItsModule() {
        let files = RecordedFiles(
            """
            /sys/bus/i2c/devices/i2c-1/name = Synopsys DesignWare I2C adapter
            /sys/bus/i2c/devices/1-005d/name = GDIX1001:00
            /sys/bus/i2c/devices/1-0050/name = 24c02
            /sys/bus/i2c/devices/1-0038/name = edt-ft5406
            /sys/bus/i2c/devices/1-0038/driver -> ../../../../bus/i2c/drivers/edt_ft5x06
            /sys/bus/i2c/drivers/Goodix-TS/module -> ../../../../module/goodix_ts
            /sys/module/goodix_ts/
            /lib/modules/r/modules.dep = kernel/drivers/input/touchscreen/goodix_ts.ko: 
            """)
        let all = I2CController.all(in: files)
        #expect(all.map(\.client) == ["1-0038", "1-005d"], "the EEPROM is no touch controller")
        #expect(all[0].driver == "edt_ft5x06")
        #expect(all[1].module == "goodix_ts")
        #expect(all[1].driver == nil)
        #expect(I2CController.driverName(of: "goodix_ts", in: files) == "Goodix-TS")
        let s = Subject(name: "GDIX1001:00 (I2C 1-005d)", node: nil)
        let m = KernelModule.read("goodix_ts", release: "r", in: files)
        let failed = DriverLink.check(all[1], module: m, driverName: "Goodix-TS", as: s)
        #expect(!failed.ok)
        #expect(failed.fix?.hasPrefix("echo 1-005d | sudo tee /sys/bus/i2c/drivers/Goodix-TS/bind") == true)
        var unloaded = m
        unloaded.loaded = false
        #expect(DriverLink.check(all[1], module: unloaded, driverName: nil, as: s).fix == "sudo modprobe goodix-ts")
        #expect(DriverLink.check(all[0], module: m, driverName: nil, as: s).ok)
    }
}

extension HIDReadingTests {
    @Test func aResetReauthorisesAUSBDeviceOrRebindsTheDriver() throws {
        let usb = try #require(USBReauthorisation.plan(node: "/dev/input/event3", in: tree))
        #expect(usb.path == "/sys/bus/usb/devices/1-2/authorized")
        #expect(usb.action == "re-authorised USB device 1-2")
        #expect(usb.key == "0003:0EEF:7224.0001")
        #expect(USBReauthorisation.plan(node: "/dev/input/event5", in: tree) == nil, "I2C HID has no USB device")
        let input = "/sys/devices/platform/i2c-0/0-0596/0018:0596:0506.0002/input/input8/event5"
        let i2cHID = RecordedFiles(
            """
            \(input)/device/device -> ../../../0018:0596:0506.0002
            \(input)/device/device/driver -> ../../../../../bus/hid/drivers/hid-multitouch
            \(input)/device/device/subsystem -> ../../../../../bus/hid
            """)
        let rebind = try #require(DriverRebind.plan(inputSyspath: input, link: i2cHID.link))
        #expect(
            rebind.writes == [
                .init(path: "/sys/bus/hid/drivers/hid-multitouch/unbind", value: "0018:0596:0506.0002"),
                .init(path: "/sys/bus/hid/drivers/hid-multitouch/bind", value: "0018:0596:0506.0002"),
            ])
        #expect(rebind.action == "re-bound 0018:0596:0506.0002 to hid-multitouch")
        let goodix = "/sys/devices/platform/i2c-1/1-005d/input/input3/event2"
        let i2c = RecordedFiles(
            """
            \(goodix)/device/device -> ../../../1-005d
            \(goodix)/device/device/driver -> ../../../../bus/i2c/drivers/Goodix-TS
            \(goodix)/device/device/subsystem -> ../../../../bus/i2c
            """)
        #expect(DriverRebind.plan(inputSyspath: goodix, link: i2c.link)?.action == "re-bound i2c 1-005d to Goodix-TS")
        #expect(DriverRebind.plan(inputSyspath: "/sys/devices/virtual/input/input9/event9", link: i2c.link) == nil)
    }
}
