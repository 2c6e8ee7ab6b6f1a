import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing

/// `qualify` live in the VM, its prompts answered on a uinput panel.
@Suite("qualify on a uinput panel", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason), .serialized)
struct QualifyLiveTests {
    let clean = repositoryDirectory + "/examples/qualify-clean.evemu"

    /// The clean session's gestures, played on a uinput panel as the prompts ask for them.
    @Test func aLiveSessionAnsweredOnAUinputPanelPasses() throws {
        let recording = try EvemuParser(file: clean).parse(
            Array(try String(contentsOfFile: clean, encoding: .utf8).utf8))
        let (panel, _) = try createDevice(recording.description)
        let criteria = try Self.paceFreeCriteria()
        defer { unlink(criteria) }
        let p = try Spawned(
            touchbridgeExecutable, ["qualify", "--screen", "800x480", "--criteria", criteria, panel.devnode])
        let gestures = Self.gestures(of: recording)
        let prompted = 17  // 9 marks, 4 lines, rest, contacts, separation, taps: one prompt each
        for (i, g) in gestures.enumerated() {
            if i < prompted {
                #expect(
                    eventually { p.errors.components(separatedBy: "touchbridge: qualify: ").count - 1 >= i + 1 },
                    "\(p.errors)")
            }
            try Self.play(g, on: panel)
        }
        #expect(p.wait(timeout: 30) == 0, "\(p.output)\n\(p.errors)")
        #expect(p.output.hasSuffix("PASS\n"), "\(p.output)")
        #expect(p.output.contains("maxContacts  5"), "\(p.output)")
        #expect(Self.measuredReportRate(p.output) ?? 0 > 0, "the rate is measured: \(p.output)")
    }

    /// The published criteria but for the report rate: on a uinput panel the kernel stamps each
    /// frame when this test writes it, so the rate is the test's pacing, which a busy machine
    /// slows. The rate's arithmetic is held to recordings by the unit tests.
    static func paceFreeCriteria() throws -> String {
        let path = temporaryPath("criteria") + ".json"
        try "{\"reportRateHz\": 1}\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The lowest report rate the text report gives, in Hz.
    static func measuredReportRate(_ report: String) -> Double? {
        guard let line = report.split(separator: "\n").first(where: { $0.contains("reportRate") }) else { return nil }
        let words = line.split(separator: " ")
        guard let hz = words.firstIndex(of: "Hz"), hz > 0 else { return nil }
        return Double(words[hz - 1])
    }

    /// One gesture's frames written into `panel` at the pace they were recorded.
    static func play(_ gesture: [[InputEvent]], on panel: UInputDevice) throws {
        var last = gesture.first?.first?.time.inSeconds ?? 0
        for f in gesture {
            let t = f[0].time.inSeconds
            usleep(UInt32(max(0, t - last) * 1e6))
            last = t
            try panel.frame(f.filter { $0.type != Kernel.EV_SYN }.map { ($0.type, $0.code, $0.value) })
        }
    }

    /// A recording's gestures, each a list of frames: a gesture ends with the frame that lifts
    /// the last finger or the tip (BTN_TOUCH 0).
    static func gestures(of recording: Recording) -> [[[InputEvent]]] {
        var gestures: [[[InputEvent]]] = [[]]
        var frame: [InputEvent] = []
        for e in recording.events {
            frame.append(e)
            guard e.type == Kernel.EV_SYN else { continue }
            gestures[gestures.count - 1].append(frame)
            if frame.contains(where: { $0.type == Kernel.EV_KEY && $0.code == Kernel.BTN_TOUCH && $0.value == 0 }) {
                gestures.append([])
            }
            frame = []
        }
        return gestures.filter { !$0.isEmpty }
    }
}
