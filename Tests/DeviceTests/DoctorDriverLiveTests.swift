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
    /// A real panel's descriptor that no driver takes (both HID drivers blacklisted and out of
    /// the kernel): no node at all, and a broken driver link naming hid-multitouch and why.
    @Test func aPanelNoDriverTakesIsABrokenDriverLinkNamingTheOneItNeeds() throws {
        try "blacklist hid_multitouch\nblacklist hid_generic\n".write(
            toFile: Self.blacklist, atomically: true, encoding: .utf8)
        defer {
            unlink(Self.blacklist)
            _ = DoctorLiveTests.run("modprobe hid-generic; modprobe hid-multitouch")
        }
        #expect(DoctorLiveTests.run("udevadm control --reload") == 0)
        #expect(DoctorLiveTests.run("rmmod hid_multitouch") == 0, "no device holds hid-multitouch")
        #expect(DoctorLiveTests.run("rmmod hid_generic") == 0, "no device holds hid-generic")
        let panel = try UHIDPanel(Self.panel, waitingForNode: false)
        #expect(eventually { Self.driver(of: Self.panel) == "none" }, "\(Self.driver(of: Self.panel) ?? "not there")")
        let r = try DoctorLiveTests.doctor([])
        #expect(r.status == 1, "\(r.errors)")
        let driver = try #require(DoctorLiveTests.check(r.checks, "driver", of: Self.panel), "\(r.checks)")
        #expect(driver["ok"] as? Bool == false, "\(driver)")
        #expect(driver["node"] is NSNull, "the kernel made no node: \(driver)")
        #expect((driver["found"] as? String ?? "").hasSuffix("no driver bound"), "\(driver)")
        let problem = driver["problem"] as? String ?? ""
        #expect(problem.contains("has no driver: hid-multitouch is blacklisted by \(Self.blacklist):1"), "\(problem)")
        #expect(DoctorLiveTests.check(r.checks, "device") == nil, "a device was found: \(r.checks)")
        withExtendedLifetime(panel) {}
    }

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
        // The fix as doctor gives it: the touchbridge program by its path (the VM's PATH has none).
        let fix = try #require(silent["fix"] as? String)
        #expect(fix.hasSuffix("touchbridge doctor --reset \(panel.node)"), "\(fix)")
        let reset = try Spawned("/bin/sh", ["-c", fix])
        #expect(reset.wait(timeout: 30) == 0, "\(reset.errors)")
        #expect(reset.errors.contains("re-bound"), "\(reset.errors)")
        let back = try #require(
            reset.errors.components(separatedBy: "it is back as ").last?.split(separator: "\n").first)
        #expect(back.hasPrefix("/dev/input/event"), "\(reset.errors)")
        let heard = try #require(try Self.listen(String(back), while: panel))
        #expect(heard["ok"] as? Bool == true, "\(heard)")
    }
}

extension DoctorDriverLiveTests {
    /// A Goodix controller declared on an I2C bus that cannot talk to it (i2c-stub's adapter
    /// does no plain I2C transfers): goodix_ts's probe fails as on a board with the wrong
    /// address or no power, and no input device appears.
    @Test func anI2CControllerWhoseProbeFailedIsNamedWithTheKernelsWords() throws {
        #expect(DoctorLiveTests.run("modprobe i2c-stub chip_addr=0x5d && modprobe goodix_ts") == 0)
        let adapter = try #require(
            ((try? FileManager.default.contentsOfDirectory(atPath: "/sys/bus/i2c/devices")) ?? []).first { a in
                (try? String(contentsOfFile: "/sys/bus/i2c/devices/\(a)/name", encoding: .utf8))?.hasPrefix(
                    "SMBus stub")
                    ?? false
            })
        let client = "\(adapter.dropFirst(4))-005d"
        #expect(DoctorLiveTests.run("echo GDIX1001:00 0x5d > /sys/bus/i2c/devices/\(adapter)/new_device") == 0)
        defer {
            _ = DoctorLiveTests.run(
                "echo 0x5d > /sys/bus/i2c/devices/\(adapter)/delete_device; rmmod goodix_ts i2c-stub")
        }
        let r = try DoctorLiveTests.doctor([])
        #expect(r.status == 1, "\(r.errors)")
        let driver = try #require(DoctorLiveTests.check(r.checks, "driver", of: "GDIX1001:00"), "\(r.checks)")
        #expect(driver["ok"] as? Bool == false, "\(driver)")
        #expect(driver["found"] as? String == "I2C \(client) (GDIX1001:00), no driver bound", "\(driver)")
        #expect((driver["problem"] as? String ?? "").contains("Goodix-TS is loaded but did not take it"), "\(driver)")
        #expect((driver["fix"] as? String ?? "").hasPrefix("echo \(client) | tee /sys/bus/i2c/drivers/Goodix-TS/bind"))
        let kernel = try #require(DoctorLiveTests.check(r.checks, "kernel", of: "GDIX1001:00"), "\(r.checks)")
        #expect(kernel["ok"] as? Bool == false, "\(kernel)")
        #expect(
            (kernel["found"] as? String ?? "").contains("Goodix-TS \(client): I2C check functionality failed"),
            "\(kernel)")
        #expect(kernel["node"] is NSNull)
    }
}

extension DoctorDriverLiveTests {
    /// `run --reset-on-wake`: the panel's display goes off (its DPMS, as a compositor sets it,
    /// with the card's change news a monitor's hotplug line would give: the kernel announces no
    /// DPMS), its controller stalls, the display comes back on: the daemon re-binds the silent
    /// panel, takes its new node through hotplug and its touches arrive again.
    @Test(
        .enabled(
            if: ProcessInfo.processInfo.environment["TOUCHBRIDGE_VM_DISPLAYS"] != nil,
            "needs the test VM's virtual displays (TOUCHBRIDGE_VM_DISPLAYS)"))
    func theDaemonResetsAPanelSilentSinceItsDisplayWentOff() throws {
        let news = "udevadm trigger --action=change --subsystem-match=drm --sysname-match=card0"
        let panel = try UHIDPanel(Self.panel)
        let run = try Spawned(
            touchbridgeExecutable, ["run", "--json", "--reset-on-wake", "--output", "Virtual-1", "--log-level", "info"])
        defer { _ = run.stop() }
        #expect(run.waitFor("\"deviceAdded\""), "\(run.errors)")
        try panel.play("tap")
        #expect(run.waitFor("\"phase\":\"ended\""), "the panel delivers: \(run.output)")
        // scripts/vm/dpms.py holds the display off until its input ends.
        let hold = try DisplayOff(card: "card0", connector: "Virtual-1")
        #expect(DoctorLiveTests.run(news) == 0)
        #expect(eventually { run.errors.contains("display Virtual-1 went off") }, "\(run.errors)")
        try panel.stall()
        let ended = run.output.components(separatedBy: "\"phase\":\"ended\"").count
        hold.release()
        #expect(DoctorLiveTests.run(news) == 0)
        #expect(eventually { run.errors.contains("silent since its display went off: re-bound") }, "\(run.errors)")
        #expect(eventually { run.output.components(separatedBy: "\"deviceAdded\"").count == 3 }, "\(run.output)")
        try panel.play("tap")
        #expect(
            eventually { run.output.components(separatedBy: "\"phase\":\"ended\"").count > ended },
            "touches arrive from the new node: \(run.errors)")
        #expect(run.isRunning)
    }
}
