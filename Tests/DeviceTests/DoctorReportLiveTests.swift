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
        #expect(doctor.errors.contains("no host name"), "said what it holds before: \(doctor.errors)")
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
}
