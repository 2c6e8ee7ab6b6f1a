import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing
import TouchInput

/// One touch from down to up, as a reader reported it: phases with positions in percent.
struct TouchLife: CustomStringConvertible {
    var slot: Int
    var steps: [(phase: String, x: Double, y: Double)] = []
    var description: String {
        "slot \(slot): "
            + steps.map { "\($0.phase)(\(String(format: "%.2f/%.2f", $0.x, $0.y)))" }.joined(separator: " ")
    }
}

/// `touchbridge touches --screen 100x100` against `libinput debug-events` on the same kernel
/// device: the same down/motion/up sequence per touch, positions within 0.01 of libinput's
/// percentages. Differences by design are named where they are allowed.
@Suite("Parity with libinput", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason), .serialized)
struct TouchParityTests {
    let k = Kernel.self

    /// libinput's TOUCH_DOWN/MOTION/UP/CANCEL lines, grouped into lives by slot.
    static func libinputLives(_ text: String) -> [TouchLife] {
        var open: [Int: TouchLife] = [:]
        var done: [TouchLife] = []
        for line in text.split(separator: "\n") {
            let f = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard f.count >= 4,
                let kind = [
                    "TOUCH_DOWN": "down", "TOUCH_MOTION": "motion", "TOUCH_UP": "up", "TOUCH_CANCEL": "cancel",
                ][String(f[1])],
                let slot = Int(f[3])
            else { continue }
            // "2 (1)  0.24/ 0.87 ( 0.62/ 1.25mm)": libinput pads with %5.2f, so take the text
            // between the seat slot and the millimetres, without spaces.
            var x = 0.0
            var y = 0.0
            if let seat = line.range(of: ") ") {
                let rest = line[seat.upperBound...]
                let spec = rest.prefix { $0 != "(" }.filter { $0 != " " && $0 != "\t" }
                let xy = spec.split(separator: "/")
                if xy.count == 2 {
                    x = Double(xy[0]) ?? 0
                    y = Double(xy[1]) ?? 0
                }
            }
            if kind == "down" { open[slot] = TouchLife(slot: slot) }
            open[slot]?.steps.append((kind, x, y))
            if kind == "up" || kind == "cancel", let l = open.removeValue(forKey: slot) { done.append(l) }
        }
        return done + open.values.sorted { $0.slot < $1.slot }
    }

    /// touchbridge's JSON lines grouped into lives by contact id; stationary entries are left
    /// out (libinput has no such event: a difference by design).
    static func touchbridgeLives(_ text: String) -> (lives: [TouchLife], initial: [Int]) {
        var open: [Int: TouchLife] = [:]
        var order: [Int] = []
        var done: [TouchLife] = []
        var initial: [Int] = []
        for line in text.split(separator: "\n") {
            guard let obj = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let phase = obj["phase"] as? String, let id = obj["id"] as? Int, let slot = obj["slot"] as? Int,
                let loc = obj["location"] as? [String: Double]
            else { continue }
            if phase == "stationary" { continue }
            let kind = ["began": "down", "moved": "motion", "ended": "up", "cancelled": "cancel"][phase]!
            if kind == "down" {
                open[id] = TouchLife(slot: slot)
                order.append(id)
            }
            if obj["initial"] as? Bool == true { initial.append(id) }
            // libinput reports no position on up/cancel.
            open[id]?.steps.append(
                (
                    kind, kind == "up" || kind == "cancel" ? 0 : loc["x"]!,
                    kind == "up" || kind == "cancel" ? 0 : loc["y"]!
                ))
            if kind == "up" || kind == "cancel", let l = open.removeValue(forKey: id) { done.append(l) }
        }
        return (done + order.compactMap { open[$0] }, initial)
    }

    struct Run {
        let libinput: [TouchLife]
        let touchbridge: [TouchLife]
        let initial: [Int]
        let raw: (String, String)
    }

    /// Starts both readers on a fresh device, runs `drive`, stops them, parses both.
    func run(
        _ description: DeviceDescription, extraArgs: [String] = [], before: ((UInputDevice) throws -> Void)? = nil,
        drive: (UInputDevice, Spawned, Spawned) throws -> Void
    ) throws -> Run {
        let (device, _) = try createDevice(description)
        try before?(device)
        return try Self.observe(device.devnode, extraArgs: extraArgs) { try drive(device, $0, $1) }
    }

