import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing

/// The kiosk's behaviours live, as an integrator runs them: the daemon unprivileged with a
/// scene that goes idle after 2 s, its idle and wake commands, `--virtual-touchscreen
/// --virtual-pointer`, and libinput reading both virtual devices.
@Suite("Kiosk behaviours, live", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason), .serialized)
struct KioskBehaviourLiveTests {
    let k = Kernel.self

    /// The node of the daemon's virtual device whose stderr line starts with `what`.
    func node(_ d: Spawned, _ what: String) -> String? {
        for line in d.errors.split(separator: "\n") {
            guard let r = line.range(of: what + " /dev/input/event") else { continue }
            return String(line[line.index(r.lowerBound, offsetBy: what.count + 1)...].prefix { !$0.isWhitespace })
        }
        return nil
    }

    func down(_ p: UInputDevice, slot: Int32 = 0, id: Int32, _ x: Int32, _ y: Int32) throws {
        try p.frame([
            (k.EV_ABS, k.ABS_MT_SLOT, slot), (k.EV_ABS, k.ABS_MT_TRACKING_ID, id), (k.EV_ABS, k.ABS_MT_POSITION_X, x),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, y), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
    }

    func move(_ p: UInputDevice, slot: Int32 = 0, _ x: Int32, _ y: Int32) throws {
        try p.frame([
            (k.EV_ABS, k.ABS_MT_SLOT, slot), (k.EV_ABS, k.ABS_MT_POSITION_X, x), (k.EV_ABS, k.ABS_MT_POSITION_Y, y),
        ])
    }

    func up(_ p: UInputDevice, slot: Int32 = 0, last: Bool = true) throws {
        var e: [(UInt16, UInt16, Int32)] = [(k.EV_ABS, k.ABS_MT_SLOT, slot), (k.EV_ABS, k.ABS_MT_TRACKING_ID, -1)]
        if last { e.append((k.EV_KEY, k.BTN_TOUCH, 0)) }
        try p.frame(e)
    }

    /// Lets `who` (uid and gid 65534) read `panel` and write /dev/uinput for the test's length.
    func grantNobody(_ panel: String) -> () -> Void {
        var saved: [(String, stat)] = []
        for path in [panel, "/dev/uinput"] {
            var st = stat()
            guard stat(path, &st) == 0 else { continue }
            saved.append((path, st))
            chown(path, st.st_uid, 65534)
            chmod(path, 0o660)
        }
        return {
            for (path, st) in saved {
                chown(path, st.st_uid, st.st_gid)
                chmod(path, st.st_mode & 0o7777)
            }
        }
    }

    /// How many lines of the daemon's output contain `text`.
    func count(_ d: Spawned, _ text: String) -> Int { d.output.components(separatedBy: text).count - 1 }

    /// Performs a gesture until it is not a wake: the kiosk may have gone idle (2 s) before it
    /// on a loaded machine, and then it only wakes it.
    func gesture(_ d: Spawned, _ body: () throws -> Void) throws {
        for _ in 0..<4 {
            let wakes = count(d, #""event":"wake""#)
            let ends = count(d, "touchesEnded")
            try body()
            #expect(
                eventually { count(d, "touchesEnded") > ends || count(d, #""event":"wake""#) > wakes }, "\(d.output)")
            if count(d, #""event":"wake""#) == wakes { return }
        }
        Issue.record("every try was a wake: \(d.output)")
    }

    @Test func theWakingTapReachesNothingAndThePointerClicksScrollsAndDragsWhereTheFingersWere() throws {
        let libinput = try #require(tool("libinput"), "libinput-tools is not installed")
        let setpriv = try #require(tool("setpriv"), "util-linux's setpriv runs the daemon as another user")
        let (scene, marks) = try Self.idleScene()
        defer {
            unlink(scene)
            unlink(marks)
        }
        let (panel, _) = try createDevice(VirtualDevices.multitouch(name: "TB Kiosk Behaviour Source"))
        let restore = grantNobody(panel.devnode)
        defer { restore() }
        let d = try Spawned(
            setpriv,
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", OtherUsers.touchbridge, "run", "--json",
                "--virtual-touchscreen", "--virtual-pointer", "--scene", scene, panel.devnode,
            ])
        #expect(
            eventually { d.errors.contains(": reading ") }, "\(d.errors)")
        #expect(eventually { node(d, "virtual pointer") != nil }, "\(d.errors)")
        #expect(eventually { node(d, "virtual touchscreen") != nil }, "\(d.errors)")
        let pointerNode = try #require(node(d, "virtual pointer"))
        let touchNode = try #require(node(d, "virtual touchscreen"))
        #expect(eventually { udevProperty(pointerNode, "ID_INPUT_MOUSE") == "1" }, "udev calls the pointer a mouse")
        let pointer = try Spawned(libinput, ["debug-events", "--device", pointerNode])
        let touch = try Spawned(libinput, ["debug-events", "--device", touchNode])
        #expect(pointer.waitFor("DEVICE_ADDED"))
        #expect(touch.waitFor("DEVICE_ADDED"))
        // Idle before any touch: the idle command ran.
        #expect(
            eventually { (try? String(contentsOfFile: marks, encoding: .utf8)) == "idle idle\n" },
            "\(d.output)\n\(d.errors)")
        #expect(d.output.contains(#""event":"idle","after":2.0,"cause":"timer"}"#), "\(d.output)")
        // The waking tap, on the button: the wake command, and the tap nowhere.
        try down(panel, id: 1, 1024, 720)
        try up(panel)
        #expect(
            eventually { (try? String(contentsOfFile: marks, encoding: .utf8)) == "idle idle\nwake wake\n" },
            "\(d.output)\n\(d.errors)")
        // The button pays once (a try that came after a new idle only woke it again).
        try gesture(d) {
            try down(panel, id: 2, 1024, 720)
            usleep(30_000)
            try up(panel)
        }
        #expect(eventually { count(d, #""event":"action","action":"pay""#) == 1 }, "\(d.output)")
        try pressPanAndDrag(d, panel)
        #expect(
            eventually { pointer.output.components(separatedBy: "BTN_LEFT (272) released").count - 1 == 2 },
            "\(pointer.output)")
        #expect(d.stop() == 0)
        pointer.signal(SIGINT)
        touch.signal(SIGINT)
        pointer.stop()
        touch.stop()
        try expectClicksWhereTheFingersWere(pointer.output, daemon: d.output)
        // The virtual touchscreen has every touch but the wake: 1 tap, the press, two fingers, the drag.
        #expect(touch.output.components(separatedBy: "TOUCH_DOWN").count - 1 == 5, "\(touch.output)")
        #expect(count(d, #""event":"wake""#) >= 1)
        #expect(count(d, #""event":"action","action":"pay""#) == 1)
    }

