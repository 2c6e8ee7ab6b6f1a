import Latency
import Testing

/// The arithmetic of touch-to-photon latency: stages from a sample's moments, percentiles by
/// nearest rank, and kernel and compositor touch-downs paired by order and place, a touch one
/// side missed left unmatched.
@Suite struct LatencyTests {
    @Test func aSampleIsCompleteOnlyWithEveryMomentInOrder() {
        let s = LatencySample(kernel: 1.000, delivered: 1.004, committed: 1.006, presented: 1.020)
        #expect(s.isComplete)
        #expect(s.seconds(.compositor).map { ($0 * 1e6).rounded() } == 4000)
        #expect(s.seconds(.app).map { ($0 * 1e6).rounded() } == 2000)
        #expect(s.seconds(.display).map { ($0 * 1e6).rounded() } == 14000)
        #expect(s.seconds(.whole).map { ($0 * 1e6).rounded() } == 20000)
        #expect(!LatencySample(kernel: 1, delivered: 1.1).isComplete)
        let backwards = LatencySample(kernel: 2, delivered: 1, committed: 3, presented: 4)
        #expect(!backwards.isComplete)
        #expect(backwards.seconds(.compositor) == nil)
    }

    @Test func percentilesAreMeasuredValuesByNearestRank() throws {
        #expect(Percentiles([]) == nil)
        let one = try #require(Percentiles([0.5]))
        #expect([one.p50, one.p95, one.p99] == [0.5, 0.5, 0.5])
        let hundred = try #require(Percentiles((1...100).map { Double($0) }.reversed()))
        #expect([hundred.p50, hundred.p95, hundred.p99] == [50, 95, 99])
        #expect(hundred.count == 100)
        let twenty = try #require(Percentiles((1...20).map(Double.init)))
        #expect([twenty.p50, twenty.p95, twenty.p99] == [10, 19, 20])
    }

    @Test func theSummaryCountsIncompleteSamplesAndLeavesThemOut() {
        let samples = [
            LatencySample(kernel: 0, delivered: 0.002, committed: 0.003, presented: 0.010),
            LatencySample(kernel: 1, delivered: 1.004, committed: 1.005, presented: 1.020),
            LatencySample(kernel: 2, delivered: nil),
        ]
        let s = LatencySummary(samples)
        #expect(s.complete == 2)
        #expect(s.incomplete == 1)
        #expect(s.stages[.whole]?.count == 2)
        #expect(s.stages[.whole]?.p50 == 0.010)
    }

    typealias Down = TouchDownMatching.Down

    static func taps(_ times: [Double], x: Double = 0.5) -> [Down] {
        times.enumerated().map { Down(time: $1, x: x + Double($0) * 0.2, y: 0.5) }
    }

    @Test func touchDownsArePairedByOrderAndPlace() {
        let kernel = Self.taps([1, 2, 3])
        let delivered = Self.taps([1.01, 2.01, 3.01])
        let pairs = TouchDownMatching.match(kernel: Self.taps([1, 2, 3]), delivered: delivered)
        #expect(pairs.map(\.kernel) == [0, 1, 2])
        #expect(pairs.map(\.delivered) == [0, 1, 2])
        #expect(kernel.count == 3)
    }

    @Test func aTouchTheCompositorMissedLeavesOnlyItsKernelSideUnmatched() {
        var delivered = Self.taps([1.01, 2.01, 3.01])
        delivered.remove(at: 1)
        let pairs = TouchDownMatching.match(kernel: Self.taps([1, 2, 3]), delivered: delivered)
        #expect(
            pairs == [.init(kernel: 0, delivered: 0), .init(kernel: 1, delivered: nil), .init(kernel: 2, delivered: 1)])
    }

    @Test func aTouchTheKernelSideMissedOrOneElsewhereStaysUnmatched() {
        var kernel = Self.taps([1, 2, 3])
        kernel.remove(at: 0)
        let pairs = TouchDownMatching.match(kernel: kernel, delivered: Self.taps([1.01, 2.01, 3.01]))
        #expect(
            pairs == [.init(kernel: nil, delivered: 0), .init(kernel: 0, delivered: 1), .init(kernel: 1, delivered: 2)])
        // Too late (over the window) or elsewhere: not the same touch.
        let late = TouchDownMatching.match(
            kernel: [Down(time: 1, x: 0.5, y: 0.5)], delivered: [Down(time: 2.5, x: 0.5, y: 0.5)])
        #expect(late == [.init(kernel: nil, delivered: 0), .init(kernel: 0, delivered: nil)])
        let far = TouchDownMatching.match(
            kernel: [Down(time: 1, x: 0.1, y: 0.5)], delivered: [Down(time: 1.01, x: 0.9, y: 0.5)])
        #expect(far == [.init(kernel: nil, delivered: 0), .init(kernel: 0, delivered: nil)])
    }

    @Test func touchesElsewhereThanThePanelSaysArePairedByOrderAlone() {
        // A compositor that turns the panel: every place differs, the order holds.
        let kernel = Self.taps([1, 2, 3])
        let turned = Self.taps([1.01, 2.01, 3.01]).map { Down(time: $0.time, x: 1 - $0.x, y: $0.y) }
        let placed = TouchDownMatching.pairs(kernel: kernel, delivered: Self.taps([1.01, 2.01, 3.01]))
        #expect(placed.byPlace)
        let r = TouchDownMatching.pairs(kernel: kernel, delivered: turned)
        #expect(!r.byPlace)
        #expect(r.pairs.map(\.kernel) == [0, 1, 2])
        #expect(r.pairs.map(\.delivered) == [0, 1, 2])
    }
}
