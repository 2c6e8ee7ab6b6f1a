import Evdev
import Foundation
import Glibc
import InputEvents
import Testing

@Suite("Discovery with libudev", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason), .serialized)
struct DiscoveryTests {
    @Test func multitouchPanelIsATouchscreenWithItsSize() throws {
        let (device, record) = try createDevice(VirtualDevices.multitouch())
        let info = try #require(record)
        #expect(info.isInitialized)
        #expect(info.isTouchscreen)
        #expect(info.name == "TB Test MT Panel")
        // udev's input_id divides the axis range by its resolution: 4095/16 and 2303/16.
        #expect(info.widthMM == 255)
        #expect(info.heightMM == 143)
        #expect(try DeviceDiscovery().touchscreens().map(\.devnode).contains(device.devnode))
    }

    @Test func resistivePanelWithoutResolutionHasNoSize() throws {
        let (_, record) = try createDevice(VirtualDevices.singleTouch())
        let info = try #require(record)
        #expect(info.isTouchscreen)
        #expect(info.widthMM == nil)
        #expect(info.calibration == nil)
    }

    @Test func calibrationMatrixIsReadFromUdev() throws {
        // A udev rule, as an integrator would install one, sets the matrix for this panel.
        let rules = "/run/udev/rules.d"
        try FileManager.default.createDirectory(atPath: rules, withIntermediateDirectories: true)
        let rule = "\(rules)/99-touchbridge-test.rules"
        try #"SUBSYSTEM=="input", KERNEL=="event*", ATTRS{name}=="TB Calibrated Panel", ENV{LIBINPUT_CALIBRATION_MATRIX}="0 -1 1 1 0 0""#
            .write(toFile: rule, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: rule) }
        let reload = try Spawned("/bin/udevadm", ["control", "--reload-rules"])
        #expect(reload.wait() == 0)
        let (device, record) = try createDevice(VirtualDevices.multitouch(name: "TB Calibrated Panel"))
        let info = try #require(record)
        // What udev broadcast is also what discovery reads back from its database.
        #expect(try DeviceDiscovery().device(devnode: device.devnode)?.calibration == [0, -1, 1, 1, 0, 0])
        #expect(info.calibrationText == "0 -1 1 1 0 0")
        #expect(info.calibration == [0, -1, 1, 1, 0, 0])
    }

    @Test func hotplugMonitorSeesAddAndRemove() throws {
        let monitor = try HotplugMonitor()
        var device: UInputDevice? = try UInputDevice(VirtualDevices.protocolA())
        let node = device!.devnode
        let syspath = device!.syspath + "/"
        func nextChange(for node: String) -> HotplugMonitor.Change? {
            let deadline = Date().addingTimeInterval(5)
            while Date() < deadline {
                _ = waitReadable([monitor.fd], timeoutMs: 200)
                while let change = monitor.next() {
                    // Nodes are reused: match this device's sysfs path, not just its node.
                    if change.device.devnode == node && change.device.syspath.hasPrefix(syspath) { return change }
                }
            }
            return nil
        }
        let added = try #require(nextChange(for: node))
        #expect(added.action == .added)
        #expect(added.device.isTouchscreen)
        device = nil
        let removed = try #require(nextChange(for: node))
        #expect(removed.action == .removed)
    }
}