    /// A scene that goes idle after 2 s and wakes, each running a command that writes a mark
    /// into a file: the scene's path and the marks'.
    static func idleScene() throws -> (scene: String, marks: String) {
        let marks = temporaryPath("idle-marks")
        _ = FileManager.default.createFile(atPath: marks, contents: nil, attributes: [.posixPermissions: 0o666])
        let scene = temporaryPath("idle-scene") + ".json"
        try """
        { "screen": [800, 480],
          "idle": { "after": 2, "run": ["/bin/sh", "-c", "echo idle $TOUCHBRIDGE_EVENT >> \(marks)"],
                    "wake": ["/bin/sh", "-c", "echo wake $TOUCHBRIDGE_EVENT >> \(marks)"] },
          "appDelegate": { "name": "AppDelegate", "actions": ["pay"] },
          "windows": [ { "name": "W", "root": { "name": "App", "multipleTouchEnabled": true,
            "consumes": ["touchesBegan", "touchesEnded", "touchesCancelled"],
            "subviews": [ { "name": "Pay", "frame": [100, 100, 200, 100],
                            "control": { "type": "button", "actions": { "touchUpInside": "pay" } } } ] } } ] }
        """.write(toFile: scene, atomically: true, encoding: .utf8)
        return (scene, marks)
    }

    /// A 1.2 s press, a two-finger pan, a drag: a right click, a scroll, a drag for the pointer.
    func pressPanAndDrag(_ d: Spawned, _ panel: UInputDevice) throws {
        try gesture(d) {
            try down(panel, id: 3, 3000, 1500)
            usleep(1_200_000)
            try up(panel)
        }
        try gesture(d) {
            try down(panel, id: 4, 2000, 800)
            try down(panel, slot: 1, id: 5, 2600, 800)
            for i in 1...8 {
                usleep(15_000)
                try move(panel, slot: 0, 2000, 800 + Int32(i * 60))
                try move(panel, slot: 1, 2600, 800 + Int32(i * 60))
            }
            try up(panel, slot: 0, last: false)
            try up(panel, slot: 1)
        }
        try gesture(d) {
            try down(panel, id: 6, 500, 1800)
            for i in 1...6 {
                usleep(15_000)
                try move(panel, 500 + Int32(i * 100), 1800)
            }
            try up(panel)
        }
    }

