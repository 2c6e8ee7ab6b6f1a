import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing

/// `touchbridge run` on real kernel devices: the same log as the recording of the same events,
/// timers that fire with no event arriving, SIGTERM and unplug mid-touch, fingers down at start.
@Suite("The daemon on uinput panels", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason), .serialized)
struct DaemonTests {
    let k = Kernel.self

    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples").path

    /// The JSON lines without the fields that name the clock and the source (`t`, `device`).
    static func comparable(_ text: String) -> [String] {
        text.split(separator: "\n").map {
            $0.replacingOccurrences(of: #"\"t\":[0-9.]+,"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #"\"device\":\"[^\"]*\""#, with: "\"device\":_", options: .regularExpression)
        }
    }

    /// Starts `run` on `device` and waits until it reads.
    func daemon(_ device: UInputDevice, _ args: [String]) throws -> Spawned {
        let d = try Spawned(touchbridgeExecutable, ["run"] + args + [device.devnode])
        #expect(eventually(timeout: 10) { d.errors.contains(": reading ") }, "run is ready: \(d.errors)")
        return d
    }

    /// Plays a recording's events into `device` with their recorded gaps.
    func play(_ r: Recording, on device: UInputDevice) throws {
        var previous: EventTime?
        for e in r.events {
            if let p = previous, e.time.totalMicroseconds > p.totalMicroseconds {
                usleep(UInt32(min(e.time.totalMicroseconds - p.totalMicroseconds, 1_000_000)))
            }
            previous = e.time
            try device.write(e)
        }
    }

    @Test func aPanelGivesTheSameLogAsARecordingOfItsEvents() throws {
        let story = try EvemuParser(file: "kiosk").parse(
            String(contentsOfFile: "\(Self.examples)/src/kiosk.evemu", encoding: .utf8))
        var device: UInputDevice? = try createDevice(story.description).0
        let scene = "\(Self.examples)/kiosk.json"
        let live = try daemon(device!, ["--json", "--scene", scene])
        let recordingPath = NSTemporaryDirectory() + "tb-daemon-\(UUID().uuidString).evemu"
        defer { try? FileManager.default.removeItem(atPath: recordingPath) }
        let recorder = try Spawned(touchbridgeExecutable, ["record", device!.devnode, "-o", recordingPath])
        #expect(eventually { recorder.hasOpen(device!.devnode) }, "record is ready")
        try play(story, on: device!)
        #expect(live.waitFor("orderWater"), "the last action arrived:\n\(live.output)")
        usleep(300_000)  // both readers have read everything
        device = nil  // unplug: run logs it and waits for the panel
        #expect(live.waitFor(#""event":"deviceRemoved""#), "\(live.errors)")
        #expect(live.stop() == 0)
        #expect(recorder.wait(timeout: 10) != nil)
        var st = stat()
        #expect(stat(recordingPath, &st) == 0, "the recording up to the unplug is kept")
        #expect(st.st_mode & 0o777 == 0o600, "where fingers went is the owner's alone")
        let replayed = try Spawned(touchbridgeExecutable, ["run", "--json", "--scene", scene, recordingPath])
        #expect(replayed.wait(timeout: 20) == 0)
        let a = Self.comparable(live.output)
        let b = Self.comparable(replayed.output)
        #expect(a.count > 20, "live:\n\(live.output)\nrecording:\n\(replayed.output)")
        #expect(a == b, "live:\n\(live.output)\nrecording:\n\(replayed.output)")
        #expect(live.output.contains(#""event":"deviceRemoved""#))
    }

    /// A live run whose standard output is a full disk: said once, counted, the panel served
    /// (its socket still gets every tap), and the end says it with 74.
    @Test func aFullDiskUnderALiveRunIsSaidOnceAndThePanelServedOn() throws {
        let (device, _) = try createDevice(VirtualDevices.multitouch())
        let socket = temporaryPath("full") + ".sock"
        let d = try Spawned(
            touchbridgeExecutable, ["run", "--json", "--screen", "800x480", "--socket", socket, device.devnode],
            standardOutput: "/dev/full")
        #expect(eventually(timeout: 10) { d.errors.contains(": reading ") }, "run is ready: \(d.errors)")
        let listen = try Spawned(touchbridgeExecutable, ["listen", "--socket", socket])
        #expect(eventually(timeout: 10) { listen.errors.contains("connected to") }, "\(listen.errors)")
        for i in 0..<3 {
            try device.frame([
                (k.EV_ABS, k.ABS_MT_TRACKING_ID, Int32(i + 1)), (k.EV_ABS, k.ABS_MT_POSITION_X, 1000),
                (k.EV_ABS, k.ABS_MT_POSITION_Y, 1000), (k.EV_KEY, k.BTN_TOUCH, 1),
            ])
            usleep(50_000)
            try device.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0)])
            usleep(50_000)
        }
        #expect(eventually { listen.output.components(separatedBy: "touchesEnded").count - 1 >= 3 }, "\(listen.output)")
        let said = d.errors.components(separatedBy: "standard output: write failed: No space left on device").count - 1
        #expect(said == 1, "said once: \(d.errors)")
        d.signal(SIGUSR1)
        #expect(eventually { d.errors.contains("writes failed and were dropped") }, "counted: \(d.errors)")
        #expect(d.stop() == 74, "\(d.errors)")
    }

    @Test func sigtermMidTouchCancelsItThroughTheChainAndExitsZero() throws {
        let (device, _) = try createDevice(VirtualDevices.multitouch())
        let d = try daemon(device, ["--json", "--screen", "800x480"])
        try device.frame([
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, 1), (k.EV_ABS, k.ABS_MT_POSITION_X, 1000),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 1000), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        usleep(20_000)
        try device.frame([(k.EV_ABS, k.ABS_MT_POSITION_X, 1100)])
        #expect(d.waitFor("touchesMoved"))
        #expect(d.stop() == 0, "SIGTERM: exit 0")
        let last = try #require(d.output.split(separator: "\n").last)
        #expect(
            last.contains(#""event":"touchesCancelled","responder":"screen""#),
            "the touch still down is cancelled, flushed before exit: \(last)")
        #expect(
            last.contains(#""phase":"cancelled""#),
            "the touch still down is cancelled, flushed before exit: \(last)")
    }

    @Test func anUnplugMidTouchCancelsItAndTheDaemonWaitsForThePanel() throws {
        var device: UInputDevice? = try createDevice(VirtualDevices.multitouch()).0
        let d = try daemon(device!, ["--screen", "800x480"])
        try device!.frame([
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, 1), (k.EV_ABS, k.ABS_MT_POSITION_X, 1000),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 1000), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        #expect(d.waitFor("touchesBegan"))
        device = nil
        #expect(d.waitFor("deviceRemoved"))
        #expect(eventually { d.errors.contains("to come back") }, "\(d.errors)")
        #expect(d.isRunning, "the daemon keeps running")
        #expect(d.stop() == 0)
        let lines = d.output.split(separator: "\n").map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
        #expect(Array(lines.suffix(2)).first?.hasPrefix("touchesCancelled screen #1 cancelled") == true, "\(d.output)")
        #expect(lines.last?.hasPrefix("deviceRemoved /dev/input/event") == true)
        // Which the daemon notices first, the read's ENODEV or udev's remove, is a race; both name why.
        #expect(d.errors.contains(": unplugged; waiting") || d.errors.contains(": removed; waiting"), "\(d.errors)")
    }

    @Test func aLongPressFiresFromTheTimerWhileTheFingerRestsWithNoEvent() throws {
        let scene = NSTemporaryDirectory() + "tb-longpress-\(UUID().uuidString).json"
        try #"""
        { "screen": [800, 480], "windows": [ { "name": "W", "root": { "name": "Pad",
          "consumes": ["touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled"],
          "gestures": [ { "type": "longPress", "name": "hold" } ] } } ] }
        """#.write(toFile: scene, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: scene) }
        let (device, _) = try createDevice(VirtualDevices.multitouch())
        let d = try daemon(device, ["--json", "--scene", scene])
        try device.frame([
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, 1), (k.EV_ABS, k.ABS_MT_POSITION_X, 1000),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 1000), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        // No event follows: only the timerfd can wake the daemon.
        #expect(d.waitFor(#""state":"began""#, timeout: 5), "the long press began while the finger rested: \(d.output)")
        let lines = d.output.split(separator: "\n")
        let time = { (needle: String) -> Double? in
            lines.first { $0.contains(needle) }.flatMap { l in
                (try? JSONSerialization.jsonObject(with: Data(l.utf8)) as? [String: Any])?["t"] as? Double
            }
        }
        let began = try #require(time(#""event":"touchesBegan""#))
        let pressed = try #require(time(#""state":"began""#))
        #expect(abs(pressed - began - 0.5) < 1e-6, "at the deadline: \(pressed - began) s after touch-down")
        try device.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0)])
        #expect(d.waitFor(#""state":"ended""#))
        #expect(d.stop() == 0)
    }

    @Test(arguments: [false, true])
    func aFingerAlreadyDownAtStartIsIgnoredUnlessAdopted(_ adopt: Bool) throws {
        let (device, _) = try createDevice(VirtualDevices.multitouch())
        try device.frame([
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, 1), (k.EV_ABS, k.ABS_MT_POSITION_X, 1000),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 1000), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        // The kernel holds the slot's state from the write on: the daemon reads it at open.
        let d = try daemon(device, ["--screen", "800x480"] + (adopt ? ["--adopt-initial-touches"] : []))
        try device.frame([(k.EV_ABS, k.ABS_MT_POSITION_X, 1200)])
        usleep(20_000)
        try device.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0)])
        usleep(20_000)
        try device.frame([
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, 2), (k.EV_ABS, k.ABS_MT_POSITION_X, 3000),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 1000), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        usleep(20_000)
        try device.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0)])
        #expect(d.waitFor("#2 ended"))
        #expect(d.stop() == 0)
        let calls = d.output.split(separator: "\n").map {
            $0.split(separator: " ").dropFirst(2).prefix(3).joined(separator: " ")
        }
        .filter { $0.hasPrefix("screen") }
        if adopt {
            #expect(
                calls == [
                    "screen #1 began", "screen #1 moved", "screen #1 ended", "screen #2 began", "screen #2 ended",
                ], "\(d.output)")
        } else {
            #expect(calls == ["screen #2 began", "screen #2 ended"], "\(d.output)")
            #expect(d.errors.contains("1 finger was already on the glass: ignored until lifted"))
        }
    }

    @Test func grabKeepsThePanelToOneDaemon() throws {
        let (device, _) = try createDevice(VirtualDevices.multitouch())
        let first = try daemon(device, ["--grab"])
        let second = try Spawned(touchbridgeExecutable, ["run", "--grab", device.devnode])
        #expect(second.wait(timeout: 10) == 65)
        #expect(second.errors.contains("cannot grab it: another program holds it exclusively"), "\(second.errors)")
        #expect(first.stop() == 0)
    }

    @Test func realtimeKeepsTheRecordedPaceAndWritesEachFrameAsItPlays() throws {
        // Two taps two seconds apart: with --realtime the first is out while the second waits.
        var lines = ["# EVEMU 1.3"]
        let header = try String(contentsOfFile: "\(Self.examples)/src/kiosk.evemu", encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("E:") && !$0.hasPrefix("#") }.map(String.init)
        lines += header
        for (t, id) in [(0.0, 1), (2.0, 2)] {
            for (offset, events) in [
                (0.0, "0003 0039 \(id)\nE: T 0003 0035 3000\nE: T 0003 0036 2000\nE: T 0000 0000 0"),
                (0.05, "0003 0039 -1\nE: T 0000 0000 0"),
            ] {
                let stamp = String(format: "%.6f", t + offset)
                lines.append("E: \(stamp) " + events.replacingOccurrences(of: "E: T", with: "E: \(stamp)"))
            }
        }
        let path = NSTemporaryDirectory() + "tb-realtime-\(UUID().uuidString).evemu"
        try lines.joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let d = try Spawned(touchbridgeExecutable, ["run", "--realtime", "--screen", "800x480", path])
        #expect(d.waitFor("#1 ended"), "the first tap is written as it plays")
        #expect(d.isRunning, "the second tap is still two seconds away")
        #expect(!d.output.contains("#2"), "the second tap is still two seconds away")
        #expect(d.wait(timeout: 10) == 0)
        #expect(d.output.contains("#2 ended"))
    }

    @Test func underJournaldDiagnosticsCarryTheirPriorityAndLogLevelFilters() throws {
        // A recording whose slot is beyond the panel's ten: a tracker warning.
        let header = try String(contentsOfFile: "\(Self.examples)/src/kiosk.evemu", encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("E:") }.joined(separator: "\n")
        let path = NSTemporaryDirectory() + "tb-journal-\(UUID().uuidString).evemu"
        try (header + "\nE: 0.000001 0003 002f 12\nE: 0.000001 0000 0000 0\n").write(
            toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let journal = { (stderrPath: String) -> [String: String] in
            var st = stat()
            _ = stat(stderrPath, &st)
            return ["JOURNAL_STREAM": "\(st.st_dev):\(st.st_ino)"]
        }
        let warned = try Spawned(touchbridgeExecutable, ["run", path], errorEnvironment: journal)
        #expect(warned.wait() == 0)
        #expect(
            warned.errors.hasPrefix("<4>touchbridge: \(path): ABS_MT_SLOT 12 is beyond the device's slots"),
            "\(warned.errors)")
        let quiet = try Spawned(
            touchbridgeExecutable, ["run", "--log-level", "error", path], errorEnvironment: journal)
        #expect(quiet.wait() == 0)
        #expect(quiet.errors.isEmpty, "warnings are below --log-level error: \(quiet.errors)")
        let failed = try Spawned(touchbridgeExecutable, ["run", "/nonexistent.evemu"], errorEnvironment: journal)
        #expect(failed.wait() == 66)
        #expect(failed.errors == "<3>touchbridge: /nonexistent.evemu: no such file\n")
        let plain = try Spawned(touchbridgeExecutable, ["run", path])
        #expect(plain.wait() == 0)
        #expect(plain.errors.hasPrefix("touchbridge: "), "no prefix outside journald")
    }

    @Test func aDeviceThatIsNotATouchscreenIsRefused() throws {
        var d = VirtualDevices.multitouch(name: "TB Keys Only")
        d.codes = [k.EV_KEY: BitSet([k.BTN_TOUCH])]
        d.absInfo = [:]
        let (device, _) = try createDevice(d)
        let run = try Spawned(touchbridgeExecutable, ["run", device.devnode])
        #expect(run.wait(timeout: 10) == 65)
        #expect(run.errors.contains("not a touchscreen"))
    }
}
