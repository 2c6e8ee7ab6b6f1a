import Testing
import TouchKit

/// UIKit's screen-edge pan: it begins only for a touch that came down within `edgeZone` of
/// one of its `edges` and moved inward; anywhere else, or outward or along the edge, it fails.
@Suite("The screen-edge pan")
struct ScreenEdgePanTests {
    /// A 400×800 window with a full-screen view carrying a right-edge (and here left-edge) pan.
    func run(edges: ScreenEdgePanGestureRecognizer.RectEdge, _ path: [(Double, Double)]) -> [String] {
        let log = CallLog()
        let (app, view) = gestureScreen(log)
        let pan = ScreenEdgePanGestureRecognizer(name: "edge")
        pan.edges = edges
        pan.addTarget(nil) { g in log.add("\(g.state.rawValue)") }
        view.addGestureRecognizer(pan)
        var states: [String] = []
        pan.stateObserver = { g in states.append(g.state.rawValue) }
        for (i, (x, y)) in path.enumerated() {
            touch(app, 1, i == 0 ? .began : .moved, x, y, at: Double(i) * 0.02)
        }
        touch(app, 1, .ended, path.last!.0, path.last!.1, at: Double(path.count) * 0.02)
        return states
    }

    @Test func aTouchFromTheRightEdgeMovingInwardBeginsChangesAndEnds() {
        #expect(run(edges: .right, [(392, 300), (385, 302), (370, 303), (340, 305)]) == ["began", "changed", "ended"])
    }

    @Test func fromTheMiddleOrAnotherEdgeItFails() {
        #expect(run(edges: .right, [(200, 300), (170, 300), (140, 300)]) == ["failed"], "not near an edge")
        #expect(
            run(edges: .right, [(5, 300), (30, 300), (60, 300)]) == ["failed"],
            "near the left edge, which it does not watch")
        #expect(run(edges: [.left, .right], [(5, 300), (30, 300), (60, 300)]) == ["began", "changed", "ended"])
    }

    @Test func movingAlongTheEdgeOrOutwardFails() {
        #expect(run(edges: .right, [(392, 300), (392, 320), (391, 350)]) == ["failed"], "along the edge")
        #expect(
            run(edges: .bottom, [(200, 795), (200, 785), (200, 760)]) == ["began", "changed", "ended"],
            "up from the bottom")
        #expect(
            run(edges: .top, [(200, 15), (200, 5), (200, 0)]) == ["failed"],
            "outward, off the top: never 10 points inward")
    }
}