    /// libinput's events of the virtual pointer: the first click where the daemon saw the tap,
    /// a right click, a scroll, a drag pressed where its finger went down.
    func expectClicksWhereTheFingersWere(_ pointerOutput: String, daemon daemonOutput: String) throws {
        let lines = pointerOutput.split(separator: "\n").map(String.init)
        // The first click is the button's tap (the wake gave nothing): where the daemon saw it.
        let began = try #require(daemonOutput.split(separator: "\n").first { $0.contains(#""event":"touchesBegan""#) })
        let window = try #require(began.range(of: #""window":["#))
        let xy = began[window.upperBound...].prefix { $0 != "]" }.split(separator: ",").compactMap { Double($0) }
        let firstPress = try #require(lines.firstIndex { $0.contains("BTN_LEFT (272) pressed") }, "\(pointerOutput)")
        let motion = try #require(lines[..<firstPress].last { $0.contains("POINTER_MOTION_ABSOLUTE") })
        let percent = motion.split(separator: "\t").last!.split(separator: "/").map {
            Double($0.trimmingCharacters(in: .whitespaces)) ?? -1
        }
        #expect(
            xy.count == 2,
            "libinput's click at \(percent) % of the screen, the tap at \(xy) points")
        #expect(
            abs(percent[0] - xy[0] / 800 * 100) < 0.5,
            "libinput's click at \(percent) % of the screen, the tap at \(xy) points")
        #expect(
            abs(percent[1] - xy[1] / 480 * 100) < 0.5,
            "libinput's click at \(percent) % of the screen, the tap at \(xy) points")
        #expect(
            pointerOutput.contains("BTN_RIGHT (273) pressed"), "a right click from the long press: \(pointerOutput)")
        #expect(pointerOutput.contains("POINTER_SCROLL_WHEEL"), "scrolling from two fingers: \(pointerOutput)")
        let presses = lines.indices.filter { lines[$0].contains("BTN_LEFT (272) pressed") }
        #expect(presses.count == 2, "a click and a drag, no more: \(pointerOutput)")
        // The drag is pressed where its finger went down (500 of 4096 units: 12.21 %), before any motion of it.
        let dragStart = presses.last.flatMap { i in lines[..<i].last { $0.contains("POINTER_MOTION_ABSOLUTE") } }
        #expect(dragStart?.contains("12.21/") == true, "\(pointerOutput)")
    }

    @Test func oneForwardedContactKeepsPinchesFromTheAppWhileTheSceneHasBoth() throws {
        let libinput = try #require(tool("libinput"), "libinput-tools is not installed")
        let (panel, _) = try createDevice(VirtualDevices.multitouch(name: "TB Forward Limit Source"))
        let d = try Spawned(
            touchbridgeExecutable,
            ["run", "--virtual-touchscreen", "--forward-contacts", "1", "--screen", "800x480", panel.devnode])
        #expect(eventually { node(d, "virtual touchscreen") != nil }, "\(d.errors)")
        #expect(eventually { d.errors.contains(": reading ") }, "\(d.errors)")
        let touch = try Spawned(libinput, ["debug-events", "--device", try #require(node(d, "virtual touchscreen"))])
        #expect(touch.waitFor("DEVICE_ADDED"))
        try down(panel, id: 1, 1000, 1000)
        try down(panel, slot: 1, id: 2, 3000, 1000)
        for i in 1...4 {
            usleep(15_000)
            try move(panel, slot: 1, 3000 + Int32(i * 50), 1000)
        }
        try up(panel, slot: 0, last: false)
        try up(panel, slot: 1)
        #expect(eventually { count(d, "touchesEnded") >= 2 }, "\(d.output)")
        #expect(eventually { touch.output.contains("TOUCH_UP") }, "\(touch.output)")
        usleep(200_000)
        #expect(d.stop() == 0)
        touch.signal(SIGINT)
        touch.stop()
        #expect(count(d, "touchesBegan") == 2, "the scene had both fingers: \(d.output)")
        #expect(
            touch.output.components(separatedBy: "TOUCH_DOWN").count - 1 == 1, "the app only the first: \(touch.output)"
        )
    }
}
