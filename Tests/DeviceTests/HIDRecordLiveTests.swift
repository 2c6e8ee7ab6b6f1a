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
        #expect(theirs.waitFor("I: "), "\(theirs.errors)")
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
    }
}
