import Evdev
import Foundation
import InputEvents
import ProgramTestSupport
import Testing

/// A touch controller in mouse mode as the kernel presents it (absolute positions, BTN_LEFT
/// and BTN_RIGHT, no BTN_TOUCH, not direct: what udev calls a mouse), marked as a panel by
/// `--panel-device` or by a udev rule's TOUCHBRIDGE_PANEL=1, read by the daemon and the tools.
@Suite("Touch controllers in mouse mode", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason), .serialized)
struct MouseModeLiveTests {
    let k = Kernel.self

    func controller(_ name: String) -> DeviceDescription {
        let axis = AbsInfo(minimum: 0, maximum: 2047)
        return DeviceDescription(
            name: name, id: InputID(bustype: 3, vendor: 0x14e1, product: 0x6000, version: 1), properties: BitSet([]),
            codes: [k.EV_KEY: BitSet([k.BTN_LEFT, k.BTN_RIGHT]), k.EV_ABS: BitSet([k.ABS_X, k.ABS_Y])],
            absInfo: [k.ABS_X: axis, k.ABS_Y: axis])
    }

    /// A left-button tap a quarter of the way across and half way down.
    func tap(_ device: UInputDevice) throws {
        try device.frame([(k.EV_ABS, k.ABS_X, 512), (k.EV_ABS, k.ABS_Y, 1024), (k.EV_KEY, k.BTN_LEFT, 1)])
        try device.frame([(k.EV_KEY, k.BTN_LEFT, 0)])
    }

    @Test func panelDeviceMakesRunReadItsLeftButtonAsTheContact() throws {
        let (device, info) = try createDevice(controller("TB Mouse Mode Named"))
        #expect(info?.isTouchscreen == false, "udev does not call it a touchscreen: \(String(describing: info?.kinds))")
        let d = try Spawned(
            touchbridgeExecutable,
            ["run", "--json", "--screen", "800x480", "--panel-device", device.devnode, device.devnode])
        #expect(eventually(timeout: 20) { d.errors.contains(": reading ") }, "\(d.errors)")
        #expect(d.errors.contains("single touch, BTN_LEFT as the contact (mouse mode)"), "\(d.errors)")
        try tap(device)
        #expect(d.waitFor("touchesEnded"), "\(d.output)")
        #expect(d.stop() == 0)
        // 512 and 1024 of 0…2047, over the range 2048 as libinput normalises: (200, 240) of 800x480.
        #expect(d.output.contains(#""location":[200.0,240.0]"#), "\(d.output)")
    }

    @Test func aUdevRulesMarkMakesItAPanelForDiscoveryAndTheTools() throws {
        let rule = "/run/udev/rules.d/69-tb-mouse-mode.rules"
        try installUdevRule(
            rule,
            #"SUBSYSTEM=="input", KERNEL=="event*", ATTRS{name}=="TB Mouse Mode Marked", ENV{TOUCHBRIDGE_PANEL}="1"\#n"#
        )
        defer { try? installUdevRule(rule, nil) }
        let (device, info) = try createDevice(controller("TB Mouse Mode Marked"))
        #expect(info?.isMarkedPanel == true, "\(String(describing: info?.properties))")
        // The daemon finds it among the panels without being told.
        let d = try Spawned(touchbridgeExecutable, ["run", "--json", "--screen", "800x480"])
        #expect(eventually(timeout: 20) { d.errors.contains("\(device.devnode): reading ") }, "\(d.errors)")
        try tap(device)
        #expect(d.waitFor("touchesEnded"), "\(d.output)")
        #expect(d.stop() == 0)
        let t = try Spawned(touchbridgeExecutable, ["touches", "--json", "--screen", "800x480", device.devnode])
        #expect(eventually(timeout: 20) { t.errors.contains(": reading ") }, "\(t.errors)")
        try tap(device)
        #expect(eventually(timeout: 10) { t.output.contains(#""phase":"ended""#) }, "\(t.output)")
        #expect(t.stop() == 0)
    }

    @Test func unmarkedItIsNoPanel() throws {
        let (device, _) = try createDevice(controller("TB Mouse Mode Plain"))
        let t = try Spawned(touchbridgeExecutable, ["touches", device.devnode])
        #expect(t.wait(timeout: 30) != 0)
        #expect(t.errors.contains("mouse mode"), "\(t.errors)")
        #expect(t.errors.contains("TOUCHBRIDGE_PANEL=1"), "\(t.errors)")
    }
}
