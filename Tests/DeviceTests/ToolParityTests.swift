import Discovery
import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Runtime
import Testing

/// touchbridge's dumps against the reference tools, run side by side on the same kernel
/// device: the outputs must be identical, header and event lines alike.
@Suite("Parity with evtest and evemu-record", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason), .serialized)
struct ToolParityTests {
    static let cases: [(String, DeviceDescription, [Frame])] = [
        ("protocol B", VirtualDevices.multitouch(), Streams.multitouch),
        ("single touch", VirtualDevices.singleTouch(), Streams.singleTouch),
        ("protocol A", VirtualDevices.protocolA(), Streams.protocolA),
    ]

    /// Runs `reference` and touchbridge on one device while `frames` play; returns both outputs.
    func sideBySide(
        _ description: DeviceDescription, _ frames: [Frame], reference: [String], ours: [String],
        ready: String, signal: Int32 = SIGTERM
    ) throws -> (String, String) {
        let (device, _) = try createDevice(description)
        let theirs = try Spawned(reference[0], Array(reference.dropFirst()) + [device.devnode])
        let mine = try Spawned(touchbridgeExecutable, ours + [device.devnode])
        #expect(mine.waitFor(ready), "touchbridge did not start")
        // evemu-record buffers its header until the first event, so its start cannot be
        // seen; both tools open the device right after exec, long before this.
        _ = theirs.waitFor(ready, timeout: 1)
        try Streams.play(frames, on: device)
        let reports = frames.count
        for p in [theirs, mine] {
            _ = eventually { p.output.components(separatedBy: "SYN_REPORT").count - 1 >= reports }
        }
        theirs.signal(signal)
        mine.stop()
        theirs.stop()
        return (theirs.output, mine.output)
    }

    @Test(arguments: 0..<3)
    func evtestDumpMatchesEvtest(_ index: Int) throws {
        let evtest = try #require(tool("evtest"), "evtest is not installed")
        let (name, description, frames) = Self.cases[index]
        let (theirs, mine) = try sideBySide(
            description, frames, reference: [evtest], ours: ["evtest"],
            ready: "Testing ... (interrupt to exit)")
        #expect(theirs.contains("SYN_REPORT"), "\(name): evtest saw no events")
        let a = theirs.split(separator: "\n", omittingEmptySubsequences: false)
        let b = mine.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(a.count == b.count, "\(name): \(a.count) lines from evtest, \(b.count) from touchbridge")
        for (i, (x, y)) in zip(a, b).enumerated() where x != y {
            Issue.record("\(name): line \(i + 1) differs\n  evtest:      \(x)\n  touchbridge: \(y)")
            break
        }
    }

    @Test(arguments: 0..<3)
    func recordingMatchesEvemuRecord(_ index: Int) throws {
        let record = try #require(tool("evemu-record"), "evemu-record is not installed")
        let (name, description, frames) = Self.cases[index]
        let (theirs, mine) = try sideBySide(
            description, frames, reference: [record], ours: ["record"],
            ready: "#      Waiting for events      #", signal: SIGINT)
        #expect(theirs.contains("E: "), "\(name): evemu-record saw no events")
        let a = theirs.split(separator: "\n", omittingEmptySubsequences: false)
        let b = mine.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(a.count == b.count, "\(name): \(a.count) lines from evemu-record, \(b.count) from touchbridge")
        for (i, (x, y)) in zip(a, b).enumerated() where x != y && !sameEventAllowingRounding(x, y) {
            Issue.record("\(name): line \(i + 1) differs\n  evemu-record: \(x)\n  touchbridge:  \(y)")
            break
        }
        // And the recording reads back as the device it was made on.
        let parsed = try EvemuParser(file: "recording").parse(mine)
        #expect(parsed.description.name == description.name)
        #expect(parsed.description.codes[Kernel.EV_ABS] == description.codes[Kernel.EV_ABS])
        #expect(parsed.events.filter(\.isReport).count == frames.count)
    }

