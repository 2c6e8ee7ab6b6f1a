import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing

/// `doctor` on faults made real in the VM: each must mark the right link broken, name the
/// device, and give a fix that works when run; a healthy panel holds every link.
@Suite(
    "doctor on real faults", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason),
    .enabled(if: UHIDPanel.available, "needs a writable /dev/uhid (the test VM has one)"), .serialized)
struct DoctorLiveTests {
    /// A panel of the examples (kiosk.evemu's), made through uinput, 325x203 mm: the size of
    /// the device tests' first display (1280x800 at 100 dpi), so `screens` matches it there.
    static func uinputPanel(widthMM: Int32 = 325, heightMM: Int32 = 203) throws -> UInputDevice {
        let text = try String(contentsOfFile: repositoryDirectory + "/examples/src/kiosk.evemu", encoding: .utf8)
        var d = try EvemuParser(file: "kiosk").parse(text).description
        for (code, mm) in [
            (Kernel.ABS_X, widthMM), (Kernel.ABS_MT_POSITION_X, widthMM), (Kernel.ABS_Y, heightMM),
            (Kernel.ABS_MT_POSITION_Y, heightMM),
        ] {
            guard var a = d.absInfo[code] else { continue }
            a.maximum = a.minimum + mm * a.resolution - 1
            d.absInfo[code] = a
        }
        return try createDevice(d).0
    }

    /// doctor's checks as JSON objects, with its exit status.
    static func doctor(_ arguments: [String], as user: [String] = []) throws -> (
        checks: [[String: Any]], status: Int32?, errors: String
    ) {
        let p =
            user.isEmpty
            ? try Spawned(touchbridgeExecutable, ["doctor", "--json"] + arguments)
            : try Spawned(user[0], Array(user.dropFirst()) + [OtherUsers.touchbridge, "doctor", "--json"] + arguments)
        let status = p.wait(timeout: 60)
        let root = try? JSONSerialization.jsonObject(with: Data(p.output.utf8)) as? [String: Any]
        return (root?["checks"] as? [[String: Any]] ?? [], status, p.errors + p.output)
    }

    /// The check of `link` for the device whose name contains `name` (any device's when nil).
    static func check(_ checks: [[String: Any]], _ link: String, of name: String? = nil) -> [String: Any]? {
        checks.first { c in
            c["link"] as? String == link && name.map { (c["subject"] as? String ?? "").contains($0) } ?? true
        }
    }

    /// Runs a fix as root types it (the VM has no sudo; doctor as root leaves it out).
    static func run(_ fix: String) -> Int32? {
        let p = try? Spawned("/bin/sh", ["-c", fix])
        return p?.wait(timeout: 60)
    }

    @Test func aHealthyPanelHoldsEveryLinkAndExitsZero() throws {
        let panel = try Self.uinputPanel()
        let r = try Self.doctor([panel.devnode])
        #expect(r.status == 0, "\(r.errors)")
        let links = r.checks.compactMap { $0["link"] as? String }
        #expect(
            links == ["driver", "kernel", "node", "access", "grab", "display", "compositor", "service"], "\(links)")
        for c in r.checks {
            #expect(c["ok"] as? Bool == true, "\(c)")
            #expect(c["node"] as? String == panel.devnode, "\(c)")
            #expect(c["problem"] is NSNull, "\(c)")
        }
    }

    @Test func anExclusiveGrabIsNamedWithItsProcessAndTheFixReleasesIt() throws {
        let panel = try Self.uinputPanel()
        let evtest = try Spawned(try #require(tool("evtest"), "evtest is not installed"), ["--grab", panel.devnode])
        #expect(evtest.waitFor("Testing ..."), "\(evtest.output)")
        let r = try Self.doctor([panel.devnode])
        #expect(r.status == 1, "\(r.errors)")
        let grab = try #require(Self.check(r.checks, "grab"), "\(r.checks)")
        #expect(grab["ok"] as? Bool == false, "\(grab)")
        #expect((grab["found"] as? String ?? "").contains("\(evtest.pid) ("), "\(grab)")
        #expect((grab["found"] as? String ?? "").contains("evtest"), "\(grab)")
        let fix = try #require(grab["fix"] as? String)
        #expect(Self.run(fix) == 0, "\(fix)")
        #expect(evtest.wait(timeout: 10) != nil, "the fix ended the grabbing program")
        let after = try Self.doctor([panel.devnode])
        #expect(after.status == 0, "\(after.checks)")
    }
}

extension DoctorLiveTests {
    @Test func aNodeTheUserCannotReadIsNamedAndTheFixLetsThemRead() throws {
        let panel = try Self.uinputPanel()
        let setpriv = try #require(tool("setpriv"), "util-linux's setpriv runs doctor as another user")
        let nobody = [setpriv, "--reuid=65534", "--regid=65534", "--init-groups"]
        defer { _ = Self.run("gpasswd -d nobody input") }
        let r = try Self.doctor([panel.devnode], as: nobody)
        #expect(r.status == 1, "\(r.errors)")
        let access = try #require(Self.check(r.checks, "access"), "\(r.checks)")
        #expect(access["ok"] as? Bool == false, "\(access)")
        #expect((access["problem"] as? String ?? "").contains("You (nobody) cannot read \(panel.devnode)"), "\(access)")
        let fix = try #require(access["fix"] as? String)
        #expect(fix.contains("nobody"), "\(fix)")
        // Said for nobody, who has sudo on a real machine; the VM's root has none and needs none.
        #expect(Self.run(fix.replacingOccurrences(of: "sudo ", with: "")) == 0, "\(fix)")
        let after = try Self.doctor([panel.devnode], as: nobody)
        #expect(after.status == 0, "\(after.errors)")
        #expect(Self.check(after.checks, "access")?["ok"] as? Bool == true, "\(after.checks)")
    }

