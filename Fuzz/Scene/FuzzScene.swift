import PipelineChecks
import Runtime
import TouchKit
import TouchScene

/// The timer the daemon arms, shared by every input (a timerfd each would cost a descriptor).
nonisolated(unsafe) let timer = try? DeadlineTimer()

/// The scene decoder on arbitrary bytes: a malformed file gets a message with a key path or
/// a line; a scene it accepts builds, describes itself, and every point's hit test gives a
/// responder chain that starts at the hit view and ends at the application or its delegate.
/// Its durations (idle, commands' timeouts, recognizers' times through a touch held and
/// released) are armed on a real timer, as the daemon arms them: none may trap.
func fuzzScene(_ bytes: [UInt8]) {
    let scene: Scene
    do {
        scene = try Scene.parse(bytes, file: "fuzz.json")
    } catch {
        guard !error.message.isEmpty, error.keyPath != nil || error.line != nil else {
            fatalError("invariant: a malformed scene says where (\(error))")
        }
        return
    }
    let instance = SceneInstance(scene: scene, screen: Size(width: 800, height: 480), log: HandlerLog(format: .json))
    _ = instance.describeTree(json: true)
    _ = instance.describeTree(json: false)
    for x in stride(from: -50.0, through: 850, by: 75) {
        for y in stride(from: -50.0, through: 530, by: 58) {
            guard let (view, chain) = instance.hit(Point(x: x, y: y)) else { continue }
            guard chain.first == view, let i = chain.firstIndex(of: "Application"), i >= chain.count - 2 else {
                fatalError("invariant: a responder chain runs from the hit view to the application (\(chain))")
            }
        }
    }
    armDurations(of: scene)
}

/// Each duration of `scene` on the timer, and its recognizers' deadlines after a touch.
func armDurations(of scene: Scene) {
    guard let timer else { return }
    let now = monotonicSeconds()
    for d in [scene.idle?.after] + scene.programs.map(\.timeout) { timer.arm(d.map { now + $0 }) }
    let instance = SceneInstance(scene: scene, screen: Size(width: 800, height: 480), log: HandlerLog(format: .json))
    for (phase, time) in [(Touch.Phase.began, 1.0), (.ended, 1.1)] {
        instance.app.handleTouches(
            [
                TouchUpdate(
                    identifier: 1, phase: phase, location: Point(x: 400, y: 240), force: 0, maximumPossibleForce: 0,
                    majorRadius: 0)
            ], timestamp: time)
        var rounds = 0
        while let deadline = instance.app.timers.nextDeadline, rounds < 100 {
            timer.arm(now + deadline)
            instance.app.advanceTime(to: deadline)
            rounds += 1
        }
    }
    timer.arm(nil)
}

/// libFuzzer's callback.
func entry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzScene(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@main struct Main {
    static func main() { fuzzMain(name: "fuzz-scene", entry, fuzzScene) }
}
