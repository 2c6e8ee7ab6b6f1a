import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing

/// Faults on real kernel devices: a daemon stopped through a flood (SYN_DROPPED), panels
/// unplugged and re-plugged mid-gesture, SIGHUP storms during touches, a driver sending a new
/// tracking id on an active slot, devices that vanish between udev's announcement and the
/// open. After each: the log's invariants hold, nothing is left down, the daemon lives.
@Suite("Chaos on uinput panels", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason), .serialized)
struct ChaosTests {
    let k = Kernel.self

    func fingers(_ d: UInputDevice, _ n: Int32, down: Bool, x: Int32 = 1000) throws {
        var events: [(UInt16, UInt16, Int32)] = []
        for s in 0..<n {
            events += [(k.EV_ABS, k.ABS_MT_SLOT, s), (k.EV_ABS, k.ABS_MT_TRACKING_ID, down ? 100 + s : -1)]
            if down { events += [(k.EV_ABS, k.ABS_MT_POSITION_X, x + 300 * s), (k.EV_ABS, k.ABS_MT_POSITION_Y, 1000)] }
        }
        events.append((k.EV_KEY, k.BTN_TOUCH, down ? 1 : 0))
        try d.frame(events)
    }

    func move(_ d: UInputDevice, _ n: Int32, _ i: Int32) throws {
        var events: [(UInt16, UInt16, Int32)] = []
        for s in 0..<n {
            events += [(k.EV_ABS, k.ABS_MT_SLOT, s), (k.EV_ABS, k.ABS_MT_POSITION_X, 1000 + 300 * s + (i % 200))]
        }
        try d.frame(events)
    }

    @Test func aDaemonStoppedThroughAFloodResyncsAndLeavesNothingDown() throws {
        let (p, _) = try createDevice(VirtualDevices.multitouch())
        let d = try Spawned(touchbridgeExecutable, ["run", "--json", "--screen", "800x480", p.devnode])
        #expect(eventually { d.errors.contains(": reading ") })
        try fingers(p, 3, down: true)
        #expect(d.waitFor("touchesBegan"))
        kill(d.pid, SIGSTOP)
        for i in 0..<3000 { try move(p, 3, Int32(i)) }  // far beyond evdev's buffer
        try fingers(p, 2, down: false)  // two lift while it sleeps
        kill(d.pid, SIGCONT)
        try move(p, 3, 7)
        usleep(300_000)
        try fingers(p, 3, down: false)
        #expect(eventually { LogInvariants(d.output).violations.isEmpty && d.output.contains("touchesEnded") })
        d.signal(SIGUSR1)
        #expect(eventually { d.errors.contains(" frames, ") })
        let report = d.errors.split(separator: "\n").first { $0.contains(" frames, ") }.map(String.init) ?? ""
        let dropped = report.range(of: #"[0-9]+ SYN_DROPPED"#, options: .regularExpression).flatMap {
            Int(report[$0].split(separator: " ")[0])
        }
        #expect((dropped ?? 0) > 0, "the kernel dropped events: \(d.errors)")
        #expect(d.stop() == 0)
        let inv = LogInvariants(d.output)
        #expect(inv.violations.isEmpty, "\(inv.violations)")
        #expect(inv.began == 3, "three fingers, each began once")
        #expect(inv.cancelled == 2, "the two that lifted in the gap end as cancelled: \(d.output)")
    }

