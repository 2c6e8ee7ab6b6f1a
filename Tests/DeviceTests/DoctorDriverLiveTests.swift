import Foundation
import Glibc
import ProgramTestSupport
import Testing

/// `doctor` on a multitouch controller left to hid-generic (hid-multitouch blacklisted and not
/// loaded), on USB and on I2C, and on a controller that stops reporting until re-bound.
@Suite(
    "doctor on drivers and stalled controllers", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason),
    .enabled(if: UHIDPanel.available, "needs a writable /dev/uhid (the test VM has one)"), .serialized)
struct DoctorDriverLiveTests {
    static let panel = "eGalax capacitive 0eef:7224"
    static let blacklist = "/etc/modprobe.d/tb-doctor-test.conf"

    /// The driver bound to the uhid device of `name`, from sysfs.
    static func driver(of name: String) -> String? {
        let bus = "/sys/bus/hid/devices"
        for id in (try? FileManager.default.contentsOfDirectory(atPath: bus)) ?? [] {
            let uevent = (try? String(contentsOfFile: "\(bus)/\(id)/uevent", encoding: .utf8)) ?? ""
            guard uevent.contains(name) else { continue }
            return (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(bus)/\(id)/driver"))
                .map { URL(fileURLWithPath: $0).lastPathComponent } ?? "none"
        }
        return nil
    }

    @Test func aUSBMultitouchControllerOnHidGenericIsNamedAndTheFixBindsHidMultitouch() throws {
        try onHidGeneric(bus: 0x03, busName: "USB")
    }

    @Test func anI2CMultitouchControllerOnHidGenericIsNamedAndTheFixBindsHidMultitouch() throws {
        try onHidGeneric(bus: 0x18, busName: "I2C")
    }

    func onHidGeneric(bus: Int, busName: String) throws {
        try "blacklist hid_multitouch\n".write(toFile: Self.blacklist, atomically: true, encoding: .utf8)
        defer {
            unlink(Self.blacklist)
            _ = DoctorLiveTests.run("modprobe hid-multitouch")
        }
        // udev loads a device's driver by its modalias, with modprobe's configuration as it last read it.
        #expect(DoctorLiveTests.run("udevadm control --reload") == 0)
        #expect(DoctorLiveTests.run("rmmod hid_multitouch") == 0, "no device holds hid-multitouch")
        let panel = try UHIDPanel(Self.panel, bus: bus, waitingForNode: false)
        #expect(eventually { Self.driver(of: Self.panel) == "hid-generic" }, "\(Self.driver(of: Self.panel) ?? "none")")
        let r = try DoctorLiveTests.doctor([])
        #expect(r.status == 1, "\(r.errors)")
        let driver = try #require(DoctorLiveTests.check(r.checks, "driver", of: Self.panel), "\(r.checks)")
        #expect(driver["ok"] as? Bool == false, "\(driver)")
        let found = driver["found"] as? String ?? ""
        #expect(found.hasPrefix(busName + " "), "\(driver)")
        #expect(found.contains("hid-generic"), "\(driver)")
        #expect((driver["problem"] as? String ?? "").contains("blacklisted by \(Self.blacklist):1"), "\(driver)")
        let fix = try #require(driver["fix"] as? String)
        #expect(DoctorLiveTests.run(fix) == 0, "\(fix)")
        #expect(eventually { Self.driver(of: Self.panel) == "hid-multitouch" }, "after \(fix)")
        let after = try DoctorLiveTests.doctor([])
        let fixed = try #require(DoctorLiveTests.check(after.checks, "driver", of: Self.panel), "\(after.checks)")
        #expect(fixed["ok"] as? Bool == true, "\(fixed)")
        withExtendedLifetime(panel) {}
    }
}

extension DoctorDriverLiveTests {
    /// doctor listening to `node` while `panel` plays a tap: its events check.
    static func listen(_ node: String, while panel: UHIDPanel) throws -> [String: Any]? {
        let p = try Spawned(touchbridgeExecutable, ["doctor", "--json", "--listen", "2", node])
        #expect(eventually { p.errors.contains("listening") }, "\(p.errors)")
        try panel.play("tap")
        _ = p.wait(timeout: 30)
        let root = try? JSONSerialization.jsonObject(with: Data(p.output.utf8)) as? [String: Any]
        return DoctorLiveTests.check(root?["checks"] as? [[String: Any]] ?? [], "events")
    }

    @Test func aControllerThatStoppedReportingIsSaidSilentAndResetBringsItBack() throws {
        let panel = try UHIDPanel(Self.panel)
        try panel.stall()
        let silent = try #require(try Self.listen(panel.node, while: panel))
        #expect(silent["ok"] as? Bool == false, "\(silent)")
        let fix = try #require(silent["fix"] as? String)
        #expect(fix == "touchbridge doctor --reset \(panel.node)", "\(fix)")
        let reset = try Spawned(touchbridgeExecutable, ["doctor", "--reset", panel.node])
        #expect(reset.wait(timeout: 30) == 0, "\(reset.errors)")
        #expect(reset.errors.contains("re-bound"), "\(reset.errors)")
        let back = try #require(
            reset.errors.components(separatedBy: "it is back as ").last?.split(separator: "\n").first)
        #expect(back.hasPrefix("/dev/input/event"), "\(reset.errors)")
        let heard = try #require(try Self.listen(String(back), while: panel))
        #expect(heard["ok"] as? Bool == true, "\(heard)")
    }
}
