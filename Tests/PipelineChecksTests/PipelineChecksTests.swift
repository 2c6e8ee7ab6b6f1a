import PipelineChecks
import Testing
import TouchScene

/// The checks the tests, the fuzzers and `make soak` rely on: a seed gives the same stream
/// every time, and the checker's state machine refuses what UIKit's forbids.
struct PipelineChecksTests {
    @Test func aSeedGivesTheSameNumbersAndTheSameRunEveryTime() {
        var a = SeededRandom(seed: 42)
        var b = SeededRandom(seed: 42)
        var c = SeededRandom(seed: 43)
        let first = (0..<8).map { _ in a.next() }
        #expect(first == (0..<8).map { _ in b.next() })
        #expect(first != (0..<8).map { _ in c.next() })
        let streams = RandomStreams(scene: CheckScenes.busy)
        let one = streams.run(seed: 7, events: 2_000, eventsPerStream: 1_000)
        let two = streams.run(seed: 7, events: 2_000, eventsPerStream: 1_000)
        #expect(one.events >= 2_000)
        #expect(one.events == two.events)
        #expect(one.calls == two.calls)
        #expect(one.calls > 0, "the busy scene hears the touches")
        #expect(one.violations.isEmpty, "\(one.violations)")
    }

    @Test func theCheckersStateMachineIsUIKits() {
        #expect(InvariantCheckerProbe.legal(from: .possible, to: .began, discrete: false))
        #expect(InvariantCheckerProbe.legal(from: .began, to: .changed, discrete: false))
        #expect(
            !InvariantCheckerProbe.legal(from: .possible, to: .began, discrete: true), "a tap is recognized at once")
        #expect(!InvariantCheckerProbe.legal(from: .ended, to: .changed, discrete: false))
    }
}