    /// Starts `libinput debug-events` and `touchbridge touches` on `node`, runs `drive`, stops them, parses both.
    static func observe(_ node: String, extraArgs: [String] = [], drive: (Spawned, Spawned) throws -> Void) throws
        -> Run
    {
        let libinputPath = try #require(tool("libinput"), "libinput-tools is not installed")
        let theirs = try Spawned(libinputPath, ["debug-events", "--device", node])
        let mine = try Spawned(
            touchbridgeExecutable, ["touches", "--json", "--screen", "100x100"] + extraArgs + [node])
        #expect(theirs.waitFor("DEVICE_ADDED"), "libinput is ready")
        #expect(eventually(timeout: 10) { mine.errors.contains(": reading ") }, "touchbridge is ready")
        try drive(theirs, mine)
        usleep(300_000)
        theirs.signal(SIGINT)
        mine.stop()
        theirs.stop()
        let ours = Self.touchbridgeLives(mine.output)
        return Run(
            libinput: Self.libinputLives(theirs.output), touchbridge: ours.lives, initial: ours.initial,
            raw: (theirs.output, mine.output))
    }

    /// Same lives in the same order, same phases, positions within 0.01. `allowUpForCancel`
    /// accepts libinput's up where touchbridge cancels (contacts that vanished in a SYN_DROPPED gap).
    static func expectSame(_ r: Run, allowUpForCancel: Bool = false, _ what: String) {
        #expect(
            r.libinput.count == r.touchbridge.count,
            "\(what): \(r.libinput.count) touches from libinput, \(r.touchbridge.count) from touchbridge\nlibinput: \(r.libinput)\ntouchbridge: \(r.touchbridge)"
        )
        for (a, b) in zip(r.libinput, r.touchbridge) {
            let same =
                a.steps.count == b.steps.count
                && zip(a.steps, b.steps).allSatisfy { s, t in
                    (s.phase == t.phase || (allowUpForCancel && s.phase == "up" && t.phase == "cancel"))
                        && abs(s.x - t.x) <= 0.01 && abs(s.y - t.y) <= 0.01
                }
            #expect(same, "\(what):\n  libinput:    \(a)\n  touchbridge: \(b)")
        }
    }

    /// A public recording of a real panel, replayed on a uinput device with its own description.
    @Test func aPublicRecordingOfARealPanel() throws {
        let path = repositoryDirectory + "/Resources/recordings/public/EP0430M09.2-fingers-touch-release.evemu"
        let replay = try Spawned(touchbridgeExecutable, ["replay", "--start-delay", "4", "--hold", "1", path])
        #expect(eventually(timeout: 10) { replay.errors.contains("/dev/input/event") }, "\(replay.errors)")
        let nodes = replay.errors.split(separator: "\n").compactMap { line -> String? in
            guard let r = line.range(of: "/dev/input/event") else { return nil }
            return String(line[r.lowerBound...].prefix { !$0.isWhitespace })
        }
        let node = try #require(nodes.first)
        let r = try Self.observe(node) { _, _ in #expect(replay.wait(timeout: 30) == 0, "\(replay.errors)") }
        #expect(r.libinput.count == 2, "two fingers: \(r.raw.0)")
        Self.expectSame(r, "EP0430M09")
    }

    @Test func protocolBWithSlotReuse() throws {
        let r = try run(VirtualDevices.multitouch()) { device, _, _ in
            try Streams.play(Streams.multitouchForTracking, on: device)
        }
        #expect(r.libinput.count == 4, "the stream has four touches")
        Self.expectSame(r, "protocol B")
    }

    /// A panel with fuzz: libinput's udev rule moves it into LIBINPUT_FUZZ_35/36 and both
    /// filter with half of it. A resting finger's jitter, one-axis moves (what a filtered frame
    /// leaves in the slot), diagonals just outside the ellipse, a drag and a second finger.
    @Test func aPanelWithFuzzIsFilteredAsLibinputFiltersIt() throws {
        let r = try run(VirtualDevices.multitouch(name: "TB Fuzz Panel", fuzz: 16)) { device, _, mine in
            #expect(
                eventually {
                    mine.errors.contains("libinput's fuzz filter (fuzz 16,16 from LIBINPUT_FUZZ, margin 8x8 units)")
                },
                "the fuzz from udev: \(mine.errors)")
            var x: Int32 = 2000
            var y: Int32 = 1000
            try device.frame([
                (k.EV_ABS, k.ABS_MT_SLOT, 0), (k.EV_ABS, k.ABS_MT_TRACKING_ID, 1), (k.EV_ABS, k.ABS_MT_POSITION_X, x),
                (k.EV_ABS, k.ABS_MT_POSITION_Y, y), (k.EV_KEY, k.BTN_TOUCH, 1),
            ])
            // A resting finger: noise of up to 7 units, inside the margin.
            let noise: [(Int32, Int32)] = [
                (3, -2), (-5, 4), (7, 0), (0, -7), (-4, -4), (2, 6), (-6, 1), (5, 5), (1, -3), (-7, 0),
            ]
            for (dx, dy) in noise {
                try device.frame([(k.EV_ABS, k.ABS_MT_POSITION_X, x + dx), (k.EV_ABS, k.ABS_MT_POSITION_Y, y + dy)])
                usleep(8_000)
            }
            // One axis at a time, past the margin and back inside.
            for (dx, dy) in [(Int32(3), Int32(0)), (0, 12), (4, 0), (0, 20), (11, 0), (-2, 0), (0, -9)] {
                x += dx
                y += dy
                var events: [(UInt16, UInt16, Int32)] = []
                if dx != 0 { events.append((k.EV_ABS, k.ABS_MT_POSITION_X, x)) }
                if dy != 0 { events.append((k.EV_ABS, k.ABS_MT_POSITION_Y, y)) }
                try device.frame(events)
                usleep(8_000)
            }
            // Diagonals around the ellipse's edge, a drag, a second finger.
            for (dx, dy) in [(Int32(6), Int32(6)), (5, 5), (-6, 6), (9, -2), (30, 25), (30, 25), (30, 25), (-40, 10)] {
                x += dx
                y += dy
                try device.frame([(k.EV_ABS, k.ABS_MT_POSITION_X, x), (k.EV_ABS, k.ABS_MT_POSITION_Y, y)])
                usleep(8_000)
            }
            try device.frame([
                (k.EV_ABS, k.ABS_MT_SLOT, 1), (k.EV_ABS, k.ABS_MT_TRACKING_ID, 2),
                (k.EV_ABS, k.ABS_MT_POSITION_X, 3000),
                (k.EV_ABS, k.ABS_MT_POSITION_Y, 2000),
            ])
            for i in Int32(1)...12 {
                try device.frame([
                    (k.EV_ABS, k.ABS_MT_SLOT, 0), (k.EV_ABS, k.ABS_MT_POSITION_X, x + 3 * i),
                    (k.EV_ABS, k.ABS_MT_SLOT, 1), (k.EV_ABS, k.ABS_MT_POSITION_Y, 2000 + 5 * i),
                ])
                usleep(8_000)
            }
            try device.frame([(k.EV_ABS, k.ABS_MT_SLOT, 1), (k.EV_ABS, k.ABS_MT_TRACKING_ID, -1)])
            try device.frame([
                (k.EV_ABS, k.ABS_MT_SLOT, 0), (k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0),
            ])
        }
        #expect(r.libinput.count == 2)
        let motions = r.libinput.first.map { $0.steps.filter { $0.phase == "motion" }.count } ?? 0
        #expect(motions > 5, "the rest is filtered, the moves are not: \(motions) motions")
        #expect(motions < 30, "the rest is filtered, the moves are not: \(motions) motions")
        Self.expectSame(r, "a panel with fuzz")
    }

    @Test func singleTouchPanel() throws {
        let r = try run(VirtualDevices.singleTouch()) { device, _, _ in
            try Streams.play(Streams.singleTouch, on: device)
        }
        #expect(r.libinput.count == 1)
        Self.expectSame(r, "single touch")
    }

    @Test func protocolAPanel() throws {
        var d = VirtualDevices.protocolA()
        d.codes[Kernel.EV_ABS]!.remove(Kernel.ABS_MT_TRACKING_ID)  // nearest-neighbour matching
        d.absInfo[Kernel.ABS_MT_TRACKING_ID] = nil
        let r = try run(d) { device, _, _ in
            try Streams.play(Streams.protocolANoIDs, on: device)
        }
        #expect(r.libinput.count == 2)
        Self.expectSame(r, "protocol A")
    }

    @Test func calibrationMatrixFromUdev() throws {
        let rule = "/run/udev/rules.d/99-touchbridge-parity.rules"
        try installUdevRule(
            rule,
            #"SUBSYSTEM=="input", KERNEL=="event*", ATTRS{name}=="TB Rotated Panel", ENV{LIBINPUT_CALIBRATION_MATRIX}="0 -1 1 1 0 0""#
        )
        defer { try? installUdevRule(rule, nil) }
        let r = try run(VirtualDevices.multitouch(name: "TB Rotated Panel")) { device, _, _ in
            try Streams.play(Streams.multitouchForTracking, on: device)
        }
        // The matrix turns the panel: a touch 24.41 % across lands 24.4 % down (24.39: whole
        // device units, as libinput keeps them).
        #expect(
            r.touchbridge.first.map { abs($0.steps[0].y - 24.39) < 0.01 } == true,
            "\(r.touchbridge.first.map(\.description) ?? "none")")
        Self.expectSame(r, "calibrated")
    }

    @Test func touchesDownAtOpenDifferByDesign() throws {
        let r = try run(
            VirtualDevices.multitouch(),
            before: { device in
                try device.frame([
                    (k.EV_ABS, k.ABS_MT_TRACKING_ID, 50), (k.EV_ABS, k.ABS_MT_POSITION_X, 2048),
                    (k.EV_ABS, k.ABS_MT_POSITION_Y, 1152), (k.EV_KEY, k.BTN_TOUCH, 1),
                ])
            },
            drive: { device, _, _ in
                try device.frame([(k.EV_ABS, k.ABS_MT_POSITION_X, 2100)])
                try device.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0)])
                try device.frame([
                    (k.EV_ABS, k.ABS_MT_TRACKING_ID, 51), (k.EV_ABS, k.ABS_MT_POSITION_X, 1000),
                    (k.EV_KEY, k.BTN_TOUCH, 1),
                ])
                try device.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0)])
            })
        // By design: libinput ignores a finger already down at start until it lifts;
        // touchbridge reports it from the start, marked initial. The next touch is the same.
        #expect(r.initial.count == 1)
        #expect(r.touchbridge.count == 2, "libinput: \(r.libinput)\ntouchbridge: \(r.touchbridge)")
        #expect(r.libinput.count == 1, "libinput: \(r.libinput)\ntouchbridge: \(r.touchbridge)")
        #expect(r.touchbridge.first?.steps.map(\.phase) == ["down", "motion", "up"])
        Self.expectSame(
            Run(libinput: r.libinput, touchbridge: Array(r.touchbridge.dropFirst()), initial: [], raw: r.raw),
            "after the initial touch")
    }

    @Test func synDroppedMidGesture() throws {
        let r = try run(VirtualDevices.multitouch()) { device, theirs, mine in
            try device.frame([
                (k.EV_ABS, k.ABS_MT_TRACKING_ID, 1), (k.EV_ABS, k.ABS_MT_POSITION_X, 1000),
                (k.EV_ABS, k.ABS_MT_POSITION_Y, 1000),
                (k.EV_ABS, k.ABS_MT_SLOT, 1), (k.EV_ABS, k.ABS_MT_TRACKING_ID, 2),
                (k.EV_ABS, k.ABS_MT_POSITION_X, 3000),
                (k.EV_ABS, k.ABS_MT_POSITION_Y, 1000), (k.EV_KEY, k.BTN_TOUCH, 1),
            ])
            usleep(200_000)
            // Both readers stall while the panel floods: each overflows its kernel buffer.
            theirs.signal(SIGSTOP)
            mine.signal(SIGSTOP)
            try device.frame([(k.EV_ABS, k.ABS_MT_SLOT, 1), (k.EV_ABS, k.ABS_MT_TRACKING_ID, -1)])  // lifts in the gap
            for i in 0..<3000 {
                try device.frame([(k.EV_ABS, k.ABS_MT_SLOT, 0), (k.EV_ABS, k.ABS_MT_POSITION_X, Int32(1000 + i % 500))])
            }
            try device.frame([(k.EV_ABS, k.ABS_MT_SLOT, 0), (k.EV_ABS, k.ABS_MT_POSITION_X, 2000)])
            theirs.signal(SIGCONT)
            mine.signal(SIGCONT)
            usleep(300_000)
            try device.frame([(k.EV_ABS, k.ABS_MT_SLOT, 0), (k.EV_ABS, k.ABS_MT_POSITION_X, 2010)])
            try device.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0)])
        }
        // The finger that lifted during the gap: touchbridge cancels it (it was not seen to
        // lift); libinput reports an up. Everything else is the same.
        #expect(r.touchbridge.contains { $0.slot == 1 && $0.steps.last?.phase == "cancel" }, "\(r.touchbridge)")
        Self.expectSame(r, allowUpForCancel: true, "SYN_DROPPED")
    }

    @Test func unplugAndShutdownMidTouchEndAsCancelled() throws {
        for ending in ["unplug", "SIGTERM"] {
            var device: UInputDevice? = try createDevice(VirtualDevices.multitouch()).0
            let node = device!.devnode
            let mine = try Spawned(touchbridgeExecutable, ["touches", "--json", node])
            #expect(eventually(timeout: 10) { mine.errors.contains(": reading ") })
            try device!.frame([
                (k.EV_ABS, k.ABS_MT_TRACKING_ID, 1), (k.EV_ABS, k.ABS_MT_POSITION_X, 100), (k.EV_KEY, k.BTN_TOUCH, 1),
            ])
            #expect(mine.waitFor("\"began\""), "\(ending): the touch began")
            let code: Int32?
            if ending == "unplug" {
                device = nil
                code = mine.wait()
            } else {
                code = mine.stop()
            }
            #expect(code == (ending == "unplug" ? 66 : 0), "\(ending): exit code")
            #expect(
                Self.touchbridgeLives(mine.output).lives.map { $0.steps.map(\.phase) } == [["down", "cancel"]],
                "\(ending): \(mine.output)")
        }
    }
}
