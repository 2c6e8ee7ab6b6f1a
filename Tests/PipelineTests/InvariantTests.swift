import Pipeline
import PipelineChecks
import Testing
import TouchInput

/// The pipeline's invariants over seeded random streams (legal and illegal), through the
/// built-in scene and a busy one with every recognizer and control: each touchesBegan a
/// responder gets is matched by exactly one end; nothing arrives for a touch that never began
/// there; recognizers follow UIKit's state machine; controls their tracking rules; nothing
/// is left down. `make soak` runs the same over millions of events.
@Suite("Pipeline invariants on random streams")
struct InvariantTests {
    @Test(arguments: [("standard", 1 as UInt64), ("standard", 2), ("busy", 3), ("busy", 4)])
    func invariantsHold(_ sceneName: String, _ seed: UInt64) {
        let scene = sceneName == "busy" ? CheckScenes.busy : CheckScenes.standard
        let report = RandomStreams(scene: scene).run(seed: seed, events: 60_000)
        #expect(report.violations.isEmpty, "seed \(seed): \(report.violations.prefix(5).joined(separator: "\n"))")
        #expect(report.events >= 60_000, "the streams reach the responders: \(report.calls) calls")
        #expect(report.calls > 1_000, "the streams reach the responders: \(report.calls) calls")
        if sceneName == "busy" {
            #expect(report.recognitions > 0, "recognizers and controls take part: \(report)")
            #expect(report.actions > 0, "recognizers and controls take part: \(report)")
        }
        // Both hazards happen in every run (so the invariants above held across them): a
        // SYN_DROPPED resync, and a device vanishing mid-touch (its touches end as cancelled).
        #expect(report.dropped > 0, "SYN_DROPPED resyncs take place")
        #expect(report.devicesVanished > 0, "devices vanish mid-stream")
    }

    @Test(arguments: [5 as UInt64, 6])
    func invariantsHoldWithIdleWakeAndGhosts(_ seed: UInt64) {
        var streams = RandomStreams(scene: CheckScenes.busyIdle)
        streams.ghostSeconds = 0.3
        let report = streams.run(seed: seed, events: 60_000)
        #expect(report.violations.isEmpty, "seed \(seed): \(report.violations.prefix(5).joined(separator: "\n"))")
        #expect(report.wakes > 0, "the kiosk went idle and woke, and ghosts were cancelled: \(report)")
        #expect(report.ghosts > 0, "the kiosk went idle and woke, and ghosts were cancelled: \(report)")
        #expect(report.calls > 1_000)
    }

    @Test(arguments: [7 as UInt64, 8])
    func invariantsHoldWithEveryNoiseRuleOn(_ seed: UInt64) throws {
        var streams = RandomStreams(scene: CheckScenes.busyIdle)
        streams.noise = try NoiseChoice.parse("all").get()
        let report = streams.run(seed: seed, events: 60_000)
        #expect(report.violations.isEmpty, "seed \(seed): \(report.violations.prefix(5).joined(separator: "\n"))")
        #expect(report.noise > 0, "touches were judged noise: \(report)")
        #expect(report.calls > 1_000, "the rest reached the responders: \(report)")
    }

    @Test func theSameSeedGivesTheSameCallsEveryTime() {
        // Recognizers once keyed touches by object address; a freed touch's address reused by
        // a new one made arbitration depend on the allocator. Two runs must agree call for call.
        func trace() -> String {
            var text = ""
            var streams = RandomStreams(scene: CheckScenes.busy)
            streams.trace = { text += $0 }
            _ = streams.run(seed: 1007, events: 80_000)
            return text
        }
        let (a, b) = (trace(), trace())
        #expect(a.count > 100_000)
        #expect(a == b)
    }

    @Test func theCheckerCatchesABrokenRule() {
        // An illegal recognizer transition and an end without a beginning are violations.
        #expect(!InvariantCheckerProbe.legal(from: .possible, to: .changed, discrete: false))
        #expect(!InvariantCheckerProbe.legal(from: .possible, to: .began, discrete: true))
        #expect(InvariantCheckerProbe.legal(from: .failed, to: .recognized, discrete: true))
        #expect(InvariantCheckerProbe.legal(from: .changed, to: .cancelled, discrete: false))
    }
}
