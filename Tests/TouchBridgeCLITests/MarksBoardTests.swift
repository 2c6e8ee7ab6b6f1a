import Marks
import PanelHealth
import Testing
import TouchInput

@testable import TouchBridgeCLI

/// What calibrate and qualify put on the panel at each step and at the end.
struct MarksBoardTests {
    let plan = QualifyPlan.standard(width: 1920, height: 1080)

    @Test func aMarkStepShowsTheMarksDoneAskedForAndToCome() {
        let scene = QualifyBoard.scene(plan, step: .mark(2))
        #expect(scene.marks.map(\.state) == [.taken, .taken, .waiting] + Array(repeating: .pending, count: 6))
        #expect(scene.lines.isEmpty)
        #expect(scene.focus == plan.marks[2])
        #expect(scene.instruction == plan.prompt(.mark(2)))
    }

    @Test func aLineStepShowsItsLineWithWhatWasDrawnAndNotTheLinesToCome() {
        let stroke = [ScreenPoint(x: 192, y: 540), ScreenPoint(x: 600, y: 541)]
        let scene = QualifyBoard.scene(plan, step: .line(1), strokes: [0: stroke, 1: stroke])
        #expect(scene.lines.map(\.state) == [.taken, .waiting])
        #expect(scene.lines[0].drawn == stroke)
        #expect(scene.marks.allSatisfy { $0.state == .taken })
        #expect(scene.marks.count == 9)
    }

    @Test func aStepWithNoPlaceShowsItsWordsAlone() {
        let scene = QualifyBoard.scene(plan, step: .rest)
        #expect(scene.marks.isEmpty)
        #expect(scene.lines.isEmpty)
        #expect(scene.instruction == plan.prompt(.rest))
    }

    @Test func theVerdictSaysUnfinishedApartFromFail() {
        var r = QualifyReport(unit: "mm")
        r.missing = [.rest]
        let shown = QualifyBoard.result(r).result
        #expect(shown?.lines.first == "UNFINISHED")
        #expect(shown?.pass == false)
    }
}
