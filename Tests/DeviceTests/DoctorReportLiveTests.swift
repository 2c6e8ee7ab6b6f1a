import Foundation
import Glibc
import ProgramTestSupport
import Testing

/// `doctor --report` on a real panel re-created through uhid, touched while it listens: the
/// archive `tar` extracts holds doctor's findings, the device's description, udev properties
/// and decoded descriptor, and the touch recorded at both levels; `report show` reads it back.
@Suite(
    "doctor's bug report", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason),
    .enabled(if: UHIDPanel.available, "needs a writable /dev/uhid (the test VM has one)"), .serialized)
struct DoctorReportLiveTests {
    static func show(_ arguments: [String]) throws -> (status: Int32?, output: String, errors: String) {
        let p = try Spawned(touchbridgeExecutable, ["report", "show"] + arguments)
        let status = p.wait(timeout: 30)
        return (status, p.output, p.errors)
    }

    @Test func aReportHoldsTheChainAndATouchAtBothLevels() throws {
        let panel = try UHIDPanel("eGalax capacitive 0eef:7224")
        let event = String(panel.node.split(separator: "/").last ?? "")
        let hidraw = String(try HIDRecordLiveTests.hidraw(of: panel.node).split(separator: "/").last ?? "")
        let file = testTemporaryDirectory + "/report.tar"
        let doctor = try Spawned(touchbridgeExecutable, ["doctor", "--report", file, "--listen", "4", panel.node])
        #expect(eventually { doctor.errors.contains("touch each panel now") }, "\(doctor.errors)")
        #expect(
            doctor.errors.contains("the host name and other devices' serial numbers are masked"),
            "said what it holds before: \(doctor.errors)")
        Thread.sleep(forTimeInterval: 1)
        try panel.play("tap")
        #expect(doctor.wait(timeout: 120) == 0, "\(doctor.errors)")
        #expect(doctor.errors.contains("wrote \(file)"), "\(doctor.errors)")

        let shown = try Self.show([file])
        #expect(shown.status == 0, "\(shown.errors)")
        for name in [
            "README", "doctor.json", "doctor.txt", "list.txt", "screens.json", "versions.txt", "kernel.txt",
            "devices/\(event)/description.evemu", "devices/\(event)/udev.txt", "devices/\(event)/events.evemu",
            "devices/\(hidraw)/descriptor.txt", "devices/\(hidraw)/events.hid",
        ] {
            #expect(shown.output.contains("\n  \(name)  "), "\(name) in \(shown.output)")
        }
        #expect(shown.output.contains("Doctor's findings:\n\(panel.node)  touchbridge uhid eGalax"), "\(shown.output)")

        // tar itself extracts it, and each part says what it should.
        let dir = testTemporaryDirectory + "/report"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        #expect(DoctorLiveTests.run("tar -xf \(file) -C \(dir)") == 0)
        let part = { (name: String) in
            (try? String(contentsOfFile: "\(dir)/touchbridge-report/\(name)", encoding: .utf8)) ?? ""
        }
        let checks = try JSONSerialization.jsonObject(with: Data(part("doctor.json").utf8)) as? [String: Any]
        #expect((checks?["checks"] as? [Any])?.isEmpty == false, "\(part("doctor.json"))")
        #expect(part("devices/\(event)/description.evemu").hasPrefix("# EVEMU 1.3"))
        #expect(part("devices/\(event)/udev.txt").contains("ID_INPUT_TOUCHSCREEN=1"))
        #expect(part("devices/\(hidraw)/descriptor.txt").contains("Usage (Contact Identifier)"))
        #expect(part("devices/\(hidraw)/descriptor.txt").contains("filed as multitouch, hid-multitouch drives it"))
        #expect(part("devices/\(event)/events.evemu").contains("/ ABS_MT_POSITION_X"), "the tap at the evdev level")
        #expect(part("devices/\(hidraw)/events.hid").contains("\nE: "), "the tap at the HID level")
        #expect(part("versions.txt").hasPrefix("touchbridge "))
        #expect(part("versions.txt").contains("\nkernel "))
        #expect(!part("versions.txt").contains(ProcessInfo.processInfo.hostName), "no host name")

        let one = try Self.show([file, "devices/\(hidraw)/descriptor.txt"])
        #expect(one.output == part("devices/\(hidraw)/descriptor.txt"))
        let none = try Self.show([file, "devices/nothing"])
        #expect(none.status == 66, "\(none.errors)")
    }

    /// Lines the kernel's log holds on a Raspberry Pi and on any networked kiosk: the report's
    /// kernel.txt keeps the panel's chain and the input lines, with every address, the host
    /// name and other devices' serial numbers masked or left out.
    @Test func theKernelLinesHoldThePanelsChainAndNothingOfTheMachine() throws {
        let panel = try UHIDPanel("eGalax capacitive 0eef:7224")
        let planted = [
            "usb 3-1: SerialNumber: OTHERSERIAL42",
            "smsc95xx 1-1.1:1.0 eth0: register 'smsc95xx' at usb-3f980000.usb-1.1, smsc95xx USB 2.0 Ethernet, b8:27:eb:12:34:56",
            "systemd[1]: Hostname set to <kiosk-lobby-3>.",
            "input: Planted Keyboard as /devices/virtual/input/input99 serial=KBD-SECRET on 10.1.2.3 fe80::ba27:ebff:fe12:3456",
        ]
        let kmsg = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/kmsg"))
        for line in planted { kmsg.write(Data((line + "\n").utf8)) }
        try kmsg.close()
        let file = testTemporaryDirectory + "/kernel-report.tar"
        let doctor = try Spawned(touchbridgeExecutable, ["doctor", "--report", file, panel.node])
        #expect(doctor.wait(timeout: 120) != nil, "\(doctor.errors)")
        #expect(doctor.errors.contains("wrote \(file)"), "\(doctor.errors)")
        let kernel = try Self.show([file, "kernel.txt"])
        #expect(kernel.status == 0, "\(kernel.errors)")
        for secret in ["OTHERSERIAL42", "b8:27:eb", "kiosk-lobby", "KBD-SECRET", "10.1.2.3", "fe80::"] {
            #expect(!kernel.output.contains(secret), "\(secret) in \(kernel.output)")
        }
        #expect(kernel.output.contains("input: Planted Keyboard as /devices/virtual/input/input99 serial=<serial>"))
        #expect(kernel.output.contains("0EEF:7224"), "the panel's own HID lines: \(kernel.output)")
        #expect(
            doctor.errors.contains("MAC and IP addresses, the host name and other devices' serial numbers are masked"))
    }
}
