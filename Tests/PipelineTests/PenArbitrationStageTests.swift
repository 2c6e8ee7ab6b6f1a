import Pipeline
import Testing
import TouchInput
import TouchKit

/// Pen and touch arbitration as a stage of its own: which fingers it leaves out, when a pen's
/// coming near cancels them, and where each was last.
struct PenArbitrationStageTests {
    @Test func aPenComingNearLeavesNewFingersOfItsGroupOutAndOthersIn() {
        var pens = PenArbitration(isOn: true)
        let r1 = pens.leavesOut(1, .began, at: Point(x: 10, y: 10), group: "tablet")
        #expect(!r1)
        let r2 = pens.pen(of: "tablet", isNear: true)
        #expect(r2, "the first frame near cancels the fingers")
        let r3 = pens.pen(of: "tablet", isNear: true)
        #expect(!r3, "once")
        let r4 = pens.lastPlace(of: 1)
        #expect(r4 == Point(x: 10, y: 10))
        let r5 = pens.leavesOut(2, .began, at: Point(x: 20, y: 20), group: "tablet")
        #expect(r5)
        let r6 = pens.leavesOut(3, .began, at: Point(x: 30, y: 30), group: "another panel")
        #expect(!r6)
        let r7 = pens.pen(of: "tablet", isNear: false)
        #expect(!r7)
        let r8 = pens.leavesOut(4, .began, at: Point(x: 40, y: 40), group: "tablet")
        #expect(!r8)
    }

    @Test func offItLeavesNothingOut() {
        var pens = PenArbitration(isOn: false)
        let r9 = pens.pen(of: "tablet", isNear: true)
        #expect(!r9)
        let r10 = pens.leavesOut(1, .began, at: Point(x: 10, y: 10), group: "tablet")
        #expect(!r10)
    }

    @Test func aFingerThatLiftedHasNoPlaceLeft() {
        var pens = PenArbitration(isOn: true)
        _ = pens.leavesOut(1, .began, at: Point(x: 10, y: 10), group: "tablet")
        _ = pens.leavesOut(1, .ended, at: Point(x: 12, y: 10), group: "tablet")
        let r11 = pens.lastPlace(of: 1)
        #expect(r11 == Point(x: 0, y: 0))
    }
}
