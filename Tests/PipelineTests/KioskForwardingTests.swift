import InputEvents
import PipelineTestSupport
import Testing
import TouchInput
import TouchKit

@testable import Pipeline
@testable import TouchScene

/// What the kiosk's virtual devices get: the pointer's gestures on the touches the scene lets
/// through (never a kept view's, never the wake's), and a ghost cancelled on them.
@Suite("Kiosk behaviours on the virtual devices")
struct KioskForwardingTests {
    /// Stands where the virtual pointers stand: one panel's gestures, their actions written down,
    /// and every update it was given.
    final class Pointer: ForwardTarget {
        var gestures = PointerGestures()
        var actions: [PointerAction] = []
        var updates: [String] = []
        func forward(_ updates: [TouchUpdate], from panel: Panel, at t: Double) {
            for u in updates {
                self.updates.append("\(u.phase) \(u.identifier)")
                switch u.phase {
                case .began: gestures.began(u.identifier, x: u.location.x, y: u.location.y, at: t, into: &actions)
                case .moved, .stationary:
                    gestures.moved(u.identifier, x: u.location.x, y: u.location.y, at: t, into: &actions)
                case .ended: gestures.ended(u.identifier, at: t, into: &actions)
                case .cancelled: gestures.cancelled(u.identifier, into: &actions)
                }
            }
        }
        func cancel(_ id: UInt64, of panel: Panel) {
            updates.append("cancelled \(id)")
            gestures.cancelled(id, into: &actions)
        }
        var nextDeadline: Double? { gestures.deadline }
        func advanceTime(to t: Double) { gestures.advance(to: t, into: &actions) }
    }

    /// Plays `r`'s frames through a pipeline on `sceneText` into a `Pointer`, time driven as
    /// a recording drives it; then time goes on to `end`.
    func play(_ r: TestRecording, scene sceneText: String, ghostAfter: Double? = nil, end: Double) throws -> (
        Pointer, [String]
    ) {
        let instance = SceneInstance(
            scene: try scene(sceneText), screen: Size(width: 800, height: 480), log: HandlerLog(format: .text))
        let pipeline = TouchPipeline(scene: instance)
        let pointer = Pointer()
        pipeline.forwardTouches(to: pointer)
        let d = examplePanel()
        let panel = pipeline.addPanel(
            node: "/dev/input/event9", description: d, mapper: ScreenMapper(device: d, screen: (800, 480))!, time: 0)
        pipeline.startKioskRules(ghostAfter: ghostAfter, at: 0)
        for e in r.events {
            pipeline.advanceTime(to: e.time.inSeconds)
            pipeline.process(e, from: panel)
        }
        pipeline.advanceTime(to: end)
        return (pointer, instance.log.buffer.string.split(separator: "\n").map(String.init))
    }

    static let keptCorner = #"""
        { "screen": [800, 480], "windows": [ { "name": "W", "root": { "name": "App", "consumes": ["touchesBegan"],
          "subviews": [ { "name": "Corner", "frame": [0, 0, 100, 100], "forward": false, "consumes": ["touchesBegan"] } ] } } ] }
        """#

    @Test func eachGestureGivesItsActionWhereTheFingerWasButNotOnAKeptView() throws {
        var r = TestRecording()
        r.tap(at: 0.5, id: 1, 50, 50)  // on the kept corner: nothing
        r.tap(at: 1.0, id: 2, 400, 300)  // a left click there
        r.down(at: 2.0, id: 3, 600, 200)  // held 1.2 s: a right click there
        r.up(at: 3.2)
        r.down(at: 4.0, id: 4, 200, 200)  // a drag
        r.move(at: 4.1, 260, 220)
        r.up(at: 4.3)
        r.down(at: 5.0, id: 5, 300, 100)  // two fingers down a hundred points
        r.down(at: 5.05, slot: 1, id: 6, 400, 100)
        r.move(at: 5.2, slot: 0, 300, 200)
        r.move(at: 5.2, slot: 1, 400, 200)
        r.up(at: 5.3, slot: 0)
        r.up(at: 5.3, slot: 1)
        let (p, _) = try play(r, scene: Self.keptCorner, end: 6)
        #expect(
            !p.updates.contains { $0.hasSuffix(" 1") }, "the kept view's touch never reaches the pointer: \(p.updates)")
        let scroll = p.actions.compactMap { a -> Int32? in
            if case .scroll(let v, 0) = a { return v } else { return nil }
        }.reduce(0, +)
        let buttons = p.actions.filter { if case .scroll = $0 { return false } else { return true } }
        #expect(
            buttons == [
                .move(x: 400, y: 300), .button(.left, down: true), .button(.left, down: false),
                .move(x: 600, y: 200), .button(.right, down: true), .button(.right, down: false),
                .move(x: 200, y: 200), .button(.left, down: true), .move(x: 260, y: 220), .button(.left, down: false),
                .move(x: 300, y: 100),
            ], "\(p.actions)")
        #expect(
            scroll == 120, "the midpoint went 100 points down: one detent, content following the fingers: \(p.actions)")
    }

    @Test func theWakingTouchNeverReachesTheVirtualDevices() throws {
        var r = TestRecording()
        r.frame(at: 0, [])
        r.tap(at: 3, id: 1, 400, 300)  // idle since 2: wakes
        r.tap(at: 3.5, id: 2, 500, 300)  // a click
        let (p, log) = try play(r, scene: TestScenes.idle, end: 4)
        #expect(log.contains { $0.hasPrefix("3.000000 wake ") }, "\(log)")
        #expect(p.updates == ["began 2", "ended 2"], "\(p.updates)")
        #expect(p.actions == [.move(x: 500, y: 300), .button(.left, down: true), .button(.left, down: false)])
    }

    @Test func aGhostIsCancelledOnTheVirtualDevicesAndADragItHeldIsReleased() throws {
        var r = TestRecording()
        r.down(at: 0.5, id: 1, 100, 100)
        r.move(at: 0.6, 200, 100)  // a drag, then a rest
        r.up(at: 9)
        let (p, log) = try play(r, scene: Self.keptCorner, ghostAfter: 2, end: 10)
        #expect(log.contains { $0.hasPrefix("2.600000 ghost /dev/input/event9 id 1 (200.00,100.00)") }, "\(log)")
        #expect(p.updates == ["began 1", "moved 1", "cancelled 1"], "the lift at 9 s ends nothing: \(p.updates)")
        #expect(p.actions.last == .button(.left, down: false))
    }
}
