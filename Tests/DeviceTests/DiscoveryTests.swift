import Discovery
import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Runtime
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
        let rule = "/run/udev/rules.d/99-touchbridge-test.rules"
        try installUdevRule(
            rule,
            #"SUBSYSTEM=="input", KERNEL=="event*", ATTRS{name}=="TB Calibrated Panel", ENV{LIBINPUT_CALIBRATION_MATRIX}="0 -1 1 1 0 0""#
        )
        defer { try? installUdevRule(rule, nil) }
        let (device, record) = try createDevice(VirtualDevices.multitouch(name: "TB Calibrated Panel"))
        let info = try #require(record)
        // What udev broadcast is also what discovery reads back from its database.
        #expect(try DeviceDiscovery().device(devnode: device.devnode)?.calibration == [0, -1, 1, 1, 0, 0])
        #expect(info.calibrationText == "0 -1 1 1 0 0")
        #expect(info.calibration == [0, -1, 1, 1, 0, 0])
    }

    @Test func projectUdevRuleGivesTheTouchbridgeGroupAccess() throws {
        // The shipped rule, installed as an integrator would, with its group.
        let rule = projectUdevRulePath
        if getgrnam("touchbridge") == nil {
            #expect(try Spawned("/usr/sbin/groupadd", ["--system", "touchbridge"]).wait() == 0)
        }
        let installed = "/run/udev/rules.d/70-touchbridge.rules"
        try installUdevRule(installed, try String(contentsOfFile: rule, encoding: .utf8))
        defer { try? installUdevRule(installed, nil) }
        let (touch, _) = try createDevice(VirtualDevices.singleTouch())
        var st = stat()
        #expect(stat(touch.devnode, &st) == 0)
        // Read access for the group as an ACL entry; the node keeps udev's group ('input') and mode.
        #expect(
            try aclEntries(touch.devnode).contains("group:touchbridge:r--"),
            "touchscreens grant the touchbridge group read access")
        #expect(
            st.st_gid == getgrnam("input")?.pointee.gr_gid,
            "owner, group and mode stay udev's")
        #expect(
            st.st_mode & 0o777 == 0o660,
            "owner, group and mode stay udev's")
        // A device that is not a touchscreen keeps udev's default ('input') and gets no entry.
        var keys = VirtualDevices.singleTouch(name: "TB Test Keys")
        keys.properties = BitSet()
        keys.codes = [Kernel.EV_KEY: BitSet([0x1e, 0x1f, 0x20])]
        keys.absInfo = [:]
        let (other, _) = try createDevice(keys)
        #expect(stat(other.devnode, &st) == 0)
        #expect(st.st_gid != getgrnam("touchbridge")?.pointee.gr_gid)
        #expect(try !aclEntries(other.devnode).contains { $0.contains("touchbridge") })
        // A touchscreen that is also a keyboard (keys 1 to 31, as udev's input_id tells a
        // keyboard): never granted, whatever else it claims.
        var combined = VirtualDevices.singleTouch(name: "TB Test Touch Keyboard")
        for key in UInt16(1)...31 { combined.codes[Kernel.EV_KEY, default: BitSet()].insert(key) }
        let (both, record) = try createDevice(combined)
        #expect(record?.isTouchscreen == true, "\(String(describing: record?.kinds))")
        #expect(record?.kinds.contains("keyboard") == true, "\(String(describing: record?.kinds))")
        #expect(try !aclEntries(both.devnode).contains { $0.contains("touchbridge") })
    }

    /// A node's ACL entries, as getfacl prints them.
    func aclEntries(_ node: String) throws -> [String] {
        let p = try Spawned("/usr/bin/getfacl", ["-cp", node])
        #expect(p.wait(timeout: 10) == 0, "\(p.errors)")
        return p.output.split(separator: "\n").map(String.init)
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

    @Test func listAsAUserWhoMayNotOpenThePanelListsItFromUdevAndSaysWhoGrantsAccess() throws {
        let setpriv = try #require(tool("setpriv"), "util-linux's setpriv runs list as another user")
        let (device, _) = try createDevice(VirtualDevices.multitouch(name: "TB Test Unreadable Panel"))
        let list = try Spawned(
            setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", OtherUsers.touchbridge, "list"])
        #expect(list.wait(timeout: 20) == 0, "a device it may not open is no failure: \(list.errors)")
        let row = try #require(
            list.output.split(separator: "\n").first { $0.hasPrefix(device.devnode + " ") }, "\(list.output)")
        #expect(row.contains("TB Test Unreadable Panel"), "named from udev's record: \(row)")
        #expect(list.errors.contains("some devices could not be opened"), "\(list.errors)")
        #expect(list.errors.contains("'input' group"), "says which group grants access: \(list.errors)")
    }
}
