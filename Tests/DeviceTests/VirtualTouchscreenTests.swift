import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing

/// `run --virtual-touchscreen` on uinput panels, read by libinput: the corrected positions
/// `touches` gives for the same mapping, masked contacts never, cancels where touchbridge
/// cancels (shutdown, unplug, palm, SYN_DROPPED), touches a claiming recognizer holds back, the device kept across an unplug and carrying the panel again.
@Suite(
    "The virtual touchscreen, read by libinput", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason),
    .serialized)
struct VirtualTouchscreenTests {
    let k = Kernel.self
    let mapping = ["--screen", "800x480", "--rotate", "180", "--calibration", "1.02 0 -0.01 0 0.98 0.01"]

    /// The daemon's virtual device node, from its line on stderr.
    func virtualNode(_ d: Spawned) -> String? {
        for line in d.errors.split(separator: "\n") {
            guard let r = line.range(of: "virtual touchscreen /dev/input/event") else { continue }
            return String(
                line[line.index(r.lowerBound, offsetBy: "virtual touchscreen ".count)...].prefix { !$0.isWhitespace })
        }
        return nil
    }

    func touch(_ device: UInputDevice, id: Int32, slot: Int32 = 0, at x: Int32, _ y: Int32, moves: Int = 4) throws {
        try device.frame([
            (k.EV_ABS, k.ABS_MT_SLOT, slot), (k.EV_ABS, k.ABS_MT_TRACKING_ID, id), (k.EV_ABS, k.ABS_MT_POSITION_X, x),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, y), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        for i in 1...max(moves, 1) {
            usleep(10_000)
            try device.frame([
                (k.EV_ABS, k.ABS_MT_SLOT, slot), (k.EV_ABS, k.ABS_MT_POSITION_X, x + Int32(i * 40)),
                (k.EV_ABS, k.ABS_MT_POSITION_Y, y + Int32(i * 25)),
            ])
        }
    }

    func lift(_ device: UInputDevice, slot: Int32 = 0, last: Bool = true) throws {
        var e: [(UInt16, UInt16, Int32)] = [(k.EV_ABS, k.ABS_MT_SLOT, slot), (k.EV_ABS, k.ABS_MT_TRACKING_ID, -1)]
        if last { e.append((k.EV_KEY, k.BTN_TOUCH, 0)) }
        try device.frame(e)
        usleep(10_000)
    }

    @Test func libinputOnTheVirtualDeviceSeesWhatTouchesGivesWithoutTheMaskedGhost() throws {
        let libinputPath = try #require(tool("libinput"), "libinput-tools is not installed")
        let (panel, _) = try createDevice(VirtualDevices.multitouch(name: "TB Virtual Source"))
        // The mask covers the screen's bottom-right corner (after the 180° turn: the panel's top left).
        let d = try Spawned(
            touchbridgeExecutable,
            ["run", "--virtual-touchscreen", "--mask", "700 400 100 80"] + mapping + [panel.devnode])
        #expect(eventually(timeout: 10) { virtualNode(d) != nil }, "\(d.errors)")
        #expect(eventually { d.errors.contains(": reading ") }, "\(d.errors)")
        let node = try #require(virtualNode(d))
        #expect(eventually { udevProperty(node, "ID_INPUT_TOUCHSCREEN") == "1" }, "udev calls \(node) a touchscreen")
        let theirs = try Spawned(libinputPath, ["debug-events", "--device", node])
        let mine = try Spawned(
            touchbridgeExecutable,
            [
                "touches", "--json", "--screen", "100x100", "--rotate", "180",
                "--calibration", "1.02 0 -0.01 0 0.98 0.01", panel.devnode,
            ])
        #expect(theirs.waitFor("DEVICE_ADDED"), "libinput reads the virtual device")
        #expect(
            theirs.output.contains("size 256x144mm"),
            "the panel's physical size as libinput gives it (0..4095 x 0..2303 at 16/mm): \(theirs.output)")
        #expect(eventually(timeout: 10) { mine.errors.contains(": reading ") })
        try touch(panel, id: 1, at: 1500, 900, moves: 6)  // a drag
        try lift(panel)
        try touch(panel, id: 2, at: 60, 40)  // a ghost in the masked corner
        try lift(panel)
        try touch(panel, id: 3, at: 1000, 1000)  // two fingers
        try touch(panel, id: 4, slot: 1, at: 3000, 1800, moves: 3)
        try lift(panel, slot: 0, last: false)
        try lift(panel, slot: 1)
        // Both readers have every lift: libinput the three it was given, touches all four.
        #expect(eventually { theirs.output.components(separatedBy: "TOUCH_UP").count - 1 == 3 }, "\(theirs.output)")
        #expect(
            eventually { mine.output.components(separatedBy: #""phase":"ended""#).count - 1 == 4 }, "\(mine.output)")
        theirs.signal(SIGINT)
        mine.stop()
        theirs.stop()
        let ours = TouchParityTests.touchbridgeLives(mine.output).lives
        let virtual = TouchParityTests.libinputLives(theirs.output)
        #expect(ours.count == 4, "the masked ghost never reaches libinput: \(virtual)")
        #expect(virtual.count == 3, "the masked ghost never reaches libinput: \(virtual)")
        // The same touches but the ghost (the second), point for point within a virtual unit (0.0125 %).
        let expected = [ours[0], ours[2], ours[3]]
        for (a, b) in zip(virtual, expected) {
            let same =
                a.steps.count == b.steps.count
                && zip(a.steps, b.steps).allSatisfy { s, t in
                    s.phase == t.phase && abs(s.x - t.x) <= 0.02 && abs(s.y - t.y) <= 0.02
                }
            #expect(same, "virtual (libinput): \(a)\n  touches: \(b)")
        }
        // Shutdown mid-touch: libinput sees a cancel, then the device go.
        try touch(panel, id: 5, at: 2000, 1000)
        #expect(eventually { d.output.contains("touchesMoved") })
        let late = try Spawned(libinputPath, ["debug-events", "--device", node])
        #expect(late.waitFor("DEVICE_ADDED"))
        try touch(panel, id: 6, slot: 1, at: 2500, 1200, moves: 2)
        #expect(eventually { late.output.contains("TOUCH_DOWN") }, "the late reader has the finger: \(late.output)")
        #expect(d.stop() == 0)
        #expect(eventually { late.output.contains("TOUCH_CANCEL") }, "\(late.output)")
        #expect(eventually { late.output.contains("DEVICE_REMOVED") }, "\(late.output)")
        #expect(!late.output.contains("TOUCH_UP"), "cancelled, not lifted: no tap for the app: \(late.output)")
        late.signal(SIGINT)
        late.stop()
    }

    @Test func anUnpluggedPanelsTouchesAreCancelledAndItsVirtualDeviceCarriesItAgain() throws {
        let libinputPath = try #require(tool("libinput"), "libinput-tools is not installed")
        var (panel, _) = try createDevice(VirtualDevices.multitouch(name: "TB Replugged Source"))
        let d = try Spawned(touchbridgeExecutable, ["run", "--virtual-touchscreen", "--screen", "800x480"])
        #expect(eventually(timeout: 10) { virtualNode(d) != nil }, "\(d.errors)")
        let node = try #require(virtualNode(d))
        #expect(!d.errors.contains("reading touchbridge: "), "the daemon never reads its own device: \(d.errors)")
        let theirs = try Spawned(libinputPath, ["debug-events", "--device", node])
        #expect(theirs.waitFor("DEVICE_ADDED"))
        try touch(panel, id: 1, at: 1000, 1000)
        #expect(eventually { theirs.output.contains("TOUCH_MOTION") }, "\(theirs.output)")
        panel = try createDevice(VirtualDevices.multitouch(name: "TB Other Panel")).0  // the first is unplugged
        #expect(
            eventually { theirs.output.contains("TOUCH_CANCEL") },
            "the unplugged panel's touch is cancelled: \(theirs.output)")
        #expect(
            eventually { d.errors.components(separatedBy: "virtual touchscreen /dev/input/").count == 3 },
            "a second panel, a second device: \(d.errors)")
        panel = try createDevice(VirtualDevices.multitouch(name: "TB Replugged Source")).0  // back (the other one goes)
        #expect(
            eventually { d.errors.components(separatedBy: ": reading TB Replugged Source").count == 3 }, "\(d.errors)")
        try touch(panel, id: 7, at: 2000, 1000)
        try lift(panel)
        #expect(
            eventually { theirs.output.contains("TOUCH_UP") },
            "the same virtual device carries the panel again: \(theirs.output)\n\(d.errors)\n\(d.output)")
        #expect(!theirs.output.contains("DEVICE_REMOVED"), "it stayed: \(theirs.output)")
        #expect(
            d.errors.components(separatedBy: "virtual touchscreen /dev/input/").count == 3,
            "no third device: \(d.errors)")
        theirs.signal(SIGINT)
        theirs.stop()
        #expect(d.stop() == 0)
    }

    @Test func touchesOnAViewTheSceneKeepsNeverReachTheVirtualDevice() throws {
        let libinputPath = try #require(tool("libinput"), "libinput-tools is not installed")
        let scene = temporaryPath("kept") + ".json"
        try #"""
        { "screen": [800, 480], "windows": [ { "name": "W", "root": { "name": "App",
          "consumes": ["touchesBegan", "touchesEnded"],
          "subviews": [ { "name": "Corner", "frame": [0, 0, 100, 100], "forward": false,
                          "consumes": ["touchesBegan", "touchesEnded"] } ] } } ] }
        """#.write(toFile: scene, atomically: true, encoding: .utf8)
        defer { unlink(scene) }
        let (panel, _) = try createDevice(VirtualDevices.multitouch(name: "TB Kept Corner Source"))
        let d = try Spawned(touchbridgeExecutable, ["run", "--virtual-touchscreen", "--scene", scene, panel.devnode])
        #expect(eventually(timeout: 10) { virtualNode(d) != nil }, "\(d.errors)")
        #expect(eventually { d.errors.contains(": reading ") }, "\(d.errors)")
        let theirs = try Spawned(libinputPath, ["debug-events", "--device", try #require(virtualNode(d))])
        #expect(theirs.waitFor("DEVICE_ADDED"))
        try touch(panel, id: 1, at: 200, 200, moves: 2)  // in the corner (4096 units → 800 points)
        try lift(panel)
        try touch(panel, id: 2, at: 2000, 1000, moves: 2)  // on the app
        try lift(panel)
        #expect(eventually { d.output.contains("touchesEnded App") }, "\(d.output)")
        usleep(300_000)
        #expect(d.output.contains("touchesBegan Corner"), "the scene has the corner's touch: \(d.output)")
        let downs = theirs.output.components(separatedBy: "TOUCH_DOWN").count - 1
        #expect(downs == 1, "only the app's touch is forwarded: \(theirs.output)")
        #expect(theirs.output.contains("TOUCH_UP"), "only the app's touch is forwarded: \(theirs.output)")
        theirs.signal(SIGINT)
        theirs.stop()
        #expect(d.stop() == 0)
    }

    /// examples/kiosk-overlay.json on a live panel: the admin corner's three fingers stay with
    /// the kiosk; the right-edge swipe reaches the app until the claiming drawer begins, then
    /// the app sees it cancelled, not lifted.
    @Test func theOverlaysCornerIsKeptAndItsEdgeSwipeIsClaimed() throws {
        let libinputPath = try #require(tool("libinput"), "libinput-tools is not installed")
        let (panel, _) = try createDevice(VirtualDevices.multitouch(name: "TB Overlay Source"))
        let d = try Spawned(
            touchbridgeExecutable,
            [
                "run", "--virtual-touchscreen", "--scene",
                repositoryDirectory + "/examples/kiosk-overlay.json", panel.devnode,
            ])
        #expect(eventually(timeout: 10) { virtualNode(d) != nil }, "\(d.errors)")
        #expect(eventually { d.errors.contains(": reading ") }, "\(d.errors)")
        let theirs = try Spawned(libinputPath, ["debug-events", "--device", try #require(virtualNode(d))])
        #expect(theirs.waitFor("DEVICE_ADDED"))
        // 4096x2304 units on 800x480 points: 5.12 and 4.8 units a point.
        try device3Fingers(panel)
        #expect(eventually(timeout: 5) { d.output.contains("action openAdmin") }, "\(d.output)")
        #expect(!theirs.output.contains("TOUCH_DOWN"), "the corner is the kiosk's: \(theirs.output)")
        try touch(panel, id: 20, at: 4070, 1150, moves: 0)
        for i in 1...8 {
            usleep(15_000)
            try panel.frame([(k.EV_ABS, k.ABS_MT_SLOT, 0), (k.EV_ABS, k.ABS_MT_POSITION_X, 4070 - Int32(i * 40))])
        }
        try lift(panel)
        #expect(eventually { d.output.contains("gesture drawer on App began") }, "\(d.output)")
        #expect(
            eventually { theirs.output.contains("TOUCH_CANCEL") },
            "the claimed swipe is cancelled for the app: \(theirs.output)")
        #expect(theirs.output.contains("TOUCH_DOWN"), "\(theirs.output)")
        #expect(!theirs.output.contains("TOUCH_UP"), "\(theirs.output)")
        theirs.signal(SIGINT)
        theirs.stop()
        #expect(d.stop() == 0)
    }

    /// A reloaded scene with another screen: the panel is mapped anew and its virtual
    /// touchscreen made anew at the new size (the old one goes), carrying the touches after.
    @Test func aSceneWithAnotherScreenRemakesTheVirtualDevice() throws {
        let libinputPath = try #require(tool("libinput"), "libinput-tools is not installed")
        let scene = temporaryPath("screen") + ".json"
        func write(_ w: Int, _ h: Int) throws {
            try #"{ "screen": [\#(w), \#(h)], "windows": [ { "name": "W", "root": { "name": "App" } } ] }"#
                .write(toFile: scene, atomically: true, encoding: .utf8)
        }
        try write(800, 480)
        defer { unlink(scene) }
        let (panel, _) = try createDevice(VirtualDevices.multitouch(name: "TB Reload Source"))
        let d = try Spawned(touchbridgeExecutable, ["run", "--virtual-touchscreen", "--scene", scene, panel.devnode])
        #expect(eventually(timeout: 10) { d.errors.contains("(800x480 points") }, "\(d.errors)")
        #expect(eventually { d.errors.contains(": reading ") }, "\(d.errors)")
        try write(400, 240)
        d.signal(SIGHUP)
        #expect(eventually { d.errors.contains("(400x240 points") }, "a new device at the new size: \(d.errors)")
        let nodes = d.errors.split(separator: "\n").filter { $0.contains("virtual touchscreen /dev/input/") }
        let node = try #require(
            nodes.last.flatMap { line in
                line.range(of: "virtual touchscreen ").map {
                    String(line[$0.upperBound...].prefix { !$0.isWhitespace })
                }
            })
        let theirs = try Spawned(libinputPath, ["debug-events", "--device", node])
        #expect(theirs.waitFor("DEVICE_ADDED"))
        try touch(panel, id: 1, at: 2048, 1152, moves: 1)
        try lift(panel)
        #expect(eventually { theirs.output.contains("TOUCH_UP") }, "\(theirs.output)")
        theirs.signal(SIGINT)
        theirs.stop()
        #expect(d.stop() == 0)
    }

    /// Contacts the source cancels — a palm, fingers lifted while the daemon could not read
    /// (SIGSTOP, the kernel's buffer overflowing: SYN_DROPPED) — are cancels for libinput
    /// on the virtual device, never touch-ups (a tap for the app).
    @Test func sourceCancelsReachLibinputAsCancels() throws {
        let libinputPath = try #require(tool("libinput"), "libinput-tools is not installed")
        let (panel, _) = try createDevice(VirtualDevices.multitouch(name: "TB Cancelling Source", toolType: true))
        let d = try Spawned(
            touchbridgeExecutable, ["run", "--virtual-touchscreen", "--screen", "800x480", panel.devnode])
        #expect(eventually(timeout: 10) { virtualNode(d) != nil }, "\(d.errors)")
        #expect(eventually { d.errors.contains(": reading ") }, "\(d.errors)")
        let theirs = try Spawned(libinputPath, ["debug-events", "--device", try #require(virtualNode(d))])
        #expect(theirs.waitFor("DEVICE_ADDED"))
        func count(_ s: String) -> Int { theirs.output.components(separatedBy: s).count - 1 }
        // A finger that becomes a palm, then lifts.
        try touch(panel, id: 1, at: 1000, 1000, moves: 2)
        try panel.frame([(k.EV_ABS, k.ABS_MT_SLOT, 0), (k.EV_ABS, k.ABS_MT_TOOL_TYPE, Int32(k.MT_TOOL_PALM))])
        usleep(20_000)
        try lift(panel)
        #expect(eventually { count("TOUCH_CANCEL") == 1 }, "the palm is a cancel: \(theirs.output)")
        #expect(count("TOUCH_UP") == 0, "\(theirs.output)")
        // Three fingers; the daemon stopped through a flood; two lift in the gap.
        func fingers(_ n: Int32, x: Int32) -> [(UInt16, UInt16, Int32)] {
            var e: [(UInt16, UInt16, Int32)] = []
            for s: Int32 in 0..<n { e += [(k.EV_ABS, k.ABS_MT_SLOT, s), (k.EV_ABS, k.ABS_MT_POSITION_X, x + 300 * s)] }
            return e
        }
        var downs: [(UInt16, UInt16, Int32)] = []
        for s: Int32 in 0..<3 {
            let x: Int32 = 1000 + 300 * s
            downs += [
                (k.EV_ABS, k.ABS_MT_SLOT, s), (k.EV_ABS, k.ABS_MT_TOOL_TYPE, Int32(k.MT_TOOL_FINGER)),
                (k.EV_ABS, k.ABS_MT_TRACKING_ID, 10 + s), (k.EV_ABS, k.ABS_MT_POSITION_X, x),
                (k.EV_ABS, k.ABS_MT_POSITION_Y, 1000),
            ]
        }
        downs.append((k.EV_KEY, k.BTN_TOUCH, 1))
        try panel.frame(downs)
        #expect(eventually { count("TOUCH_DOWN") == 4 }, "\(theirs.output)")
        kill(d.pid, SIGSTOP)
        for i in 0..<Int32(3000) { try panel.frame(fingers(3, x: 1000 + i % 200)) }
        try panel.frame([
            (k.EV_ABS, k.ABS_MT_SLOT, 1), (k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_ABS, k.ABS_MT_SLOT, 2),
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, -1),
        ])
        kill(d.pid, SIGCONT)
        #expect(eventually { count("TOUCH_CANCEL") == 3 }, "the two lifted in the gap are cancels: \(theirs.output)")
        try panel.frame(fingers(1, x: 1500))
        try lift(panel)
        #expect(eventually { count("TOUCH_UP") == 1 }, "the finger that stayed lifts as a touch-up: \(theirs.output)")
        d.signal(SIGUSR1)
        #expect(
            eventually { d.errors.contains(" frames, ") },
            "the kernel dropped events: \(d.errors)")
        #expect(
            !d.errors.contains(" 0 SYN_DROPPED"),
            "the kernel dropped events: \(d.errors)")
        #expect(count("TOUCH_CANCEL") == 3, "\(theirs.output)")
        #expect(count("TOUCH_UP") == 1, "\(theirs.output)")
        theirs.signal(SIGINT)
        theirs.stop()
        #expect(d.stop() == 0)
    }

    /// A claiming long press that delays touchesBegan: a quick tap reaches the app (late, once
    /// the long press failed) as a tap; a hold is the kiosk's and the app never sees it.
    @Test func aClaimingLongPressThatDelaysHoldsTouchesUntilItFails() throws {
        let libinputPath = try #require(tool("libinput"), "libinput-tools is not installed")
        let scene = temporaryPath("delays") + ".json"
        try #"""
        { "screen": [800, 480], "windows": [ { "name": "W", "root": { "name": "App",
          "gestures": [ { "type": "longPress", "name": "admin", "minimumPressDuration": 0.8,
                          "claims": true, "delaysTouchesBegan": true } ] } } ] }
        """#.write(toFile: scene, atomically: true, encoding: .utf8)
        defer { unlink(scene) }
        let (panel, _) = try createDevice(VirtualDevices.multitouch(name: "TB Delaying Source"))
        let d = try Spawned(touchbridgeExecutable, ["run", "--virtual-touchscreen", "--scene", scene, panel.devnode])
        #expect(eventually(timeout: 10) { virtualNode(d) != nil }, "\(d.errors)")
        #expect(eventually { d.errors.contains(": reading ") }, "\(d.errors)")
        let theirs = try Spawned(libinputPath, ["debug-events", "--device", try #require(virtualNode(d))])
        #expect(theirs.waitFor("DEVICE_ADDED"))
        try touch(panel, id: 1, at: 2000, 1000, moves: 0)
        usleep(200_000)
        #expect(!theirs.output.contains("TOUCH_DOWN"), "held while the long press decides: \(theirs.output)")
        try lift(panel)
        #expect(eventually { theirs.output.contains("TOUCH_UP") }, "a tap for the app once it failed: \(theirs.output)")
        #expect(eventually { d.output.contains("gesture admin on App failed") }, "\(d.output)")
        try touch(panel, id: 2, at: 2000, 1000, moves: 0)
        #expect(eventually(timeout: 5) { d.output.contains("gesture admin on App began") }, "\(d.output)")
        try lift(panel)
        #expect(eventually { d.output.contains("gesture admin on App ended") }, "\(d.output)")
        usleep(300_000)
        let downs = theirs.output.components(separatedBy: "TOUCH_DOWN").count - 1
        #expect(downs == 1, "the hold never reached the app: \(theirs.output)")
        #expect(!theirs.output.contains("TOUCH_CANCEL"), "the hold never reached the app: \(theirs.output)")
        theirs.signal(SIGINT)
        theirs.stop()
        #expect(d.stop() == 0)
    }

    func device3Fingers(_ panel: UInputDevice) throws {
        try panel.frame([
            (k.EV_ABS, k.ABS_MT_SLOT, 0), (k.EV_ABS, k.ABS_MT_TRACKING_ID, 10), (k.EV_ABS, k.ABS_MT_POSITION_X, 150),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 150),
            (k.EV_ABS, k.ABS_MT_SLOT, 1), (k.EV_ABS, k.ABS_MT_TRACKING_ID, 11), (k.EV_ABS, k.ABS_MT_POSITION_X, 350),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 200),
            (k.EV_ABS, k.ABS_MT_SLOT, 2), (k.EV_ABS, k.ABS_MT_TRACKING_ID, 12), (k.EV_ABS, k.ABS_MT_POSITION_X, 250),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 400),
            (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        usleep(1_300_000)
        try panel.frame([
            (k.EV_ABS, k.ABS_MT_SLOT, 0), (k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_ABS, k.ABS_MT_SLOT, 1),
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, -1),
            (k.EV_ABS, k.ABS_MT_SLOT, 2), (k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0),
        ])
        usleep(100_000)
    }
}