    /// Two `E:` lines that differ only in the relative time, by at most 2 µs: evemu-record
    /// rounds its relative times, touchbridge computes them exactly.
    func sameEventAllowingRounding(_ x: Substring, _ y: Substring) -> Bool {
        let fx = x.split(separator: " ", maxSplits: 2)
        let fy = y.split(separator: " ", maxSplits: 2)
        guard fx.count == 3, fy.count == 3, fx[0] == "E:", fy[0] == "E:", fx[2] == fy[2],
            let tx = Double(fx[1]), let ty = Double(fy[1])
        else { return false }
        return abs(tx - ty) <= 2.5e-6
    }

    @Test func grabbedDumpKeepsOthersOutAndReleasesOnSIGTERM() throws {
        let evtest = try #require(tool("evtest"))
        let device = try UInputDevice(VirtualDevices.singleTouch())
        let mine = try Spawned(touchbridgeExecutable, ["evtest", "--grab", device.devnode])
        #expect(mine.waitFor("Testing ... (interrupt to exit)"))
        let theirs = try Spawned(evtest, [device.devnode])
        #expect(theirs.waitFor("This device is grabbed by another process."))
        theirs.stop()
        #expect(mine.stop() == 0, "SIGTERM ends the dump cleanly")
        let probe = try EvdevDevice(path: device.devnode)
        #expect(throws: Never.self) { try probe.grab() }
    }

    @Test func dumpEndsWithAClearErrorWhenTheDeviceIsUnplugged() throws {
        var device: UInputDevice? = try UInputDevice(VirtualDevices.singleTouch())
        let node = device!.devnode
        let mine = try Spawned(touchbridgeExecutable, ["evtest", node])
        #expect(mine.waitFor("Testing ... (interrupt to exit)"))
        try device!.frame([(Kernel.EV_KEY, Kernel.BTN_TOUCH, 1)])
        // The kernel hands out nothing once the device is gone (read says ENODEV first), so
        // unplug only after the event was read.
        #expect(mine.waitFor("BTN_TOUCH), value 1"))
        device = nil
        #expect(mine.wait() == 66)
        #expect(mine.output.hasSuffix("-------------- SYN_REPORT ------------\n"), "the output ends on a whole frame")
    }

    @Test func replayRecreatesTheRecordedDevice() throws {
        let text = """
            # EVEMU 1.3
            N: TB Replayed Panel
            I: 0018 0eef 0001 0100
            P: 02 00 00 00 00 00 00 00
            B: 00 0b 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 04 00 00 00 00 00 00
            B: 03 03 00 00 00 00 00 00 00
            A: 00 0 4095 0 0 0
            A: 01 0 4095 0 0 0
            E: 0.000001 0001 014a 0001
            E: 0.000001 0003 0000 0100
            E: 0.000001 0003 0001 0200
            E: 0.000001 0000 0000 0000
            E: 0.020000 0003 0000 0150
            E: 0.020000 0000 0000 0000
            E: 0.040000 0001 014a 0000
            E: 0.040000 0000 0000 0000

            """
        let recording = try EvemuParser(file: "replay").parse(text)
        let path = NSTemporaryDirectory() + "tb-replay-\(getpid()).evemu"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let monitor = try HotplugMonitor()
        let replay = try Spawned(touchbridgeExecutable, ["replay", "--start-delay", "1", path])
        var node: String?
        _ = eventually {
            _ = waitReadable([monitor.fd], timeoutMs: 100)
            while let c = monitor.next() {
                if c.action == .added && c.device.name == "TB Replayed Panel" { node = c.device.devnode }
            }
            return node != nil
        }
        let reader = try EvdevDevice(path: try #require(node))
        #expect(reader.description.id.bustype == Kernel.BUS_I2C)
        var seen: [InputEvent] = []
        _ = eventually {
            _ = waitReadable([reader.fd], timeoutMs: 100)
            _ = try? reader.read(.raw) { e, _ in seen.append(e) }
            return seen.filter(\.isReport).count >= 3
        }
        #expect(
            seen.map { "\($0.type) \($0.code) \($0.value)" }
                == recording.events.map { "\($0.type) \($0.code) \($0.value)" })
        // The recorded gaps (20 ms) are kept, give or take the scheduler.
        let gap = seen[4].time.totalMicroseconds - seen[0].time.totalMicroseconds
        #expect(gap >= 15_000)
        replay.stop()
    }
}
