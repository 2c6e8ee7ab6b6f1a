import Evdev
import Foundation
import HostTestSupport
import InputEvents
import PipelineTestSupport
import Testing
import TouchInput
import TouchScene

@testable import Host

/// `libinput record` files read as evemu recordings are: `examples/kiosk.libinput.yml` was
/// recorded with `libinput record` in the VM while `evemu-play` played `examples/kiosk.evemu`
/// into a device made from it, so both give the same log; udev's properties the file carries
/// apply as a live panel's would; a file libinput's layout does not explain is refused with
/// its line.
@Suite("libinput record files")
struct LibinputRecordTests {
    let yaml = "\(examplesDirectory)/kiosk.libinput.yml"

    /// The log without times, device names and nodes (the recordings' paths differ).
    func log(_ path: String, options: RunOptions = RunOptions()) throws -> [String] {
        var o = options
        o.format = .json
        let sink = MemorySink()
        try Runner(
            recordings: [path], scene: try Scene.read(path: "\(examplesDirectory)/kiosk.json"), options: o, sink: sink
        ).run()
        return withoutTimes(sink.lines).map { $0.replacingOccurrences(of: path, with: "PANEL") }
    }

    @Test func aLibinputRecordingGivesTheLogItsEvemuTwinGives() throws {
        let mine = try log(yaml)
        let evemu = try log("\(examplesDirectory)/kiosk.evemu")
        #expect(mine.count == evemu.count)
        #expect(mine.count > 20)
        #expect(mine == evemu)
        let r = try RecordingReader(path: yaml)
        #expect(r.description.name == "touchbridge example panel")
        #expect(r.description.id.product == 0x5679)
        #expect(r.udevProperties["ID_INPUT_TOUCHSCREEN"] == "1")
        #expect(r.udevProperties["ID_INPUT_WIDTH_MM"] == "199")
        #expect(r.description.absInfo[Kernel.ABS_MT_POSITION_X] == AbsInfo(minimum: 0, maximum: 7999, resolution: 40))
    }

    /// The file with `lines` added to its udev properties, or its text changed by `edit`.
    func variant(_ name: String, adding lines: [String] = [], edit: (String) -> String = { $0 }) throws -> String {
        var text = try String(contentsOfFile: yaml, encoding: .utf8)
        text = text.replacingOccurrences(
            of: "    - ID_INPUT=1\n", with: "    - ID_INPUT=1\n" + lines.map { "    - \($0)\n" }.joined())
        let path = recordingDirectory + "/\(name).yml"
        try edit(text).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func itsCalibrationMatrixAppliesAsTheLivePanelsWould() throws {
        let matrix = [1.02, 0, -0.01, 0, 0.98, 0.01]
        let path = try variant(
            "calibrated", adding: ["LIBINPUT_CALIBRATION_MATRIX=\(matrix.map { "\($0)" }.joined(separator: " "))"])
        var given = RunOptions()
        given.calibration = ScreenMapper.Calibration(matrix)
        let calibrated = try log(path)
        #expect(
            calibrated == (try log("\(examplesDirectory)/kiosk.evemu", options: given)),
            "the property does what --calibration does")
        #expect(calibrated != (try log(yaml)), "and it moved the touches")
    }

    @Test func libinputsFuzzPropertiesTurnTheJitterFilterOnAsLive() throws {
        // libinput's udev rule moves a panel's fuzz out of the kernel into LIBINPUT_FUZZ_*.
        let path = try variant("fuzz", adding: ["LIBINPUT_FUZZ_35=1000", "LIBINPUT_FUZZ_36=1000"])
        func setting(_ p: String) throws -> JitterSetting {
            try Runner(recordings: [p], scene: nil, options: RunOptions(), sink: MemorySink()).touchPipeline.panels[0]
                .jitterSetting
        }
        let withFuzz = try setting(path)
        let without = try setting(yaml)
        #expect(withFuzz != without, "\(withFuzz)")
        let filtered = try log(path)
        let plain = try log(yaml)
        #expect(filtered != plain, "the filter held back some of the moves")
    }

    @Test func severalDevicesPlayTogether() throws {
        let path = try variant("two") { text in
            let device = text[text.range(of: "- node:")!.lowerBound...]
            return text.replacingOccurrences(of: "ndevices: 1", with: "ndevices: 2")
                + device.replacingOccurrences(of: "event0", with: "event1")
        }
        let readers = try RecordingReader.open(path: path)
        #expect(readers.count == 2)
        #expect(readers.allSatisfy { $0.description.name == "touchbridge example panel" })
        let sink = MemorySink()
        try Runner(recordings: [path], scene: nil, options: RunOptions(), sink: sink).run()
        #expect(sink.lines.filter { $0.contains("deviceAdded") }.count == 2, "\(sink.lines.prefix(3))")
        // `--device 1`: that one alone.
        var one = RunOptions()
        one.recordedDevice = 1
        let single = MemorySink()
        try Runner(recordings: [path], scene: nil, options: one, sink: single).run()
        #expect(single.lines.filter { $0.contains("deviceAdded") }.count == 1)
        #expect(throws: RecordingError.self) { try RecordingReader(path: path, device: 2) }
    }

    @Test(arguments: [
        ("version: 2", "version: 1"),
        ("    id: [3, 4660, 22137, 256]", "id: [bustype, vendor, product, version]"),
        (
            "    - [  0,  80829,   3,  57,      -1] # EV_ABS / ABS_MT_TRACKING_ID       -1",
            "an event as [seconds, microseconds, type, code, value]"
        ),
        ("      53: [0, 7999, 0, 0, 40]", "an axis as CODE: [minimum, maximum, fuzz, flat, resolution]"),
    ])
    func aMalformedFileIsRefusedWithItsLine(_ line: String, _ expected: String) throws {
        let text = try String(contentsOfFile: yaml, encoding: .utf8)
        let number = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0 == line }.map {
            $0 + 1
        }
        let broken: String
        switch expected {
        case "version: 1": broken = line.replacingOccurrences(of: "1", with: "2")
        case let e where e.hasPrefix("id:"): broken = "    id: [3, 4660]"
        case let e where e.hasPrefix("an event"): broken = "    - [  0,  80829,   3,  57]"
        default: broken = "      53: [0, 7999, 0, 0]"
        }
        let lookup = expected == "version: 1" ? "version: 1" : line
        let found = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0 == lookup }.map {
            $0 + 1
        }
        // A file of its own: the cases run in parallel (one shared name let a case read another's file).
        let name = "broken-\(UUID().uuidString)"
        let path = try variant(name) { $0.replacingOccurrences(of: lookup + "\n", with: broken + "\n") }
        #expect(number != nil || found != nil, "the fixture has the line")
        #expect { try RecordingReader(path: path) } throws: { e in
            "\(e)".contains("\(name).yml:\(found ?? 0): expected") && "\(e)".contains(expected)
        }
    }
}
