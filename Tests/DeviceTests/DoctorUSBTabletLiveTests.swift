import Foundation
import ProgramTestSupport
import Testing

/// `doctor` in a VM whose only input device is QEMU's USB tablet (`scripts/vm/run
/// --usb-tablet`): an absolute pointer with buttons on a real USB bus and usbhid, exactly how a
/// PenMount, eGalax or IRTOUCH controller in mouse mode looks to the kernel.
@Suite(
    "doctor with QEMU's USB tablet",
    .enabled(
        if: ProcessInfo.processInfo.environment["TOUCHBRIDGE_VM_USB_TABLET"] == "1",
        "needs the VM with QEMU's USB tablet (make device-test runs it: scripts/vm/run --usb-tablet)"),
    .serialized)
struct DoctorUSBTabletLiveTests {
    static let name = "QEMU QEMU USB Tablet"

    @Test func theTabletIsNamedAPossibleControllerInMouseModeAndTheFixMarksItAPanel() throws {
        let r = try DoctorLiveTests.doctor([])
        #expect(r.status == 1, "\(r.errors)")
        #expect(DoctorLiveTests.check(r.checks, "device") == nil, "the tablet is a device: \(r.checks)")
        let node = try #require(DoctorLiveTests.check(r.checks, "node", of: Self.name), "\(r.checks)")
        #expect(node["ok"] as? Bool == false, "\(node)")
        #expect((node["found"] as? String ?? "").contains("(mouse)"), "udev calls it a mouse: \(node)")
        let problem = node["problem"] as? String ?? ""
        #expect(problem.contains("touch controller in mouse mode"), "\(problem)")
        #expect(problem.contains("touchbridge evtest /dev/input/event"), "\(problem)")
        let driver = try #require(DoctorLiveTests.check(r.checks, "driver", of: Self.name), "\(r.checks)")
        #expect(driver["ok"] as? Bool == true, "usbhid and hid-generic hold it: \(driver)")
        let fix = try #require(node["fix"] as? String)
        #expect(fix.contains(#"ENV{TOUCHBRIDGE_PANEL}="1""#), "\(fix)")
        #expect(DoctorLiveTests.run(fix) == 0, "\(fix)")
        defer {
            _ = DoctorLiveTests.run("rm -f /etc/udev/rules.d/69-touchbridge-panel.rules && udevadm control --reload")
        }
        let after = try DoctorLiveTests.doctor([])
        let marked = try #require(DoctorLiveTests.check(after.checks, "node", of: Self.name), "\(after.checks)")
        #expect(marked["ok"] as? Bool == true, "marked as a panel, the node link holds: \(marked)")
        #expect((marked["found"] as? String ?? "").contains("TOUCHBRIDGE_PANEL=1"), "\(marked)")
    }
}
