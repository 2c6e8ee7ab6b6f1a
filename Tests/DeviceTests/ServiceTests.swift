import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing

/// The kiosk service on uinput panels: several panels with their own mappings, unplug and
/// re-plug, panels arriving after start, scene reloads, sd_notify, the state report, sleep.
@Suite("The kiosk service on uinput panels", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason), .serialized)
struct ServiceTests {
    let k = Kernel.self

    func scene(_ json: String) throws -> String {
        let path = NSTemporaryDirectory() + "tb-scene-\(UUID().uuidString).json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A finger down at device units (x, y) in `slot` with tracking id `id`.
    func down(_ d: UInputDevice, slot: Int32 = 0, id: Int32, _ x: Int32, _ y: Int32) throws {
        try d.frame([
            (k.EV_ABS, k.ABS_MT_SLOT, slot), (k.EV_ABS, k.ABS_MT_TRACKING_ID, id), (k.EV_ABS, k.ABS_MT_POSITION_X, x),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, y), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
    }

    func up(_ d: UInputDevice, slot: Int32 = 0) throws {
        try d.frame([(k.EV_ABS, k.ABS_MT_SLOT, slot), (k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0)])
    }

    /// The JSON objects of the touch calls.
    func touchCalls(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        .filter { ($0["event"] as? String)?.hasPrefix("touches") == true }
    }

    @Test func twoPanelsWithTheirOwnMappingsTouchedAtOnce() throws {
        // 4096×2304-unit panels: A is the left 800×480 screen, B the right one, turned 90°.
        let (a, _) = try createDevice(VirtualDevices.multitouch(name: "TB Left Panel"))
        let (b, _) = try createDevice(VirtualDevices.multitouch(name: "TB Right Panel"))
        let d = try Spawned(
            touchbridgeExecutable,
            [
                "run", "--json", "--panel", "\(a.devnode)=0,0,800,480",
                "--panel", "TB Right Panel=800,0,480,800@90", a.devnode, b.devnode,
            ])
        #expect(
            eventually { d.errors.components(separatedBy: ": reading ").count == 3 }, "both panels read: \(d.errors)")
        try down(a, id: 1, 2048, 1152)  // the middle of A
        try down(b, id: 1, 1024, 1152)  // a quarter across, half down B
        #expect(d.waitFor("screen2"))
        try up(a)
        try up(b)
        #expect(d.waitFor(#""touchesEnded","responder":"screen2""#))
        #expect(d.stop() == 0)
        let began = touchCalls(d.output).filter { $0["event"] as? String == "touchesBegan" }
        let byView = Dictionary(
            uniqueKeysWithValues: began.map { ($0["responder"] as! String, ($0["touches"] as! [[String: Any]])[0]) })
        // The default scene has a window per screen rectangle: Window (0,0) and Window2 (800,0).
        #expect(byView["screen"]?["window"] as? [Double] == [400.0, 240.0], "\(d.output)")
        // B turned 90°: (1 - 0.5) × 480 across, 0.25 × 800 down, in Window2's coordinates.
        #expect(byView["screen2"]?["window"] as? [Double] == [240.0, 200.0], "\(d.output)")
        #expect((byView["screen"]?["device"] as? String) == a.devnode)
        #expect((byView["screen2"]?["device"] as? String) == b.devnode)
    }

    @Test func mappingFilterAndMasksFromUdevProperties() throws {
        let rule = "/run/udev/rules.d/99-touchbridge-panel.rules"
        try installUdevRule(
            rule,
            #"""
            SUBSYSTEM=="input", KERNEL=="event*", ATTRS{name}=="TB Mapped Panel", ENV{TOUCHBRIDGE_SCREEN_RECT}="100 50 400 300", ENV{TOUCHBRIDGE_ROTATION}="180", ENV{TOUCHBRIDGE_MASK}="100 50 40 40", ENV{TOUCHBRIDGE_HYSTERESIS_MM}="2"
            """#)
        defer { try? installUdevRule(rule, nil) }
        let (p, info) = try createDevice(VirtualDevices.multitouch(name: "TB Mapped Panel"))
        #expect(info?.properties["TOUCHBRIDGE_SCREEN_RECT"] == "100 50 400 300")
        let d = try Spawned(touchbridgeExecutable, ["run", "--json", p.devnode])
        #expect(eventually { d.errors.contains(": reading ") }, "\(d.errors)")
        #expect(d.errors.contains("panel at 100,50 400x300 rotated 180"), "\(d.errors)")
        // Rotated 180°: device (4095, 2303) is the rectangle's top-left, inside the mask.
        try down(p, id: 1, 4095, 2303)
        try up(p)
        try down(p, id: 2, 1024, 576)  // three quarters across and down the rect
        usleep(20_000)
        try p.frame([(k.EV_ABS, k.ABS_MT_POSITION_X, 1040)])  // 1 mm of jitter (16 units/mm): filtered
        usleep(20_000)
        try up(p)
        #expect(d.waitFor("touchesEnded"))
        #expect(d.stop() == 0)
        let calls = touchCalls(d.output)
        #expect(
            calls.map { $0["event"] as! String } == ["touchesBegan", "touchesEnded"],
            "the masked touch never shows; the jitter does not move: \(d.output)")
        let t = (calls.first?["touches"] as? [[String: Any]])?.first
        #expect(t?["id"] as? Int == 2)
        // 0.75 × 400, 0.75 × 300 into the rectangle: screen (400, 275), and (300, 225) in the
        // default scene's window for that rectangle, which starts at (100, 50).
        #expect(t?["window"] as? [Double] == [300.0, 225.0])
    }

    @Test func anUnpluggedPanelIsCancelledWaitedForAndWorksAgainWhenReplugged() throws {
        var device: UInputDevice? = try createDevice(VirtualDevices.multitouch(name: "TB Replug Panel")).0
        let node = device!.devnode
        let d = try Spawned(touchbridgeExecutable, ["run", "--screen", "800x480", node])
        #expect(eventually { d.errors.contains(": reading ") })
        try down(device!, id: 1, 1000, 1000)
        #expect(d.waitFor("touchesBegan"))
        device = nil  // a USB reset, say
        #expect(d.waitFor("touchesCancelled screen #1 cancelled"))
        #expect(d.waitFor("deviceRemoved"))
        #expect(eventually { d.errors.contains("waiting for \(node) to come back") }, "\(d.errors)")
        #expect(d.isRunning)
        device = try createDevice(VirtualDevices.multitouch(name: "TB Replug Panel")).0
        #expect(
            eventually(timeout: 10) {
                d.output.split(separator: "\n").filter { $0.contains("deviceAdded") }.count == 2
            },
            "re-opened: \(d.output)\(d.errors)")
        try down(device!, id: 2, 2000, 1000)
        try up(device!)
        #expect(d.waitFor("touchesEnded screen #2 ended"), "the same panel works again: \(d.output)")
        #expect(d.stop() == 0)
    }

    @Test func aPanelPluggedInAfterStartJoins() throws {
        let d = try Spawned(touchbridgeExecutable, ["run", "--screen", "800x480"])
        #expect(eventually { d.errors.contains("no touchscreen is connected: waiting for one") }, "\(d.errors)")
        // Something that is not a touchscreen is left alone.
        var keys = VirtualDevices.singleTouch(name: "TB Keys")
        keys.properties = BitSet()
        keys.codes = [Kernel.EV_KEY: BitSet([0x1e, 0x1f])]
        keys.absInfo = [:]
        let (other, _) = try createDevice(keys)
        let (panel, _) = try createDevice(VirtualDevices.multitouch(name: "TB Late Panel"))
        #expect(d.waitFor("deviceAdded \(panel.devnode) \"TB Late Panel\""), "\(d.output)\(d.errors)")
        try down(panel, id: 1, 2048, 1152)
        try up(panel)
        #expect(d.waitFor("touchesEnded screen #1 ended (400.00,240.00)"))
        #expect(!d.output.contains(other.devnode))
        #expect(d.errors.components(separatedBy: "no touchscreen is connected").count == 2, "said once: \(d.errors)")
        #expect(d.stop() == 0)
    }

    @Test func aStormOfPanelsIsReadUpToTheCapAndTheRestSaid() throws {
        // 34 panels plugged in as fast as uinput makes them, with a --mask for a panel that never
        // comes: 32 are read, the two beyond the cap are said and left alone, the rule is said once.
        let d = try Spawned(touchbridgeExecutable, ["run", "--screen", "800x480", "--mask", "TB Never=0 0 10 10"])
        #expect(eventually { d.errors.contains("no touchscreen is connected: waiting for one") }, "\(d.errors)")
        var panels: [UInputDevice] = []
        for i in 0..<34 { panels.append(try UInputDevice(VirtualDevices.multitouch(name: "TB Storm \(i)"))) }
        #expect(
            eventually(timeout: 60) { d.errors.components(separatedBy: "panels are in service, the most").count == 3 },
            "\(d.errors.suffix(2000))")
        // The log reaches standard output when the loop is about to sleep, which a busy machine
        // may not have let it do by the time the last diagnostic is read: waited for, then counted.
        let added = { d.output.split(separator: "\n").filter { $0.contains("deviceAdded") }.count }
        #expect(eventually(timeout: 60) { added() >= 32 }, "\(d.output.suffix(2000))")
        #expect(added() == 32)
        #expect(d.errors.components(separatedBy: "--mask 'TB Never' matches no panel in service").count == 2)
        panels.removeAll()
        #expect(eventually(timeout: 60) { d.output.components(separatedBy: "deviceRemoved").count == 33 })
        #expect(d.stop() == 0)
    }

    @Test func sighupReloadsTheSceneAndABrokenOneLeavesTheOldInService() throws {
        let path = try scene(
            #"{ "screen": [800, 480], "windows": [ { "name": "W", "root": { "name": "First", "multipleTouchEnabled": true, "consumes": ["touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled"] } } ] }"#
        )
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (p, _) = try createDevice(VirtualDevices.multitouch())
        let d = try Spawned(touchbridgeExecutable, ["run", "--scene", path, p.devnode])
        #expect(eventually { d.errors.contains(": reading ") })
        try down(p, id: 1, 1000, 1000)  // a finger down across the reload
        #expect(d.waitFor("touchesBegan First #1"))
        try
            #"{ "screen": [800, 480], "windows": [ { "name": "W", "root": { "name": "Second", "multipleTouchEnabled": true, "consumes": ["touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled"] } } ] }"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        d.signal(SIGHUP)
        #expect(d.waitFor("touchesCancelled First #1 cancelled"), "touches in flight are cancelled first")
        #expect(eventually { d.errors.contains("scene reloaded") }, "\(d.errors)")
        try p.frame([(k.EV_ABS, k.ABS_MT_POSITION_X, 1100)])  // that finger never reaches the new scene
        try down(p, slot: 1, id: 2, 3000, 1000)
        try up(p, slot: 1)
        #expect(d.waitFor("touchesEnded Second #2 ended"))
        try up(p)
        try #"{ "windows": [ { "name": "W", "root": { "name": "Third", "hiden": true } } ] }"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        d.signal(SIGHUP)
        #expect(
            eventually { d.errors.contains("windows[0].root.hiden: unknown key 'hiden' (did you mean 'hidden'?)") },
            "\(d.errors)")
        #expect(d.errors.contains("the scene in service stays"))
        try down(p, id: 3, 2000, 1000)
        try up(p)
        #expect(d.waitFor("touchesEnded Second #3 ended"), "the old scene is still in service")
        #expect(d.isRunning)
        #expect(!d.output.contains("#1 moved"))
        #expect(!d.output.contains("Second #1"))
        #expect(d.stop() == 0)
    }

    @Test func systemdHearsReadyStatusWatchdogReloadAndStopping() throws {
        let socketPath = NSTemporaryDirectory() + "tb-notify-\(UUID().uuidString)"
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        #expect(fd >= 0)
        defer {
            close(fd)
            unlink(socketPath)
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in socketPath.utf8.enumerated() { raw[i] = b }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0)
        var messages: [String] = []
        func drain() {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if n <= 0 { return }
                messages.append(String(decoding: buffer[0..<n], as: UTF8.self))
            }
        }
        let scenePath = try scene(#"{ "windows": [ { "name": "W", "root": { "name": "V" } } ] }"#)
        defer { try? FileManager.default.removeItem(atPath: scenePath) }
        let (p, _) = try createDevice(VirtualDevices.multitouch())
        let d = try Spawned(
            touchbridgeExecutable, ["run", "--scene", scenePath, p.devnode],
            environment: ["NOTIFY_SOCKET": socketPath, "WATCHDOG_USEC": "200000"])
        #expect(
            eventually {
                drain()
                return messages.contains("READY=1")
            }, "READY=1 after the device scan")
        #expect(
            eventually {
                drain()
                return messages.contains("STATUS=1 panel, 0 touches down")
            }, "\(messages)")
        #expect(messages.firstIndex(of: "READY=1")! < messages.firstIndex(of: "STATUS=1 panel, 0 touches down")!)
        // Watchdog keep-alives at half of WATCHDOG_USEC: about ten a second.
        messages.removeAll()
        let start = Date()
        usleep(1_000_000)
        drain()
        let seconds = Date().timeIntervalSince(start)
        let pings = messages.filter { $0 == "WATCHDOG=1" }.count
        #expect(Double(pings) >= 5 * seconds, "\(pings) keep-alives in \(seconds) s")
        #expect(Double(pings) <= 12 * seconds, "\(pings) keep-alives in \(seconds) s")
        try down(p, id: 1, 1000, 1000)
        #expect(
            eventually {
                drain()
                return messages.contains("STATUS=1 panel, 1 touch down")
            }, "\(messages)")
        try up(p)
        d.signal(SIGHUP)
        #expect(
            eventually {
                drain()
                return messages.contains("RELOADING=1")
            })
        #expect(
            eventually {
                drain()
                return messages.suffix(from: messages.firstIndex(of: "RELOADING=1")!).contains("READY=1")
            })
        #expect(d.stop() == 0)
        drain()
        #expect(messages.contains("STOPPING=1"))
    }

    @Test func sigusr1ReportsPanelsTouchesAndRecognizers() throws {
        let path = try scene(
            #"{ "windows": [ { "name": "W", "root": { "name": "Pad", "gestures": [ { "type": "pan", "name": "drag" } ] } } ] }"#
        )
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (p, _) = try createDevice(VirtualDevices.multitouch(name: "TB Report Panel"))
        let d = try Spawned(touchbridgeExecutable, ["run", "--scene", path, "--screen", "800x480", p.devnode])
        #expect(eventually { d.errors.contains(": reading ") })
        try down(p, id: 1, 1024, 576)
        #expect(d.waitFor("touchesBegan"))
        d.signal(SIGUSR1)
        #expect(eventually { d.errors.contains("state: 1 panel, 1 touch down") }, "\(d.errors)")
        #expect(
            eventually { d.errors.contains("touch #1 began from \(p.devnode) slot 0 at (200, 120) in W, view Pad") },
            "\(d.errors)")
        #expect(
            d.errors.contains(
                "panel \(p.devnode) \"TB Report Panel\": multitouch protocol B, 10 slots; at whole screen"))
        #expect(d.errors.contains("recognizer drag on Pad: possible, 1 touch(es)"))
        #expect(d.errors.contains("0 SYN_DROPPED"))
        #expect(d.stop() == 0)
    }

    @Test func idleMeansAsleep() throws {
        let (p, _) = try createDevice(VirtualDevices.multitouch())
        let d = try Spawned(touchbridgeExecutable, ["run", p.devnode])
        #expect(eventually { d.errors.contains(": reading ") })
        try down(p, id: 1, 1000, 1000)
        try up(p)
        #expect(d.waitFor("touchesEnded"))
        usleep(200_000)
        func switches() -> Int {
            let status = (try? String(contentsOfFile: "/proc/\(d.pid)/status", encoding: .utf8)) ?? ""
            return status.split(separator: "\n").filter { $0.contains("ctxt_switches") }
                .compactMap { Int($0.split(separator: "\t").last!.trimmingCharacters(in: .whitespaces)) }.reduce(0, +)
        }
        let before = switches()
        usleep(2_000_000)
        #expect(switches() == before, "no wakeup in two idle seconds")
        #expect(d.stop() == 0)
    }

    @Test func theProjectsUdevRuleUnderUdevadmTest() throws {
        let rule = projectUdevRulePath
        if getgrnam("touchbridge") == nil {
            #expect(try Spawned("/usr/sbin/groupadd", ["--system", "touchbridge"]).wait() == 0)
        }
        // The shipped rule, with its per-panel example uncommented for this panel's name.
        var text = try String(contentsOfFile: rule, encoding: .utf8)
        text +=
            "\nSUBSYSTEM==\"input\", KERNEL==\"event*\", ATTRS{name}==\"TB Udevadm Panel\", "
            + "ENV{TOUCHBRIDGE_SCREEN_RECT}=\"1920 0 800 1280\", ENV{TOUCHBRIDGE_ROTATION}=\"90\"\n"
        let installed = "/run/udev/rules.d/70-touchbridge.rules"
        try installUdevRule(installed, text)
        defer { try? installUdevRule(installed, nil) }
        let (p, _) = try createDevice(VirtualDevices.multitouch(name: "TB Udevadm Panel"))
        let sysname = String(p.devnode.split(separator: "/").last!)
        let test = try Spawned("/bin/udevadm", ["test", "/sys/class/input/\(sysname)"])
        #expect(test.wait(timeout: 20) == 0)
        let out = test.output + test.errors
        #expect(out.contains("ID_INPUT_TOUCHSCREEN=1"))
        #expect(out.contains("TOUCHBRIDGE_SCREEN_RECT=1920 0 800 1280"), "\(out)")
        #expect(out.contains("TOUCHBRIDGE_ROTATION=90"))
        #expect(out.contains("SYSTEMD_WANTS=touchbridge.service"))
        #expect(out.contains("TAGS="))
        #expect(out.contains(":systemd:"))
        #expect(
            out.contains("/usr/bin/setfacl -m g:touchbridge:r \(p.devnode)"),
            "udevadm test runs the ACL's setfacl: \(out)")
        let acl = try Spawned("/usr/bin/getfacl", ["-cp", p.devnode])
        #expect(acl.wait(timeout: 10) == 0, "\(acl.output)\(acl.errors)")
        #expect(acl.output.contains("group:touchbridge:r--"), "\(acl.output)\(acl.errors)")
    }
}
