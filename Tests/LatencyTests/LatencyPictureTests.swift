import Latency
import Testing

/// The samples drawn: bins of a round width from zero that hold every value, and a histogram
/// of each stage with its percentiles marked, the stages without a sample said.
@Suite struct LatencyPictureTests {
    @Test func binsHaveARoundWidthFromZeroAndHoldEveryValue() throws {
        let values = [0.0101, 0.0119, 0.0123, 0.0150, 0.0390]
        let h = try #require(Histogram(values))
        // 39 ms over 20 bins asks for 1.95 ms: 2 ms is the round width above it.
        #expect(h.width == 0.002)
        #expect(h.counts.count == 20)
        #expect(h.counts.reduce(0, +) == values.count)
        #expect(h.counts[5] == 2, "10.1 and 11.9 ms in 10–12 ms: \(h.counts)")
        #expect(h.counts[6] == 1)
        #expect(h.counts[7] == 1)
        #expect(h.counts[19] == 1, "the largest value in the last bin")
        #expect(Histogram([]) == nil)
        #expect(Histogram([0.01, -0.001]) == nil, "a negative duration is not drawn")
        #expect(Histogram([.infinity]) == nil)
        let zero = try #require(Histogram([0, 0]))
        #expect(zero.counts == [2])
    }

    func samples(_ n: Int) -> [LatencySample] {
        (0..<n).map { i in
            let k = Double(i)
            let d = 0.004 + 0.001 * Double(i % 3)
            // The display's wait: 10 to 34 ms, beyond a 60 Hz refresh.
            let wait = 0.010 + 0.008 * Double(i % 4)
            return LatencySample(kernel: k, delivered: k + d, committed: k + d + 0.002, presented: k + d + 0.002 + wait)
        }
    }

    @Test func eachStageIsAHistogramWithItsPercentilesMarked() {
        let all = samples(20) + [LatencySample(kernel: 30, delivered: nil)]
        let svg = LatencyPicture.svg(all, refresh: 0.016667)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.contains("20 complete samples of 21 touches, refresh 16.67 ms"))
        for stage in LatencyStage.allCases {
            #expect(svg.contains("id=\"\(stage.key)\""), "\(stage)")
            #expect(svg.contains(">\(stage.words)</text>"), "\(stage)")
        }
        // Each stage's bars hold the 20 complete samples, the incomplete one left out.
        let counts = svg.split(separator: "\n").compactMap { line -> Int? in
            let fields = line.split(separator: "\"", omittingEmptySubsequences: false)
            guard let i = fields.firstIndex(of: " data-count="), i + 1 < fields.count else { return nil }
            return Int(fields[i + 1])
        }
        #expect(counts.reduce(0, +) == 4 * 20, "\(counts)")
        for p in ["p50", "p95", "p99"] {
            #expect(occurrences(of: "class=\"\(p)\"", in: svg) == 4, "\(p) marked on every stage")
        }
        #expect(svg.contains("p50 5 ms"), "kernel → delivered: 4, 5 and 6 ms, 5 at the median")
        #expect(svg.contains("class=\"refresh\""), "the refresh period beside the display's stage")
    }

    @Test func withNoCompleteSampleEveryStageSaysSo() {
        let svg = LatencyPicture.svg([LatencySample(kernel: 1, delivered: 1.01)], refresh: 0)
        #expect(svg.contains("0 complete samples of 1 touches"))
        #expect(!svg.contains("refresh "), "no refresh period said")
        #expect(!svg.contains("class=\"refresh\""))
        #expect(occurrences(of: "no complete sample<", in: svg) == 4)
        #expect(!svg.contains("class=\"bin\""))
    }

    func occurrences(of s: String, in text: String) -> Int {
        text.split(separator: "\n").filter { $0.contains(s) }.count
    }
}
