import InputEvents
import PipelineTestSupport
import Testing
import TouchInput
import TouchKit

@testable import Pipeline
@testable import TouchScene

/// What reaches the virtual touchscreen with a scene in front of it: everything, before the
/// window, when the scene keeps nothing; never the touches of a kept view; a claimed touch
/// cancelled; and, with a claiming recognizer that delays touchesBegan, touches held until it
/// fails (then forwarded from where the finger is) and never seen by the app when it claims.
@Suite("Forwarding to the virtual touchscreen")
struct ForwardingTests {
    /// Stands where the virtual touchscreens stand and writes down each frame it is given,
    /// as "phase id" or "phase id (x,y)", with how many log lines the window had written.
    final class Frames: ForwardTarget {
        var frames: [[String]] = []
        var logLinesAtFrame: [Int] = []
        var down: Set<UInt64> = []
        let log: () -> Int
        init(log: @escaping () -> Int) { self.log = log }
        func forward(_ updates: [TouchUpdate], from panel: Panel, at t: Double) {
            frames.append(
                updates.map { u in
                    "\(u.phase) \(u.identifier)"
                        + (u.phase == .began ? " (\(Int(u.location.x)),\(Int(u.location.y)))" : "")
                })
            logLinesAtFrame.append(log())
            for u in updates {
                if u.phase == .began {
                    down.insert(u.identifier)
                } else if u.phase == .ended || u.phase == .cancelled {
                    down.remove(u.identifier)
                }
            }
        }
        func cancel(_ id: UInt64, of panel: Panel) {
            guard down.contains(id) else { return }
            forward([TouchUpdate(identifier: id, phase: .cancelled, location: Point(x: 0, y: 0))], from: panel, at: 0)
        }
    }

    /// A finger's story on the examples' panel: (time, what) with positions in screen points.
    enum Step {
        case down(Double, slot: Int32, id: Int32, Double, Double)
        case move(Double, slot: Int32, Double, Double)
        case up(Double, slot: Int32)
    }

    /// Runs `steps` through a pipeline on `sceneText` forwarding to a `Frames`; then time
    /// goes on to `until` (timers fire).
    func forwarded(_ sceneText: String, _ steps: [Step], until end: Double = 5) throws -> Frames {
        let instance = SceneInstance(
            scene: try scene(sceneText), screen: Size(width: 800, height: 480), log: HandlerLog(format: .text))
        let pipeline = TouchPipeline(scene: instance)
        // Weakly: the instance holds the forwarding, which holds these frames.
        let frames = Frames { [weak instance] in instance?.log.buffer.string.split(separator: "\n").count ?? 0 }
        pipeline.forwardTouches(to: frames)
        let d = examplePanel()
        let panel = pipeline.addPanel(
            node: "/dev/input/event9", description: d, mapper: ScreenMapper(device: d, screen: (800, 480))!, time: 0)
        var slot: Int32 = 0
        func frame(_ t: Double, _ s: Int32, _ items: [(UInt16, UInt16, Int32)]) {
            pipeline.advanceTime(to: t)
            let time = EventTime(totalMicroseconds: Int64((t * 1e6).rounded()))
            let select: [(UInt16, UInt16, Int32)] = s == slot ? [] : [(k.EV_ABS, k.ABS_MT_SLOT, s)]
            slot = s
            for (type, code, value) in select + items + [(k.EV_SYN, k.SYN_REPORT, 0)] {
                pipeline.process(InputEvent(time: time, type: type, code: code, value: value), from: panel)
            }
        }
        for step in steps {
            switch step {
            case .down(let t, let s, let id, let x, let y):
                frame(
                    t, s,
                    [
                        (k.EV_ABS, k.ABS_MT_TRACKING_ID, id), (k.EV_ABS, k.ABS_MT_POSITION_X, Int32(x * 10)),
                        (k.EV_ABS, k.ABS_MT_POSITION_Y, Int32(y * 10)),
                    ])
            case .move(let t, let s, let x, let y):
                frame(
                    t, s,
                    [(k.EV_ABS, k.ABS_MT_POSITION_X, Int32(x * 10)), (k.EV_ABS, k.ABS_MT_POSITION_Y, Int32(y * 10))])
            case .up(let t, let s):
                frame(t, s, [(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1)])
            }
        }
        pipeline.advanceTime(to: end)
        return frames
    }

