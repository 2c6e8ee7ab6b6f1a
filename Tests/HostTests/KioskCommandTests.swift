import ControlProtocol
import EventSocket
import Foundation
import HostTestSupport
import InputEvents
import PipelineTestSupport
import Testing
import TouchInput
import TouchKit

@testable import Host
@testable import Pipeline
@testable import TouchScene

/// Commands from outside in recorded time: blank and wake as the idle timer would (the touch
/// that wakes reaches nothing), the lock that swallows every touch until unlock or its end.
@Suite("Kiosk commands")
struct KioskCommandTests {
    static let client = KioskCause.command(uid: 1000, pid: 4242)

    /// Plays `r` through the pipeline as `run` does, carrying out `commands` (each at its
    /// recorded time, before the first event at or after it); the log's lines.
    func play(
        _ r: TestRecording, commands: [(Double, ControlCommand)] = [], json: Bool = false,
        answers: inout [ControlAnswer]
    ) throws -> [String] {
        var options = RunOptions()
        options.format = json ? .json : .text
        let sink = MemorySink()
        let run = try Runner(
            recordings: [try r.file("commands")], scene: try PipelineTestSupport.scene(TestScenes.payButton),
            options: options,
            sink: sink
        )
        let pipeline = run.touchPipeline
        try run.host.start(at: 0)
        var pending = commands[...]
        for e in r.events {
            while let (t, c) = pending.first, t <= e.time.inSeconds {
                pending.removeFirst()
                pipeline.advanceTime(to: t)
                answers.append(run.host.perform(c, cause: Self.client))
            }
            pipeline.advanceTime(to: e.time.inSeconds)
            pipeline.process(e, from: pipeline.panels[0])
        }
        for (t, c) in pending {
            pipeline.advanceTime(to: t)
            answers.append(run.host.perform(c, cause: Self.client))
        }
        pipeline.log.flush(to: sink)
        return sink.lines
    }

    func play(_ r: TestRecording, commands: [(Double, ControlCommand)] = [], json: Bool = false) throws -> [String] {
        var answers: [ControlAnswer] = []
        return try play(r, commands: commands, json: json, answers: &answers)
    }

    @Test func aLockSwallowsEveryTouchUntilUnlockAndSaysHowMany() throws {
        var r = TestRecording()
        r.tap(at: 1, id: 1, 200, 150)  // pays
        r.tap(at: 3, id: 2, 200, 150)  // locked: swallowed
        r.tap(at: 4, id: 3, 500, 300)  // locked: swallowed
        r.tap(at: 6, id: 4, 200, 150)  // unlocked: pays
        let log = try play(r, commands: [(2, .lock(seconds: nil)), (5, .unlock)])
        #expect(log.filter { $0.contains(" action pay ") }.count == 2, "\(log)")
        #expect(log.contains("2.000000 lock by command uid 1000 pid 4242"), "\(log)")
        #expect(log.contains("5.000000 unlock swallowed 2 by command uid 1000 pid 4242"), "\(log)")
        #expect(!log.contains { $0.hasPrefix("3.") || $0.hasPrefix("4.") }, "nothing of the locked taps: \(log)")
    }

    @Test func aLockWithSecondsEndsByItselfAtItsTime() throws {
        var r = TestRecording()
        r.tap(at: 2, id: 1, 200, 150)  // locked
        r.tap(at: 4, id: 2, 200, 150)  // the lock ended at 3.5: pays
        let log = try play(r, commands: [(0.5, .lock(seconds: 3))], json: true)
        #expect(
            log.contains(#"{"t":0.500000,"event":"lock","seconds":3.0,"cause":"command","uid":1000,"pid":4242}"#),
            "\(log)")
        #expect(log.contains(#"{"t":3.500000,"event":"unlock","swallowed":1,"cause":"timer"}"#), "\(log)")
        #expect(log.filter { $0.contains(#""action":"pay""#) }.count == 1, "\(log)")
    }

    @Test func aFingerDownWhenTheLockComesIsCancelledAndItsLiftEndsNothing() throws {
        var r = TestRecording()
        r.down(at: 1, id: 1, 200, 150)
        r.up(at: 3)  // on the button, but the lock at 2 cancelled it: nothing pays
        let log = try play(r, commands: [(2, .lock(seconds: nil))])
        #expect(log.contains { $0.hasPrefix("2.000000 touchesCancelled") }, "\(log)")
        #expect(!log.contains { $0.contains(" action pay ") }, "\(log)")
    }

    @Test func blankPutsTheKioskIdleAndTheTouchThatWakesItReachesNothing() throws {
        var r = TestRecording()
        r.tap(at: 2, id: 1, 200, 150)  // wakes: pays nothing
        r.tap(at: 3, id: 2, 200, 150)  // pays
        var answers: [ControlAnswer] = []
        let log = try play(r, commands: [(1, .blank), (1.5, .blank)], json: true, answers: &answers)
        #expect(log.contains(#"{"t":1.000000,"event":"idle","cause":"command","uid":1000,"pid":4242}"#), "\(log)")
        #expect(log.filter { $0.contains(#""event":"idle""#) }.count == 1, "a second blank changes nothing: \(log)")
        #expect(
            answers == [.ok(members: #""changed":true,"idle":true"#), .ok(members: #""changed":false,"idle":true"#)])
        #expect(
            log.contains {
                $0.hasPrefix(#"{"t":2.000000,"event":"wake","device":"#) && $0.contains(#""cause":"touch""#)
            })
        #expect(log.filter { $0.contains(#""action":"pay""#) }.count == 1, "\(log)")
    }

    @Test func wakeFromACommandWakesWithoutATouchAndTheNextTouchPays() throws {
        var r = TestRecording()
        r.tap(at: 3, id: 1, 200, 150)
        var answers: [ControlAnswer] = []
        let log = try play(r, commands: [(1, .blank), (2, .wake), (2.5, .wake)], answers: &answers)
        #expect(log.contains("2.000000 wake by command uid 1000 pid 4242"), "\(log)")
        #expect(log.filter { $0.contains(" action pay ") }.count == 1, "\(log)")
        #expect(answers.last == .ok(members: #""changed":false,"idle":false"#))
    }

    @Test func stateSaysIdleAndLockedAndTheLocksTimeLeft() throws {
        var r = TestRecording()
        r.frame(at: 0, [])
        var answers: [ControlAnswer] = []
        _ = try play(r, commands: [(1, .blank), (2, .lock(seconds: 10)), (5, .state)], answers: &answers)
        guard case .ok(let members)? = answers.last else {
            Issue.record("\(answers)")
            return
        }
        #expect(members.hasPrefix(#""idle":true,"locked":true,"lockSeconds":7.0,"scene":"#), "\(members)")
        #expect(members.contains(#""panels":[{"device":"#), "\(members)")
    }

    @Test func brightnessOnARecordingSaysThereIsNoDisplay() throws {
        var r = TestRecording()
        r.frame(at: 0, [])
        var answers: [ControlAnswer] = []
        _ = try play(r, commands: [(1, .brightness(value: 0.5, display: nil))], answers: &answers)
        #expect(answers == [.failed("a recording's panels have no display")])
    }

    @Test func aReloadThatCannotReadTheSceneSaysWhyAndTheSceneStays() throws {
        var r = TestRecording()
        r.tap(at: 2, id: 1, 200, 150)
        var answers: [ControlAnswer] = []
        let log = try play(r, commands: [(1, .reload)], answers: &answers)
        #expect(answers == [.failed("test.json: no such file (the scene in service stays)")])
        #expect(log.contains { $0.contains(" action pay ") }, "the scene in service still pays: \(log)")
    }
}
