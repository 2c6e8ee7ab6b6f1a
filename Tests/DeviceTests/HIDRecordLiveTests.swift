import Foundation
import Glibc
import ProgramTestSupport
import Testing

/// `touchbridge hid-record` beside hid-tools' own `hid-recorder` on the same hidraw node of a
/// real panel re-created through uhid: the two files describe the device alike and hold the same
/// reports in the same order, so either replays with hid-tools' `hid-replay`.
@Suite(
    "HID recording below the driver", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason),
    .enabled(if: UHIDPanel.available, "needs a writable /dev/uhid (the test VM has one)"), .serialized)
struct HIDRecordLiveTests {
    /// The hidraw node of the HID device behind an event node.
    static func hidraw(of eventNode: String) throws -> String {
        let dir = "/sys/class/input/\(eventNode.split(separator: "/").last ?? "")/device/device/hidraw"
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("hidraw") }
        return "/dev/" + (try #require(names.first, "no hidraw node under \(dir)"))
    }

    /// The lines of a recording that start with `prefix`, without it.
    static func lines(_ text: String, _ prefix: String) -> [String] {
        text.split(separator: "\n").filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }

    /// An `E:` line's length and bytes, its time left out.
    static func report(_ line: String) -> String { line.split(separator: " ").dropFirst().joined(separator: " ") }

    @Test func hidRecordWritesWhatHidRecorderWrites() throws {
        let panel = try UHIDPanel("eGalax capacitive 0eef:7224")
        let node = try Self.hidraw(of: panel.node)
        let ours = try Spawned(touchbridgeExecutable, ["hid-record", node])
        let theirs = try Spawned(
            "/usr/bin/python3", [UHIDPanel.pythonPath + "/bin/hid-recorder", node],
            environment: ["PYTHONPATH": UHIDPanel.pythonPath])
        #expect(ours.waitFor("I: "), "\(ours.errors)")
        #expect(theirs.waitFor("I: ", timeout: UHIDPanel.pythonStart), "\(theirs.errors)")
        try panel.play("tap")
        try panel.play("drag")
        // Both have read every report once they hold as many, and some.
        let counts = { (Self.lines(ours.output, "E: ").count, Self.lines(theirs.output, "E: ").count) }
        #expect(eventually { counts().0 > 0 ? counts().0 == counts().1 : false }, "\(counts())")
        #expect(ours.stop() == 0, "\(ours.errors)")
        _ = theirs.stop()
        for prefix in ["R: ", "N: ", "I: "] {
            #expect(Self.lines(ours.output, prefix) == Self.lines(theirs.output, prefix), "\(prefix)")
        }
        #expect(Self.lines(ours.output, "E: ").map(Self.report) == Self.lines(theirs.output, "E: ").map(Self.report))
        #expect(Self.lines(ours.output, "E: ").first?.hasPrefix("000000.000000 ") == true, "\(ours.output)")
        // Its Contact Count Maximum (feature report 4) as the controller answered it (8); the
        // Device Mode report it refuses is not there.
        #expect(Self.lines(ours.output, "# F: ") == ["4 2 04 08"], "\(ours.output)")
    }

    /// evtest's event lines without their times.
    static func events(_ evtest: String) -> [String] {
        evtest.split(separator: "\n").filter { $0.hasPrefix("Event: time ") }.map {
            String($0.drop { $0 != "," }.dropFirst(2))
        }
    }

    /// The event node of the input device named `name`, once udev has it.
    static func eventNode(named name: String) -> String? {
        let dir = "/sys/class/input"
        let nodes = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return nodes.filter { $0.hasPrefix("event") }.first { n in
            let text = (try? String(contentsOfFile: "\(dir)/\(n)/device/name", encoding: .utf8)) ?? ""
            return text.trimmingCharacters(in: .newlines) == name
        }.map { "/dev/input/" + $0 }
    }

    @Test func hidReplayMakesTheKernelsDriverGiveTheEventsItGaveLive() throws {
        let evtest = try #require(tool("evtest"), "evtest is not installed")
        let name = "touchbridge uhid eGalax capacitive 0eef:7224"
        var recording = ""
        var live: [String] = []
        do {
            let panel = try UHIDPanel("eGalax capacitive 0eef:7224")
            let record = try Spawned(touchbridgeExecutable, ["hid-record", try Self.hidraw(of: panel.node)])
            let reader = try Spawned(evtest, [panel.node])
            #expect(record.waitFor("I: "), "\(record.errors)")
            #expect(reader.waitFor("Testing ..."), "\(reader.output)")
            try panel.play("tap")
            try panel.play("drag")
            #expect(eventually { Self.events(reader.output).filter { $0.contains("SYN_REPORT") }.count >= 20 })
            Thread.sleep(forTimeInterval: 1)
            #expect(record.stop() == 0, "\(record.errors)")
            reader.stop()
            recording = record.output
            live = Self.events(reader.output)
        }
        #expect(eventually { Self.eventNode(named: name) == nil }, "the panel is gone before its replay")
        let file = testTemporaryDirectory + "/egalax.hid"
        try recording.write(toFile: file, atomically: true, encoding: .utf8)
        let replay = try Spawned(touchbridgeExecutable, ["hid-replay", "--start-delay", "3", file])
        #expect(eventually { replay.errors.contains("its driver started") }, "\(replay.errors)")
        var node: String?
        #expect(
            eventually {
                node = Self.eventNode(named: name)
                return node != nil
            }, "\(replay.errors)")
        let reader = try Spawned(evtest, [try #require(node)])
        #expect(reader.waitFor("Testing ..."), "\(reader.output)")
        #expect(replay.wait(timeout: 60) == 0, "\(replay.errors)")
        reader.stop()
        #expect(!live.isEmpty)
        #expect(Self.events(reader.output) == live, "\(replay.errors)")
    }
}
