import PanelHealth
import Testing
import TouchInput

/// Verdicts that can be trusted: a line is judged against its target, end to end; a session
/// that ended early says what it did not reach and gives no figure for it.
struct QualifyVerdictTests {
    func report(lines: [(fit: Double, target: Double, span: Double)?], missing: [QualifyPlan.Step] = [])
        -> QualifyReport
    {
        var r = QualifyReport(unit: "mm")
        r.tapErrors = [0.2]
        r.taps = [ScreenPoint(x: 1, y: 1)]
        r.lines = lines
        r.jitter = 0.1
        r.reportRate = 120
        r.maxContacts = 10
        r.separation = 12
        r.tapsAsked = 10
        r.tapsMade = 10
        r.missing = missing
        return r
    }

    func verdict(_ r: QualifyReport, _ name: String) -> QualifyReport.Verdict? { r.judged.first { $0.name == name } }

    @Test func aStraightStrokeFarFromItsTargetFails() {
        let r = report(lines: [(fit: 0.1, target: 0.3, span: 1), (fit: 0.05, target: 96, span: 1)])
        #expect(r.linearityMax == 96)
        #expect(verdict(r, "linearity")?.pass == false)
        #expect(!r.pass)
    }

    @Test func aStrokeThatStopsHalfwayFails() {
        let r = report(lines: [(fit: 0.1, target: 0.3, span: 0.5)])
        let v = verdict(r, "linearity")
        #expect(v?.pass == false)
        #expect(v?.value == "line 1 spans 50 % of its target")
    }

    @Test func aGoodSessionPasses() {
        let r = report(lines: [(fit: 0.1, target: 0.3, span: 0.97)])
        #expect(r.pass)
        #expect(r.text(panel: "p").hasSuffix("PASS\n"))
    }

    @Test func anUnfinishedSessionGivesNoFigureForWhatItDidNotReach() {
        let r = report(lines: [nil, nil], missing: [.line(0), .line(1), .rest, .contacts, .separation])
        #expect(r.isUnfinished)
        #expect(!r.pass)
        let text = r.text(panel: "p")
        #expect(text.contains("UNFINISHED: the session ended before lines 1 to 2, rest, contacts, separation"))
        #expect(text.contains("----  linearity    not measured "))
        #expect(!text.contains("not measured mm"))
        #expect(verdict(r, "accuracy")?.measured == true)
        let json = r.json(panel: "p")
        #expect(json.contains("\"linearity\":null"))
        #expect(json.contains("\"accuracy\":true"))
        #expect(json.contains("\"unfinished\":[\"line 1\",\"line 2\",\"rest\",\"contacts\",\"separation\"]"))
    }
}
