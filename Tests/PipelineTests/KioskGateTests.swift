import Foundation
import InputEvents
import PipelineChecks
import PipelineTestSupport
import Testing
import TouchInput

@testable import Pipeline
@testable import TouchKit
@testable import TouchScene

/// The kiosk's one gate, per input kind: locked, a pen's hover and barrel buttons, keys and
/// shakes reach nothing, as fingers do; idle, a pen or a key wakes the kiosk and reaches
/// nothing until it ends, and a shake reaches nothing without waking it.
@Suite("The kiosk's gate for every input")
struct KioskGateTests {
    static let client = KioskCause.command(uid: 1000, pid: 77)

    /// A pad with a hover recognizer that sends an action, a barrel press and a key press.
    static let scene = #"""
        { "screen": [800, 480], "appDelegate": { "name": "AppDelegate", "actions": ["hovered"] },
          "firstResponder": "pad",
          "windows": [ { "name": "W", "root": { "name": "pad", "presses": ["BTN_STYLUS", "KEY_ENTER"],
            "consumes": ["motionBegan", "motionEnded", "motionCancelled"],
            "gestures": [ { "type": "hover", "name": "hover", "action": "hovered" } ] } } ] }
        """#

    final class Run {
        let pipeline: TouchPipeline
        let pen: Panel
        var ms: Int64 = 0

        init() throws {
            pipeline = TouchPipeline(
                scene: SceneInstance(
                    scene: try PipelineTestSupport.scene(KioskGateTests.scene), screen: Size(width: 800, height: 480),
                    log: HandlerLog(format: .text)))
            let d = SamplePen.description(name: "test pen")
            pen = pipeline.addPanel(
                node: "/dev/input/event6", description: d, mapper: ScreenMapper(device: d, screen: (800, 480))!,
                time: 0)
        }

        /// Input time now, 10 ms on for each frame.
        var now: Double { Double(ms) / 1000 }

        func frame(_ events: [(UInt16, UInt16, Int32)]) {
            ms += 10
            pipeline.advanceTime(to: now)
            for (type, code, value) in events + [(k.EV_SYN, k.SYN_REPORT, 0)] {
                pipeline.process(
                    InputEvent(time: EventTime(totalMicroseconds: ms * 1000), type: type, code: code, value: value),
                    from: pen)
            }
        }

        /// The pen comes near, hovers, presses its barrel button, writes and goes.
        func penVisit() {
            frame([(k.EV_KEY, k.BTN_TOOL_PEN, 1), (k.EV_ABS, k.ABS_X, 12_700), (k.EV_ABS, k.ABS_Y, 8000)])
            frame([(k.EV_ABS, k.ABS_X, 13_000)])
            frame([(k.EV_KEY, k.BTN_STYLUS, 1)])
            frame([(k.EV_KEY, k.BTN_STYLUS, 0)])
            frame([(k.EV_KEY, k.BTN_TOUCH, 1), (k.EV_ABS, k.ABS_PRESSURE, 1000)])
            frame([(k.EV_KEY, k.BTN_TOUCH, 0), (k.EV_ABS, k.ABS_PRESSURE, 0)])
            frame([(k.EV_KEY, k.BTN_TOOL_PEN, 0)])
        }

        var lines: [String] { pipeline.log.buffer.string.split(separator: "\n").map(String.init) }
        func count(_ word: String) -> Int { lines.filter { $0.contains(word) }.count }
    }

    @Test func anOpenGateLetsThePenThrough() throws {
        let run = try Run()
        run.penVisit()
        #expect(run.count("gesture hover") > 0, "\(run.lines)")
        #expect(run.count("action hovered") > 0, "\(run.lines)")
        #expect(run.count("pressesBegan pad BTN_STYLUS") == 1, "\(run.lines)")
        #expect(run.count("touchesBegan pad") == 1, "\(run.lines)")
    }

    @Test func aLockedKioskGivesAPensHoverBarrelAndTipNothing() throws {
        let run = try Run()
        run.pipeline.lockTouches(seconds: nil, cause: Self.client, at: 0)
        run.penVisit()
        #expect(run.count("gesture hover") == 0, "\(run.lines)")
        #expect(run.count("action hovered") == 0, "\(run.lines)")
        #expect(run.count("presses") == 0, "\(run.lines)")
        #expect(run.count("touches") == 0, "\(run.lines)")
        #expect(run.pipeline.unlockTouches(cause: Self.client, at: run.now))
        #expect(run.lines.last?.contains("unlock swallowed 2") == true, "the pen's visit and its tip: \(run.lines)")
        run.penVisit()
        #expect(run.count("action hovered") > 0, "unlocked, the pen reaches the window again: \(run.lines)")
    }

    @Test func aLockWhileThePenHoversEndsItsHoverAndBarrelPress() throws {
        let run = try Run()
        run.frame([(k.EV_KEY, k.BTN_TOOL_PEN, 1), (k.EV_ABS, k.ABS_X, 12_700), (k.EV_ABS, k.ABS_Y, 8000)])
        run.frame([(k.EV_KEY, k.BTN_STYLUS, 1)])
        run.pipeline.lockTouches(seconds: nil, cause: Self.client, at: run.now)
        let atLock = run.lines.count
        run.frame([(k.EV_ABS, k.ABS_X, 13_000)])
        run.frame([(k.EV_KEY, k.BTN_STYLUS, 0)])
        run.frame([(k.EV_KEY, k.BTN_TOOL_PEN, 0)])
        #expect(run.count("gesture hover on pad ended") == 1, "the hover ends at the lock: \(run.lines)")
        #expect(run.count("pressesCancelled pad BTN_STYLUS") == 1, "\(run.lines)")
        #expect(Array(run.lines[atLock...]).isEmpty, "nothing after the lock: \(run.lines)")
    }

    @Test func aPenWakesTheIdleKioskAndReachesNothingUntilItGoes() throws {
        let run = try Run()
        #expect(run.pipeline.blank(cause: Self.client, at: 0))
        run.penVisit()
        let wake = run.lines.filter { $0.contains(" wake ") }
        #expect(wake.count == 1, "\(run.lines)")
        #expect(wake.first?.contains("by pen") == true, "\(wake)")
        #expect(run.count("gesture hover") == 0, "\(run.lines)")
        #expect(run.count("presses") == 0, "\(run.lines)")
        #expect(run.count("touchesBegan") == 0, "the tip while the waking pen is near: \(run.lines)")
        run.penVisit()
        #expect(run.count("action hovered") > 0, "its next visit reaches the window: \(run.lines)")
        #expect(run.count("touchesBegan pad") == 1, "\(run.lines)")
    }

    @Test func keysAreSwallowedWhileLockedAndWakeTheIdleKioskWithoutReachingIt() throws {
        let run = try Run()
        let keys = run.pipeline.addAuxiliary(
            node: "/dev/input/event7", description: AuxiliaryDeviceTests.keypad, kind: .keys, time: 0)
        func press(at t: Double) {
            for down in [true, false] {
                run.pipeline.process(
                    InputEvent(
                        time: EventTime(totalMicroseconds: Int64((t + (down ? 0 : 0.05)) * 1e6)), type: k.EV_KEY,
                        code: AuxiliaryDeviceTests.keyEnter, value: down ? 1 : 0), from: keys)
            }
        }
        run.pipeline.lockTouches(seconds: nil, cause: Self.client, at: 0)
        press(at: 1)
        #expect(run.count("presses") == 0, "\(run.lines)")
        #expect(run.pipeline.unlockTouches(cause: Self.client, at: 2))
        #expect(run.lines.last?.contains("unlock swallowed 1") == true, "\(run.lines)")
        #expect(run.pipeline.blank(cause: Self.client, at: 3))
        press(at: 4)
        #expect(run.count("presses") == 0, "the waking key reaches nothing, nor its release: \(run.lines)")
        #expect(run.lines.last?.contains("wake /dev/input/event7 by key") == true, "\(run.lines)")
        press(at: 5)
        #expect(run.count("pressesBegan pad KEY_ENTER") == 1, "the next press does: \(run.lines)")
        #expect(run.count("pressesEnded pad KEY_ENTER") == 1, "\(run.lines)")
    }

    @Test func aShakeReachesNothingWhileLockedOrIdleAndWakesNothing() throws {
        let path = "\(examplesDirectory)/shake.evemu"
        let recording = try EvemuParser(file: path).parse(try String(contentsOfFile: path, encoding: .utf8))
        for closing in ["open", "lock", "blank"] {
            let run = try Run()
            let accelerometer = run.pipeline.addAuxiliary(
                node: "/dev/input/event9", description: recording.description, kind: .accelerometer, time: 0)
            if closing == "lock" {
                run.pipeline.lockTouches(seconds: nil, cause: Self.client, at: 0)
            } else if closing == "blank" {
                #expect(run.pipeline.blank(cause: Self.client, at: 0))
            }
            for e in recording.events {
                run.pipeline.advanceTime(to: e.time.inSeconds)
                run.pipeline.process(e, from: accelerometer)
            }
            #expect((run.count("motion") == 0) == (closing != "open"), "\(closing): \(run.lines)")
            #expect(run.count(" wake ") == 0, "\(closing): a shake wakes nothing: \(run.lines)")
        }
    }

    @Test func aWakeLineNamesNoPlaceWhereTheLogsReadersMayLearnNone() {
        for json in [false, true] {
            let log = HandlerLog(format: json ? .json : .text)
            log.wake(node: "/dev/input/event4", id: 7, location: Point(x: 400, y: 380.5), time: 1)
            log.namesWakingPlaces = false
            log.wake(node: "/dev/input/event4", id: 8, location: Point(x: 120, y: 60), time: 2)
            let lines = log.buffer.string.split(separator: "\n").map(String.init)
            #expect(lines.count == 2)
            #expect(lines[0].contains("400"), "the control: \(lines[0])")
            #expect(!lines[1].contains("120"), "\(lines[1])")
            #expect(!lines[1].contains("8"), "no contact id either: \(lines[1])")
            #expect(lines[1].contains("/dev/input/event4"), "the panel is still named: \(lines[1])")
        }
    }
}
