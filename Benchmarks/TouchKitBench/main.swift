// Microbenchmarks for TouchKit: hit testing and touch dispatch on a 10 000-view tree of depth
// 20. Run: swift run -c release touchkit-bench   (numbers go to BENCHMARKS.md)
#if canImport(Glibc)
import Glibc
#endif
import TouchKit

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Runs `body` repeatedly for about `seconds`, returns nanoseconds per call (best of 5).
func measure(_ name: String, seconds: Double = 0.4, _ body: () -> Void) {
    var best = Double.infinity
    for _ in 0..<5 {
        var n = 0
        let start = now()
        var elapsed = 0.0
        repeat {
            for _ in 0..<16 { body() }
            n += 16
            elapsed = now() - start
        } while elapsed < seconds / 5
        best = min(best, elapsed / Double(n) * 1e9)
    }
    let text = best >= 1000 ? "\((best / 1000 * 10).rounded() / 10) µs" : "\(best.rounded()) ns"
    print("\(name): \(text) per call")
}

// 20 levels of 500 views: each level's views are subviews of the previous level's first view
// (the "spine"), which is tried last, so a hit test rejects 499 siblings on every level.
let app = Application()
let window = Window(frame: Rect(x: 0, y: 0, width: 1920, height: 1080), name: "window")
app.addWindow(window)
var parent: View = window
var spines: [View] = []
var count = 0
for level in 0..<20 {
    let spine = View(frame: Rect(x: 0, y: 0, width: 1000 - Double(level) * 10, height: 800), name: "spine\(level)")
    parent.addSubview(spine)
    count += 1
    for i in 1..<500 {
        parent.addSubview(View(frame: Rect(x: 1000 + Double(i), y: 0, width: 1, height: 1), name: "leaf\(level).\(i)"))
        count += 1
    }
    spines.append(spine)
    parent = spine
}
let deepest = spines.last!
let target = Point(x: 5, y: 5)
precondition(count == 10_000 && window.hitTest(target, with: nil) === deepest)
print("tree: \(count) views, depth \(spines.count)")

measure("hitTest to depth 20 (10 000 point(inside:) checks)") {
    _ = window.hitTest(target, with: nil)
}

final class Sink: View {
    var calls = 0
    override func touchesBegan(_ t: Set<Touch>, with e: Event?) { calls += 1 }
    override func touchesMoved(_ t: Set<Touch>, with e: Event?) { calls += 1 }
    override func touchesEnded(_ t: Set<Touch>, with e: Event?) { calls += 1 }
}
let sink = Sink(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "sink")
sink.isMultipleTouchEnabled = true
deepest.addSubview(sink)

var t = 0.0
var id: UInt64 = 0
measure("touch sequence: down, 10 moves, up (12 frames, 1 hit test)") {
    id += 1
    t += 1
    app.handleTouches([TouchUpdate(identifier: id, phase: .began, location: target)], timestamp: t)
    for i in 1...10 {
        app.handleTouches([TouchUpdate(identifier: id, phase: .moved, location: Point(x: 5 + Double(i), y: 5))], timestamp: t + Double(i) * 0.01)
    }
    app.handleTouches([TouchUpdate(identifier: id, phase: .ended, location: Point(x: 15, y: 5))], timestamp: t + 0.2)
}

// Ten fingers down, then frames where all ten move: the dispatch cost per frame.
let fingers = (0..<10).map { UInt64(1_000_000 + $0) }
app.handleTouches(fingers.enumerated().map { TouchUpdate(identifier: $0.element, phase: .began, location: Point(x: 5 + Double($0.offset), y: 5)) }, timestamp: t + 1)
var step = 0.0
measure("frame with 10 moving touches (no hit test)") {
    step += 1
    app.handleTouches(fingers.enumerated().map {
        TouchUpdate(identifier: $0.element, phase: .moved, location: Point(x: 5 + Double($0.offset), y: 5 + step.truncatingRemainder(dividingBy: 50)))
    }, timestamp: t + 2 + step * 0.001)
}
print("handler calls: \(sink.calls)")
