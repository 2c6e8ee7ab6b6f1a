import Evdev
import Foundation
import InputEvents
import ProgramTestSupport
import Testing

/// `doctor` where the kernel made no touch device: a machine with none says so as a broken
/// `device` link, and an absolute pointer with buttons (a touch controller in mouse mode, as
/// QEMU's USB tablet or a PenMount left a mouse looks) is named with the fix that marks it a panel.
@Suite("doctor below the input node", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason), .serialized)
struct DoctorBelowNodeLiveTests {
    /// Absolute X and Y with left and right buttons, no BTN_TOUCH, on USB: a controller in mouse mode.
    static func mouseModeController(_ name: String) throws -> UInputDevice {
        let k = Kernel.self
        let axis = AbsInfo(minimum: 0, maximum: 32767)
        return try createDevice(
            DeviceDescription(
                name: name, id: InputID(bustype: 3, vendor: 0x0627, product: 0x0001, version: 1),
                properties: BitSet([]),
                codes: [
                    k.EV_KEY: BitSet([k.BTN_LEFT, k.BTN_RIGHT, k.BTN_MIDDLE]), k.EV_ABS: BitSet([k.ABS_X, k.ABS_Y]),
                ],
                absInfo: [k.ABS_X: axis, k.ABS_Y: axis])
        ).0
    }

    @Test func withNoTouchDeviceTheDeviceLinkIsBrokenAndSaysWhatWasLookedAt() throws {
        let r = try DoctorLiveTests.doctor([])
        #expect(r.status == 1, "\(r.errors)")
        #expect(r.checks.count == 1, "\(r.checks)")
        let device = try #require(DoctorLiveTests.check(r.checks, "device"), "\(r.checks)")
        #expect(device["ok"] as? Bool == false, "\(device)")
        #expect(device["node"] is NSNull, "\(device)")
        #expect(device["subject"] as? String == "this machine", "\(device)")
        let found = device["found"] as? String ?? ""
        #expect(found.contains("no touchscreen, pen, HID digitizer or I2C touch controller"), "\(found)")
        #expect(found.contains("USB device"), "\(found)")
        #expect(found.contains("modules: usbhid"), "\(found)")
        #expect(!(device["problem"] as? String ?? "").isEmpty, "\(device)")
        #expect(!(device["fix"] as? String ?? "").isEmpty, "\(device)")
        let text = try Spawned(touchbridgeExecutable, ["doctor"])
        #expect(text.wait(timeout: 60) == 1, "\(text.errors)")
        #expect(text.output.contains("this machine\n  ✗ device"), "\(text.output)")
        #expect(text.output.hasSuffix("1 broken link\n"), "\(text.output)")
    }

    @Test func anAbsolutePointerWithButtonsIsNamedAPossibleControllerInMouseMode() throws {
        let controller = try Self.mouseModeController("TB QEMU-like Tablet")
        let r = try DoctorLiveTests.doctor([])
        #expect(r.status == 1, "\(r.errors)")
        let node = try #require(DoctorLiveTests.check(r.checks, "node", of: "TB QEMU-like Tablet"), "\(r.checks)")
        #expect(node["node"] as? String == controller.devnode, "\(node)")
        #expect(node["ok"] as? Bool == false, "\(node)")
        let problem = node["problem"] as? String ?? ""
        #expect(problem.contains("touch controller in mouse mode"), "\(problem)")
        #expect(problem.contains("touchbridge evtest \(controller.devnode)"), "\(problem)")
        let fix = try #require(node["fix"] as? String)
        #expect(fix.contains(#"ENV{TOUCHBRIDGE_PANEL}="1""#), "\(fix)")
        #expect(DoctorLiveTests.check(r.checks, "device") == nil, "a device was found: \(r.checks)")
    }
}