    @Test func panelsUnpluggedAndRepluggedMidGesture() throws {
        var device: UInputDevice? = try createDevice(VirtualDevices.multitouch(name: "TB Chaos Panel")).0
        let node = device!.devnode
        let d = try Spawned(touchbridgeExecutable, ["run", "--json", "--screen", "800x480", node])
        #expect(eventually { d.errors.contains(": reading ") })
        var rng = SystemRandomNumberGenerator()
        for round in 0..<5 {
            try fingers(device!, Int32.random(in: 1...4, using: &rng), down: true)
            for i in 0..<Int.random(in: 1...20, using: &rng) {
                try move(device!, 1, Int32(i))
                usleep(2000)
            }
            device = nil  // unplugged mid-gesture
            #expect(
                eventually { d.output.components(separatedBy: "deviceRemoved").count == round + 2 }, "round \(round)")
            device = try createDevice(VirtualDevices.multitouch(name: "TB Chaos Panel")).0
            #expect(
                eventually(timeout: 10) { d.output.components(separatedBy: "deviceAdded").count == round + 3 },
                "round \(round): \(d.errors)")
        }
        try fingers(device!, 1, down: true)
        try fingers(device!, 1, down: false)
        #expect(
            eventually {
                d.output.hasSuffix("\n") && LogInvariants(d.output).violations.isEmpty
                    && d.output.contains("touchesEnded")
            })
        #expect(d.isRunning)
        #expect(d.stop() == 0)
        let inv = LogInvariants(d.output)
        #expect(inv.violations.isEmpty, "\(inv.violations)")
        #expect(inv.cancelled >= 5, "each unplug cancelled what was down")
    }

    @Test func aStormOfReloadsDuringTouches() throws {
        let scene = NSTemporaryDirectory() + "tb-storm-\(UUID().uuidString).json"
        try
            #"{ "screen": [800, 480], "windows": [ { "name": "W", "root": { "name": "V", "multipleTouchEnabled": true, "gestures": [ { "type": "pan", "name": "p" } ] } } ] }"#
            .write(toFile: scene, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: scene) }
        let (p, _) = try createDevice(VirtualDevices.multitouch())
        let d = try Spawned(touchbridgeExecutable, ["run", "--json", "--scene", scene, p.devnode])
        #expect(eventually { d.errors.contains(": reading ") })
        // Each SIGHUP waits for its reload: signals sent faster than the daemon reads them
        // coalesce (one pending SIGHUP is one reload), which a count would call a failure.
        func reloads() -> Int { d.errors.components(separatedBy: "scene reloaded").count - 1 }
        for i in 0..<30 {
            if i % 6 == 0 { try fingers(p, 2, down: true, x: 500 + Int32(i) * 10) }
            try move(p, 2, Int32(i * 7))
            d.signal(SIGHUP)
            #expect(eventually { reloads() == i + 1 }, "reload \(i + 1): \(d.errors)")
            if i % 6 == 5 { try fingers(p, 2, down: false) }
        }
        #expect(d.isRunning)
        #expect(d.stop() == 0)
        let inv = LogInvariants(d.output)
        #expect(inv.violations.isEmpty, "\(inv.violations)")
    }

    @Test func aNewTrackingIDOnAnActiveSlotIsOneTouch() throws {
        let (p, _) = try createDevice(VirtualDevices.multitouch())
        let d = try Spawned(touchbridgeExecutable, ["run", "--json", "--screen", "800x480", p.devnode])
        #expect(eventually { d.errors.contains(": reading ") })
        try p.frame([
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, 5), (k.EV_ABS, k.ABS_MT_POSITION_X, 1000),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 1000),
            (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        try p.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, 6), (k.EV_ABS, k.ABS_MT_POSITION_X, 1100)])  // the driver bug
        try p.frame([(k.EV_ABS, k.ABS_MT_POSITION_X, 1200)])
        try p.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0)])
        #expect(d.waitFor("touchesEnded"))
        #expect(d.stop() == 0)
        let inv = LogInvariants(d.output)
        #expect(inv.violations.isEmpty, "one touch from down to up: \(d.output)")
        #expect(inv.began == 1, "one touch from down to up: \(d.output)")
    }

    @Test func devicesThatVanishBeforeTheyCanBeOpened() throws {
        let d = try Spawned(touchbridgeExecutable, ["run", "--json", "--screen", "800x480"])
        #expect(eventually { d.errors.contains("waiting for one") })
        for _ in 0..<20 {
            _ = try UInputDevice(VirtualDevices.multitouch(name: "TB Fleeting Panel"))  // gone at once
        }
        let (p, _) = try createDevice(VirtualDevices.multitouch(name: "TB Lasting Panel"))
        #expect(eventually(timeout: 20) { d.output.contains("\"name\":\"TB Lasting Panel\"") }, "\(d.errors)")
        try fingers(p, 1, down: true)
        try fingers(p, 1, down: false)
        #expect(d.waitFor("touchesEnded"))
        #expect(d.isRunning)
        #expect(d.stop() == 0)
        let inv = LogInvariants(d.output)
        #expect(inv.violations.isEmpty, "\(inv.violations)")
    }
}