    static func adminScene(delays: Bool, gesture: String = #""type": "longPress", "minimumPressDuration": 0.5"#)
        -> String
    {
        #"{ "screen": [800, 480], "windows": [ { "name": "W", "root": { "name": "App", "consumes": ["touchesBegan"], "gestures": [ { "#
            + gesture + #", "name": "admin", "claims": true, "delaysTouchesBegan": \#(delays) } ] } } ] }"#
    }

    @Test func aSceneThatKeepsNothingForwardsEachFrameBeforeTheWindowHasIt() throws {
        let f = try forwarded(
            #"{ "screen": [800, 480], "windows": [ { "name": "W", "root": { "name": "App", "consumes": ["touchesBegan", "touchesMoved", "touchesEnded"] } } ] }"#,
            [.down(1, slot: 0, id: 5, 100, 100), .move(1.1, slot: 0, 120, 100), .up(1.2, slot: 0)])
        #expect(f.frames == [["began 1 (100,100)"], ["moved 1"], ["ended 1"]])
        // deviceAdded, then each frame reaches the device while the window's line is still to come.
        #expect(f.logLinesAtFrame == [1, 2, 3])
    }

    @Test func aQuickTapIsHeldWhileTheClaimingLongPressDecidesThenForwarded() throws {
        let f = try forwarded(Self.adminScene(delays: true), [.down(1, slot: 0, id: 5, 100, 100), .up(1.1, slot: 0)])
        // Nothing at touch-down; when the long press fails at the lift, the down then the up, in frames of their own.
        #expect(f.frames == [["began 1 (100,100)"], ["ended 1"]])
    }

    @Test func aHeldTouchThatMovesTooFarIsForwardedFromWhereItIsNow() throws {
        let f = try forwarded(
            Self.adminScene(delays: true),
            [
                .down(1, slot: 0, id: 5, 100, 100), .move(1.05, slot: 0, 103, 100),
                .move(1.1, slot: 0, 160, 100), .move(1.2, slot: 0, 200, 100), .up(1.3, slot: 0),
            ])
        // The long press fails on the move past its allowable movement: the app's touch
        // begins where the finger last was while held (103, 100), then moves on.
        #expect(f.frames == [["began 1 (103,100)"], ["moved 1"], ["moved 1"], ["ended 1"]])
    }

    @Test func aHeldTouchTheLongPressClaimsNeverReachesTheApp() throws {
        let f = try forwarded(
            Self.adminScene(delays: true),
            [
                .down(1, slot: 0, id: 5, 100, 100), .move(1.2, slot: 0, 102, 100), .up(2, slot: 0),
                .down(3, slot: 0, id: 6, 300, 300), .up(3.1, slot: 0),
            ])
        // The first touch is the kiosk's (no cancel needed: the app never saw it); the next tap is the app's.
        #expect(f.frames == [["began 2 (300,300)"], ["ended 2"]])
    }

    @Test func withoutDelayingAClaimCancelsWhatWasForwarded() throws {
        let f = try forwarded(
            Self.adminScene(delays: false),
            [.down(1, slot: 0, id: 5, 100, 100), .move(1.2, slot: 0, 102, 100), .up(2, slot: 0)])
        #expect(f.frames == [["began 1 (100,100)"], ["moved 1"], ["cancelled 1"]])
    }

    @Test func aDoubleTapThatClaimsHoldsTheFirstTapUntilItFails() throws {
        let scene = Self.adminScene(delays: true, gesture: #""type": "tap", "numberOfTapsRequired": 2"#)
        let double = try forwarded(
            scene,
            [
                .down(1, slot: 0, id: 5, 100, 100), .up(1.05, slot: 0),
                .down(1.2, slot: 0, id: 6, 102, 100), .up(1.25, slot: 0),
            ])
        #expect(double.frames.isEmpty, "both taps of the claimed double tap are the kiosk's: \(double.frames)")
        let single = try forwarded(scene, [.down(1, slot: 0, id: 5, 100, 100), .up(1.05, slot: 0)])
        #expect(
            single.frames == [["began 1 (100,100)"], ["ended 1"]],
            "a lone tap reaches the app once the double tap fails")
    }

    @Test func aDoubleTapThatClaimsWithoutDelayingCancelsItsSecondTapAfterItLifted() throws {
        let f = try forwarded(
            Self.adminScene(delays: false, gesture: #""type": "tap", "numberOfTapsRequired": 2"#),
            [
                .down(1, slot: 0, id: 5, 100, 100), .up(1.05, slot: 0),
                .down(1.2, slot: 0, id: 6, 102, 100), .up(1.25, slot: 0),
            ])
        // Recognized at the second lift: the app's second contact is cancelled, not lifted
        // (no tap) and not left down.
        #expect(f.frames == [["began 1 (100,100)"], ["ended 1"], ["began 2 (102,100)"], ["cancelled 2"]])
        #expect(f.down.isEmpty)
    }

    @Test func touchesOnAKeptViewAreNeverForwardedOthersAre() throws {
        let f = try forwarded(
            #"""
            { "screen": [800, 480], "windows": [ { "name": "W", "root": { "name": "App", "consumes": ["touchesBegan"],
              "subviews": [ { "name": "Corner", "frame": [0, 0, 100, 100], "forward": false, "consumes": ["touchesBegan"] } ] } } ] }
            """#,
            [
                .down(1, slot: 0, id: 5, 50, 50), .down(1.1, slot: 1, id: 6, 400, 50), .move(1.2, slot: 0, 300, 300),
                .move(1.2, slot: 1, 410, 50), .up(1.3, slot: 0), .up(1.4, slot: 1),
            ])
        #expect(f.frames == [["began 2 (400,50)"], ["moved 2"], ["ended 2"]])
    }
}
