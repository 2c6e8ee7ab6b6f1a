import InputEvents
import PipelineTestSupport
import Testing
import TouchInput
import TouchKit

@testable import Pipeline

/// The contacts in flight as a stage of their own: those in the window with their panel, those
/// that reach nothing until they end, and who is told as the last one lifts.
struct TouchesInFlightStageTests {
    func panel(_ number: Int) -> Panel {
        let d = examplePanel()
        return Panel(
            number: number, node: "/dev/input/event\(number)", name: "test panel", description: d,
            mapper: ScreenMapper(device: d, screen: (800, 480))!, placement: PanelPlacement(), ids: ContactIDs()
        ) { _ in }
    }

    @Test func theLastLiftIsToldOnceEachTime() {
        final class Lifts { var count = 0 }
        let lifts = Lifts()
        var touches = TouchesInFlight(allLifted: { lifts.count += 1 })
        let p = panel(1)
        touches.began(1, on: p)
        touches.began(2, on: p)
        touches.ended(1)
        #expect(lifts.count == 0, "one still down")
        touches.ended(2)
        #expect(lifts.count == 1)
        touches.began(3, on: p)
        touches.ended(3)
        #expect(lifts.count == 2)
    }

    @Test func aContactTakenOutReachesNothingUntilItEnds() {
        var touches = TouchesInFlight()
        let p = panel(1)
        touches.began(1, on: p)
        let taken = touches.takeOut(1)
        #expect(taken === p)
        #expect(touches.active.isEmpty)
        let again = touches.takeOut(1)
        #expect(again == nil, "no longer down")
        let moving = touches.isIgnored(1, ending: false)
        let ending = touches.isIgnored(1, ending: true)
        let after = touches.isIgnored(1, ending: false)
        #expect(moving)
        #expect(ending, "its end is ignored too, and forgets it")
        #expect(!after)
    }

    @Test func ignoringOnePanelsContactsLeavesTheOthers() {
        var touches = TouchesInFlight()
        let (a, b) = (panel(1), panel(2))
        touches.began(1, on: a)
        touches.began(2, on: b)
        touches.began(3, on: a)
        let ofA = touches.ignoreActive(of: a)
        #expect(ofA.sorted() == [1, 3])
        #expect(touches.active.keys.sorted() == [2])
        let three = touches.isIgnored(3, ending: false)
        let two = touches.isIgnored(2, ending: false)
        #expect(three)
        #expect(!two)
        let rest = touches.ignoreActive()
        #expect(rest == [2], "every panel's")
        #expect(touches.active.isEmpty)
    }
}