    @Test func listeningTellsAPanelThatDeliversFromOneThatDoesNot() throws {
        let panel = try Self.uinputPanel()
        let quiet = try Self.doctor(["--listen", "1", panel.devnode])
        #expect(quiet.status == 1, "\(quiet.errors)")
        let silent = try #require(Self.check(quiet.checks, "events"), "\(quiet.checks)")
        #expect(silent["ok"] as? Bool == false, "\(silent)")
        #expect((silent["found"] as? String ?? "").contains("no events"), "\(silent)")
        // A uinput panel has no controller to reset: the fix names the program behind it instead.
        #expect(!(silent["fix"] as? String ?? "").contains("--reset"), "\(silent)")
        #expect((silent["fix"] as? String ?? "").contains("virtual device"), "\(silent)")

        let p = try Spawned(touchbridgeExecutable, ["doctor", "--json", "--listen", "3", panel.devnode])
        #expect(eventually { p.errors.contains("listening") }, "\(p.errors)")
        for i in 0..<20 {
            try panel.frame([
                (Kernel.EV_ABS, Kernel.ABS_MT_SLOT, 0), (Kernel.EV_ABS, Kernel.ABS_MT_TRACKING_ID, i == 19 ? -1 : 1),
                (Kernel.EV_ABS, Kernel.ABS_MT_POSITION_X, Int32(1000 + 50 * i)),
                (Kernel.EV_ABS, Kernel.ABS_MT_POSITION_Y, 2000),
            ])
        }
        #expect(p.wait(timeout: 30) == 0, "\(p.output)\n\(p.errors)")
        let root = try? JSONSerialization.jsonObject(with: Data(p.output.utf8)) as? [String: Any]
        let heard = try #require(Self.check(root?["checks"] as? [[String: Any]] ?? [], "events"), "\(p.output)")
        #expect(heard["ok"] as? Bool == true, "\(heard)")
        #expect((heard["found"] as? String ?? "").contains("20 frames"), "\(heard)")
    }
}

extension DoctorLiveTests {
    /// Among several displays, a panel of a size none has is on no display doctor can tell;
    /// the rule it gives pins it.
    @Test(
        .enabled(
            if: ProcessInfo.processInfo.environment["TOUCHBRIDGE_VM_DISPLAYS"]?.contains(",") == true,
            "needs several virtual displays (the test VM's TOUCHBRIDGE_VM_DISPLAYS)"))
    func aPanelOnNoDisplayThatCanBeToldIsPinnedByTheRuleGiven() throws {
        let panel = try Self.uinputPanel(widthMM: 150, heightMM: 150)
        defer { _ = Self.run("rm -f /etc/udev/rules.d/69-touchbridge-output.rules && udevadm control --reload") }
        let r = try Self.doctor([panel.devnode])
        #expect(r.status == 1, "\(r.errors)")
        let display = try #require(Self.check(r.checks, "display"), "\(r.checks)")
        #expect(display["ok"] as? Bool == false, "\(display)")
        #expect((display["found"] as? String ?? "").hasPrefix("none of Virtual-1, Virtual-2, Virtual-3"), "\(display)")
        let fix = try #require(display["fix"] as? String)
        #expect(Self.run(fix) == 0, "\(fix)")
        let after = try Self.doctor([panel.devnode])
        let pinned = try #require(Self.check(after.checks, "display"), "\(after.checks)")
        #expect(pinned["ok"] as? Bool == true, "\(pinned)")
        #expect((pinned["found"] as? String ?? "").hasPrefix("Virtual-1 ("), "\(pinned)")
        #expect(after.status == 0, "\(after.errors)")
    }
}

extension DoctorLiveTests {
    /// A rule that puts the panel on another seat (as `loginctl attach` writes one): the node's
    /// link is broken, and the rule doctor gives brings it back to seat0.
    @Test func aPanelOnAnotherSeatIsBroughtBackBySeatZerosRule() throws {
        let rule = "/etc/udev/rules.d/98-tb-test-seat.rules"
        try "SUBSYSTEM==\"input\", KERNEL==\"event*\", ENV{ID_SEAT}=\"seat1\"\n".write(
            toFile: rule, atomically: true, encoding: .utf8)
        defer {
            unlink(rule)
            _ = Self.run("rm -f /etc/udev/rules.d/99-touchbridge-seat.rules && udevadm control --reload")
        }
        #expect(Self.run("udevadm control --reload") == 0)
        let panel = try Self.uinputPanel()
        let r = try Self.doctor([panel.devnode])
        let node = try #require(Self.check(r.checks, "node"), "\(r.checks)")
        #expect(node["ok"] as? Bool == false, "\(node)")
        #expect((node["problem"] as? String ?? "").hasPrefix("It is on seat1, not seat0"), "\(node)")
        let fix = try #require(node["fix"] as? String)
        #expect(Self.run(fix) == 0, "\(fix)")
        let after = try Self.doctor([panel.devnode])
        #expect(Self.check(after.checks, "node")?["ok"] as? Bool == true, "\(after.checks)")
    }
}
