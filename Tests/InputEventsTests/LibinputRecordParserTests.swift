import InputEvents
import Testing

/// The `libinput record` reader refuses what its layout cannot place with the line and what
/// was expected there, never trapping: a device's lines before its `- node:` entry, an axis
/// declared without its range, a range upside down.
@Suite("libinput record parser")
struct LibinputRecordParserTests {
    /// A one-device file in libinput record's layout, `codes` and `absinfo` as given.
    func file(node: Bool = true, absinfo: [String] = ["0: [0, 999, 0, 0, 10]", "1: [0, 599, 0, 0, 10]"]) -> [UInt8] {
        var lines = ["# libinput record", "version: 1", "ndevices: 1", "devices:"]
        if node { lines.append("- node: /dev/input/event3") }
        lines += [
            "  evdev:", "    name: \"panel\"", "    id: [3, 1, 2, 1]", "    codes:",
            "      1: [330] # BTN_TOUCH", "      3: [0, 1] # ABS_X, ABS_Y", "    absinfo:",
        ]
        lines += absinfo.map { "      " + $0 }
        lines += [
            "    properties: [1]", "  udev:", "    properties:", "    - ID_INPUT=1", "  events:", "  - evdev:",
            "    - [0, 10, 3, 0, 500]", "    - [0, 10, 0, 0, 0]",
        ]
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    func refusal(_ bytes: [UInt8]) -> RecordingError? {
        do {
            _ = try LibinputRecordParser(file: "f.yml").parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func aWholeFileReadsWithItsAxes() throws {
        let devices = try LibinputRecordParser(file: "f.yml").parse(file())
        #expect(devices.count == 1)
        #expect(devices[0].node == "/dev/input/event3")
        #expect(
            devices[0].recording.description.absInfo[Kernel.ABS_Y] == AbsInfo(minimum: 0, maximum: 599, resolution: 10))
        #expect(devices[0].recording.events.count == 2)
        #expect(devices[0].udevProperties["ID_INPUT"] == "1")
    }

    @Test func aDeviceWithoutItsNodeLineIsRefusedAtItsFirstLine() {
        let e = refusal(file(node: false))
        #expect(e?.line == 5, "the `evdev:` line: \(String(describing: e))")
        #expect(e?.expected.contains("- node:") == true)
    }

    @Test func anAxisDeclaredWithoutItsRangeIsRefusedAtItsCodesLine() {
        let e = refusal(file(absinfo: ["0: [0, 999, 0, 0, 10]"]))
        #expect(e?.line == 11, "the `3: [0, 1]` line: \(String(describing: e))")
        #expect(e?.expected.contains("`1: [minimum, maximum, fuzz, flat, resolution]`") == true)
    }

    @Test func aRangeUpsideDownIsRefusedAtItsLine() {
        let e = refusal(file(absinfo: ["0: [0, 999, 0, 0, 10]", "1: [600, 5, 0, 0, 10]"]))
        #expect(
            e?.line == 14,
            "\(String(describing: e))")
        #expect(
            e?.expected.contains("minimum (600) no larger than its maximum (5)") == true,
            "\(String(describing: e))")
    }
}
