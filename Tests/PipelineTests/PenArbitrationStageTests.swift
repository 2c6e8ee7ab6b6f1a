import Pipeline
import Testing
import TouchInput
import TouchKit

/// Pen and touch arbitration as a stage of its own: which fingers it leaves out, when a pen's
/// coming near cancels them, and where each was last.
struct PenArbitrationStageTests {
    @Test func aPenComingNearLeavesNewFingersOfItsGroupOutAndOthersIn() {
        var pens = PenArbitration(isOn: true)
        let fingerBefore = pens.leavesOut(1, .began, at: Point(x: 10, y: 10), group: "tablet")
        #expect(!fingerBefore)
        let penCame = pens.pen(of: "tablet", isNear: true)
        #expect(penCame, "the first frame near cancels the fingers")
        let penStays = pens.pen(of: "tablet", isNear: true)
        #expect(!penStays, "once")
        let cancelledAt = pens.lastPlace(of: 1)
        #expect(cancelledAt == Point(x: 10, y: 10))
        let fingerUnderPen = pens.leavesOut(2, .began, at: Point(x: 20, y: 20), group: "tablet")
        #expect(fingerUnderPen)
        let otherPanel = pens.leavesOut(3, .began, at: Point(x: 30, y: 30), group: "another panel")
        #expect(!otherPanel)
        let penWent = pens.pen(of: "tablet", isNear: false)
        #expect(!penWent)
        let fingerAfter = pens.leavesOut(4, .began, at: Point(x: 40, y: 40), group: "tablet")
        #expect(!fingerAfter)
    }

    @Test func offItLeavesNothingOut() {
        var pens = PenArbitration(isOn: false)
        let penCameOff = pens.pen(of: "tablet", isNear: true)
        #expect(!penCameOff)
        let fingerOff = pens.leavesOut(1, .began, at: Point(x: 10, y: 10), group: "tablet")
        #expect(!fingerOff)
    }

    @Test func aFingerThatLiftedHasNoPlaceLeft() {
        var pens = PenArbitration(isOn: true)
        _ = pens.leavesOut(1, .began, at: Point(x: 10, y: 10), group: "tablet")
        _ = pens.leavesOut(1, .ended, at: Point(x: 12, y: 10), group: "tablet")
        let place = pens.lastPlace(of: 1)
        #expect(place == Point(x: 0, y: 0))
    }
}
