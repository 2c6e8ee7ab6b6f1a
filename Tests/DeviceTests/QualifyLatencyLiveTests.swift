import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing

/// `qualify --latency` live in the VM under sway: the clean session's gestures answered on a
/// uinput panel, then taps measured as `latency` measures them, the figure judged by the
/// criteria file and reported beside the others.
@Suite(
    "qualify's latency step", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason),
    .enabled(if: MarksCompositor.installed("/usr/bin/sway"), "sway and grim (make test installs them)"),
    .serialized)
struct QualifyLatencyLiveTests {
    /// A uinput panel of the clean recording's description, sway, and `qualify --latency TAPS
    /// --json` on the panel with its gestures played, waiting at the latency step's first tap.
    struct AtTheTaps {
        var panel: UInputDevice
        let qualify: Spawned
        let session: MarksCompositor
        let criteria: String

        init(taps: Int) throws {
            let clean = repositoryDirectory + "/examples/qualify-clean.evemu"
            let recording = try EvemuParser(file: clean).parse(
                Array(try String(contentsOfFile: clean, encoding: .utf8).utf8))
            (panel, _) = try createDevice(recording.description)
            // The report rate is the test's pacing on a uinput panel (QualifyLiveTests); an emulated
            // machine's latency is no panel's: the limit is one it meets, the verdict's arithmetic
            // is the unit tests'. Under emulation sway 1.7 may lose its first touch: 7 of 8 taps.
            criteria = temporaryPath("criteria") + ".json"
            try "{\"reportRateHz\": 1, \"latencyP95MS\": 60000, \"latencyCompleteFraction\": 0.85}\n".write(
                toFile: criteria, atomically: true, encoding: .utf8)
            session = try MarksCompositor("/usr/bin/sway", drm: "/dev/dri/card1", input: true)
            let socket = try #require(session.socket(), "\(session.compositor.errors.suffix(1500))")
            _ = session.swayIPC()
            let p = try Spawned(
                "/usr/bin/env",
                [
                    "WAYLAND_DISPLAY=\(socket)", touchbridgeExecutable, "qualify", "--screen", "800x480", "--criteria",
                    criteria, "--latency", "\(taps)", "--json", panel.devnode,
                ])
            qualify = p
            for (i, g) in QualifyLiveTests.gestures(of: recording).enumerated() {
                if i < 17 {
                    #expect(
                        eventually(timeout: 60) {
                            p.errors.components(separatedBy: "touchbridge: qualify: ").count - 1 >= i + 1
                        },
                        "\(p.errors)")
                }
                try QualifyLiveTests.play(g, on: panel)
            }
            #expect(eventually(timeout: 90) { p.errors.contains("tap the panel \(taps) times") }, "\(p.errors)")
            Thread.sleep(forTimeInterval: 1)
        }

        func end() {
            session.stop()
            unlink(criteria)
        }
    }

    @Test func theTapsAfterTheGesturesAreMeasuredAndJudged() throws {
        let taps = 8
        let at = try AtTheTaps(taps: taps)
        defer { at.end() }
        let p = at.qualify
        _ = try LatencyLiveTests().tap(at.panel, taps)
        #expect(p.wait(timeout: 90) == 0, "\(p.output)\n\(p.errors)")
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(p.output.utf8)) as? [String: Any], "\(p.output) \(p.errors)")
        let latency = try #require(root["latency"] as? [String: Any], "\(p.output)")
        #expect(latency["taps"] as? Int == taps)
        #expect((latency["complete"] as? Int ?? 0) >= taps - 1, "\(latency) \(p.errors)")
        let p95 = try #require(latency["p95MS"] as? Double, "\(latency)")
        #expect(p95 > 0)
        #expect((root["verdicts"] as? [String: Any])?["latency"] as? Bool == true, "\(p.output)")
        #expect(root["pass"] as? Bool == true, "\(p.output)")
    }

    /// The panel gone after two of eight taps: no verdict on two taps; qualify ends as it does for a
    /// panel unplugged during the gestures (66, the node named), and nothing is left waiting.
    @Test func aPanelUnpluggedDuringTheTapsEndsQualifyAsDuringTheGestures() throws {
        var at = try AtTheTaps(taps: 8)
        defer { at.end() }
        let p = at.qualify
        let node = at.panel.devnode
        _ = try LatencyLiveTests().tap(at.panel, 2)
        // Another device in its place: the first one is destroyed.
        at.panel = try UInputDevice(VirtualDevices.multitouch(name: "TB Test Other Panel"))
        #expect(p.wait(timeout: 60) == 66, "\(p.output)\n\(p.errors)")
        #expect(p.errors.contains("\(node): the device was unplugged"), "\(p.errors)")
        #expect(p.output.isEmpty, "no report on part of the session: \(p.output)")
    }
}
