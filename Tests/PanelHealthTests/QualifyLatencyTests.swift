import PanelHealth
import Testing

/// qualify's latency step (`--latency`): its figure judged by `latencyP95MS`, reported like
/// the others in text and JSON, failing when nothing was measured.
@Suite struct QualifyLatencyTests {
    func report(_ figures: QualifyReport.LatencyFigures?, limit: Double? = nil) -> QualifyReport {
        var r = QualifyReport(unit: "mm")
        r.latency = figures
        if let limit { #expect(r.criteria.set("latencyP95MS", limit) == nil) }
        return r
    }

    @Test func theWholeChainsP95IsJudgedAgainstTheCriterion() throws {
        let figures = QualifyReport.LatencyFigures(taps: 20, complete: 19, p50: 0.030, p95: 0.040, p99: 0.045)
        let passing = try #require(report(figures).verdicts.first { $0.name == "latency" })
        #expect(passing.pass, "40 ms within the default 50")
        #expect(passing.value == "p95 40 ms, 19 of 20 taps")
        #expect(passing.limit == "p95 ≤ 50 ms over ≥ 90 % of taps")
        let strict = try #require(report(figures, limit: 30).verdicts.first { $0.name == "latency" })
        #expect(!strict.pass)
        let json = report(figures).json(panel: "p")
        #expect(
            json.contains("\"latency\":{\"taps\":20,\"complete\":19,\"p50MS\":30,\"p95MS\":40,\"p99MS\":45}"), "\(json)"
        )
        #expect(json.contains("\"latency\":true"), "its verdict: \(json)")
        #expect(report(figures).text(panel: "p").contains("latency"))
    }

    /// One tap of twenty shown, fast: no verdict on the nineteen the compositor never showed.
    @Test func aVerdictNeedsNineTapsInTenCompleteAndSaysTheShortfall() throws {
        let thin = QualifyReport.LatencyFigures(taps: 20, complete: 1, p50: 0.010, p95: 0.010, p99: 0.010)
        let v = try #require(report(thin).verdicts.first { $0.name == "latency" })
        #expect(!v.pass)
        #expect(v.value == "p95 10 ms, 1 of 20 taps; 17 short of the 18 needed")
        var relaxed = report(thin)
        #expect(relaxed.criteria.set("latencyCompleteFraction", 0.05) == nil)
        #expect(relaxed.verdicts.first { $0.name == "latency" }?.pass == true, "1 of 20 is 5 %")
        var c = QualifyCriteria()
        #expect(c.set("latencyCompleteFraction", 0) != nil)
        #expect(c.set("latencyCompleteFraction", 1.5) != nil)
    }

    @Test func nothingMeasuredFailsAndNoStepMeansNoVerdict() throws {
        let none = QualifyReport.LatencyFigures(taps: 5, complete: 0, p50: nil, p95: nil, p99: nil)
        let v = try #require(report(none).verdicts.first { $0.name == "latency" })
        #expect(!v.pass)
        #expect(v.value == "not measured")
        #expect(report(none).json(panel: "p").contains("\"p95MS\":null"))
        #expect(!report(nil).verdicts.contains { $0.name == "latency" })
        #expect(!report(nil).json(panel: "p").contains("latency"))
    }

    @Test func theCriterionIsOneACriteriaFileSets() {
        var c = QualifyCriteria()
        #expect(c.latencyP95MS == 50)
        #expect(QualifyCriteria.keys.contains("latencyP95MS"))
        #expect(c.set("latencyP95MS", 35) == nil)
        #expect(c.latencyP95MS == 35)
        #expect(c.set("latencyP95MS", -1) != nil)
    }
}
