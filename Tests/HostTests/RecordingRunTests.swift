import Foundation
import HostTestSupport
import InputEvents
import PipelineTestSupport
import Testing
import TouchInput
import TouchKit

@testable import Host
@testable import Pipeline
@testable import TouchScene

/// The glue: frames become touches, timers fire with no touch arriving, devices come and go,
/// and nothing is left down.
@Suite("The touch pipeline")
struct PipelineTests {
    func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
    }

    @Test func aFingerAlreadyDownAtOpenIsReportedButNotSentToTheWindowUnlessAdopted() throws {
        for adopt in [false, true] {
            let instance = SceneInstance(
                scene: try scene(TestScenes.view), screen: Size(width: 800, height: 480),
                log: HandlerLog(format: .text))
            var warnings: [String] = []
            var configuration = TouchPipeline.Configuration()
            configuration.adoptInitialTouches = adopt
            configuration.warn = { warnings.append($0) }
            let pipeline = TouchPipeline(scene: instance, configuration: configuration)
            let d = examplePanel()
            let panel = pipeline.addPanel(
                node: "/dev/input/event9", description: d,
                mapper: ScreenMapper(device: d, screen: (800, 480))!, time: 10)
            // libevdev's state at open: a finger resting at (150, 150) in slot 3.
            let open = panel.tracker.open(
                at: EventTime(seconds: 10, microseconds: 0),
                slots: [.init(slot: 3, trackingID: 7, x: 1500, y: 1500, pressure: 60)])
            #expect(open.contacts.count == 1, "the tracker reports it")
            #expect(open.contacts[0].isInitial, "the tracker reports it")
            pipeline.open(panel, initial: open)
            // It moves and lifts; a new finger taps.
            let t = { (ms: Int32) in EventTime(seconds: 10, microseconds: ms * 1000) }
            for e in [(k.EV_ABS, k.ABS_MT_SLOT, 3), (k.EV_ABS, k.ABS_MT_POSITION_X, 1600)] {
                pipeline.process(InputEvent(time: t(10), type: e.0, code: e.1, value: Int32(e.2)), from: panel)
            }
            pipeline.process(InputEvent(time: t(10), type: k.EV_SYN, code: k.SYN_REPORT, value: 0), from: panel)
            for e in [
                (k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_SYN, k.SYN_REPORT, 0),
                (k.EV_ABS, k.ABS_MT_TRACKING_ID, 8), (k.EV_ABS, k.ABS_MT_POSITION_X, 2000),
                (k.EV_ABS, k.ABS_MT_POSITION_Y, 2000), (k.EV_SYN, k.SYN_REPORT, 0),
                (k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_SYN, k.SYN_REPORT, 0),
            ] {
                pipeline.process(InputEvent(time: t(20), type: e.0, code: e.1, value: Int32(e.2)), from: panel)
            }
            let log = lines(instance.log.buffer.string)
            if adopt {
                #expect(
                    log == [
                        "deviceAdded /dev/input/event9 \"test panel\"",
                        "touchesBegan Pad #1 began (50.00,50.00) prev (50.00,50.00) taps 1",
                        "touchesMoved Pad #1 moved (60.00,50.00) prev (50.00,50.00) taps 1",
                        "touchesEnded Pad #1 ended (60.00,50.00) prev (60.00,50.00) taps 1",
                        "touchesBegan Pad #2 began (100.00,100.00) prev (100.00,100.00) taps 1",
                        "touchesEnded Pad #2 ended (100.00,100.00) prev (100.00,100.00) taps 1",
                    ])
                #expect(warnings.isEmpty)
            } else {
                #expect(
                    log == [
                        "deviceAdded /dev/input/event9 \"test panel\"",
                        "touchesBegan Pad #2 began (100.00,100.00) prev (100.00,100.00) taps 1",
                        "touchesEnded Pad #2 ended (100.00,100.00) prev (100.00,100.00) taps 1",
                    ])
                #expect(
                    warnings == [
                        "/dev/input/event9: 1 finger was already on the glass: ignored until lifted "
                            + "(--adopt-initial-touches sends them to the window)"
                    ])
            }
        }
    }

    @Test func aLongPressBeginsOnTimeWithNoEventArriving() throws {
        let s = try scene(
            #"""
            { "screen": [800, 480], "windows": [ { "name": "W", "root": { "name": "Pad", "consumes": ["touchesBegan", "touchesEnded", "touchesCancelled"],
              "gestures": [ { "type": "longPress", "name": "hold", "minimumPressDuration": 0.5 } ] } } ] }
            """#)
        var r = TestRecording()
        r.down(at: 1.0, id: 1, 400, 240)
        r.up(at: 2.0)  // nothing at all between: only the timer
        let log = lines(try run([try r.file()], scene: s))
        #expect(
            log == [
                "deviceAdded \(log[0].split(separator: " ")[1]) \"test panel\"",
                "touchesBegan Pad #1 began (400.00,240.00) prev (400.00,240.00) taps 1",
                "gesture hold on Pad began (400.00,240.00)",
                "touchesCancelled Pad #1 cancelled (400.00,240.00) prev (400.00,240.00) taps 1",
                "gesture hold on Pad ended (400.00,240.00)",
                log.last!,
            ])
        let text = try run([try r.file()], scene: s)
        #expect(text.contains("1.500000 gesture hold on Pad began"), "at the deadline, not at the next event")
    }

    @Test func aSingleTapWaitingForADoubleTapIsReportedAfterTheRecordingEnds() throws {
        let s = try scene(
            #"""
            { "screen": [800, 480], "windows": [ { "name": "W", "root": { "name": "Pad", "actions": ["one", "two"],
              "consumes": ["touchesBegan", "touchesEnded", "touchesCancelled"],
              "gestures": [ { "type": "tap", "name": "single", "action": "one", "requireToFail": "double" },
                            { "type": "tap", "name": "double", "numberOfTapsRequired": 2, "action": "two" } ] } } ] }
            """#)
        var r = TestRecording()
        r.tap(at: 1.0, id: 1, 400, 240, hold: 0.05)
        let text = try run([try r.file()], scene: s)
        let log = text.split(separator: "\n").map(String.init)
        // The single tap waits for the double tap to fail (0.35 s after the lift), which is
        // after the recording's end; the view's withheld touch-up is then cancelled
        // (delaysTouchesEnded, cancelsTouchesInView).
        #expect(
            Array(log.suffix(5)) == [
                "1.050000 deviceRemoved \(log[0].split(separator: " ")[2]) \"test panel\"",
                "1.400000 gesture double on Pad failed (400.00,240.00) action two",
                "1.400000 gesture single on Pad recognized (400.00,240.00) action one",
                "1.400000 action one from single -> Pad",
                "1.400000 touchesCancelled Pad #1 cancelled (400.00,240.00) prev (400.00,240.00) taps 1",
            ])
        #expect(!log.contains { $0.contains("touchesEnded") })
    }

    @Test func touchesStillDownAtTheEndOfARecordingAreCancelledThere() throws {
        var r = TestRecording()
        r.down(at: 1.0, id: 1, 400, 240)
        r.move(at: 1.1, 410, 240)
        let log = try run([try r.file()], screen: (800, 480)).split(separator: "\n").map(String.init)
        #expect(log.count == 5)
        #expect(log[3] == "1.100000 touchesCancelled screen #1 cancelled (410.00,240.00) prev (410.00,240.00) taps 1")
        #expect(log[4].hasPrefix("1.100000 deviceRemoved "))
    }

    /// The view scene on 800x480 with two panels of the examples' kind, event1 and event2.
    func twoPanels() throws -> (SceneInstance, TouchPipeline, Panel, Panel) {
        let instance = SceneInstance(
            scene: try scene(TestScenes.view), screen: Size(width: 800, height: 480),
            log: HandlerLog(format: .text))
        let pipeline = TouchPipeline(scene: instance)
        let d = examplePanel()
        let a = pipeline.addPanel(
            node: "/dev/input/event1", description: d, mapper: ScreenMapper(device: d, screen: (800, 480))!, time: 1)
        let b = pipeline.addPanel(
            node: "/dev/input/event2", description: d, mapper: ScreenMapper(device: d, screen: (800, 480))!, time: 1)
        return (instance, pipeline, a, b)
    }

    @Test func anUnpluggedDeviceHasItsTouchesCancelledThroughTheChainAndIsLogged() throws {
        let (instance, pipeline, a, b) = try twoPanels()
        let t = EventTime(seconds: 2, microseconds: 0)
        for (panel, x) in [(a, 1500), (b, 2500)] {
            for e in [
                (k.EV_ABS, k.ABS_MT_TRACKING_ID, 1), (k.EV_ABS, k.ABS_MT_POSITION_X, x),
                (k.EV_ABS, k.ABS_MT_POSITION_Y, 1500),
                (k.EV_SYN, k.SYN_REPORT, 0),
            ] {
                pipeline.process(InputEvent(time: t, type: e.0, code: e.1, value: Int32(e.2)), from: panel)
            }
        }
        pipeline.removePanel(a, at: EventTime(seconds: 3, microseconds: 0))
        let log = lines(instance.log.buffer.string)
        #expect(
            Array(log.suffix(2)) == [
                "touchesCancelled Pad #1 cancelled (50.00,50.00) prev (50.00,50.00) taps 1",
                "deviceRemoved /dev/input/event1 \"test panel\"",
            ])
        #expect(pipeline.panels.count == 1, "the other panel stays")
        // The other device's finger is untouched and still ends normally.
        for e in [(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_SYN, k.SYN_REPORT, 0)] {
            pipeline.process(
                InputEvent(time: EventTime(seconds: 4, microseconds: 0), type: e.0, code: e.1, value: Int32(e.2)),
                from: b)
        }
        #expect(
            lines(instance.log.buffer.string).last
                == "touchesEnded Pad #2 ended (150.00,50.00) prev (150.00,50.00) taps 1")
    }

    @Test func aPanelMappedAnewCancelsOnlyItsOwnTouchesAndIgnoresThemUntilLifted() throws {
        let (instance, pipeline, a, b) = try twoPanels()
        let d = a.description
        func send(_ panel: Panel, _ s: Int, _ events: [(UInt16, UInt16, Int)]) {
            for e in events + [(k.EV_SYN, k.SYN_REPORT, 0)] {
                pipeline.process(
                    InputEvent(
                        time: EventTime(seconds: Int64(s), microseconds: 0), type: e.0, code: e.1, value: Int32(e.2)),
                    from: panel)
            }
        }
        send(
            a, 2,
            [
                (k.EV_ABS, k.ABS_MT_TRACKING_ID, 1), (k.EV_ABS, k.ABS_MT_POSITION_X, 1500),
                (k.EV_ABS, k.ABS_MT_POSITION_Y, 1500),
            ])
        send(
            b, 2,
            [
                (k.EV_ABS, k.ABS_MT_TRACKING_ID, 1), (k.EV_ABS, k.ABS_MT_POSITION_X, 2500),
                (k.EV_ABS, k.ABS_MT_POSITION_Y, 1500),
            ])
        var turned = PanelPlacement()
        turned.rotation = .half
        pipeline.replacePlacement(
            of: a, with: turned, mapper: ScreenMapper(device: d, rotation: .half, screen: (800, 480))!, at: 3)
        #expect(
            lines(instance.log.buffer.string).last
                == "touchesCancelled Pad #1 cancelled (50.00,50.00) prev (50.00,50.00) taps 1")
        #expect(pipeline.active.count == 1, "the other panel's finger stays down")
        instance.log.discard()
        send(a, 4, [(k.EV_ABS, k.ABS_MT_POSITION_X, 1600)])
        send(a, 5, [(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1)])
        #expect(instance.log.buffer.isEmpty, "the held finger is ignored until lifted")
        send(
            a, 6,
            [
                (k.EV_ABS, k.ABS_MT_TRACKING_ID, 2), (k.EV_ABS, k.ABS_MT_POSITION_X, 1500),
                (k.EV_ABS, k.ABS_MT_POSITION_Y, 1500),
            ])
        #expect(
            lines(instance.log.buffer.string).contains(
                "touchesBegan Root #3 began (650.00,330.00) prev (650.00,330.00) taps 1"),
            "the new mapping: 150,150 rotated half a turn on 800x480 lands on the root view")
        #expect(a.placement.rotation == .half)
        #expect(pipeline.active.count == 2)
    }

    @Test func forceAndMajorRadiusFollowUIKitsConventions() throws {
        var r = TestRecording()
        r.down(at: 1.0, id: 1, 400, 240, pressure: 255, major: 200)
        r.up(at: 1.1)
        let json = try run([try r.file()], json: true, screen: (800, 480))
        let began = try #require(json.split(separator: "\n").first { $0.contains("touchesBegan") })
        let object = try JSONSerialization.jsonObject(with: Data(began.utf8)) as! [String: Any]
        let touch = (object["touches"] as! [[String: Any]])[0]
        #expect(touch["force"] as? Double == 2.0, "the top of the pressure range is maximumPossibleForce")
        #expect(touch["majorRadius"] as? Double == 10.0, "200 units of 0.1 point, halved")
        #expect(touch["slot"] as? Int == 0)
        #expect((touch["device"] as? String)?.hasSuffix(".evemu") == true)
    }

    @Test func eachLineShowsTheForceAndDeviceOfItsFrameThoughMostLinesRepeatThem() throws {
        // The log copies a touch's tail (tap count, force, radius, device, slot) from its last
        // line while those stay the same: a change must show on the next line.
        var a = TestRecording()
        var b = TestRecording(description: examplePanel(name: "second panel"))
        a.down(at: 1.0, id: 1, 100, 100, pressure: 64)
        var pressures: [Int32] = []
        for i in 1...6 {
            let p: Int32 = i < 3 ? 64 : (i < 5 ? 255 : 128)  // ends as the second panel's taps press
            pressures.append(p)
            a.frame(
                at: 1.0 + Double(i) * 0.01,
                [(k.EV_ABS, k.ABS_MT_POSITION_X, Int32(1000 + i * 10)), (k.EV_ABS, k.ABS_MT_PRESSURE, p)])
        }
        a.up(at: 1.2)
        // Identifiers 2…18 on the second panel.
        for i in 0..<17 { b.tap(at: 2.0 + Double(i) * 0.5, id: Int32(i + 10), 700, 400) }
        let (pa, pb) = (try a.file("a"), try b.file("b"))
        let json = try run([pa, pb], json: true, screen: (800, 480))
        let objects = try json.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        let touches = objects.filter { ($0["event"] as? String)?.hasPrefix("touches") == true }.flatMap {
            $0["touches"] as! [[String: Any]]
        }
        let moved = touches.filter { $0["phase"] as? String == "moved" && $0["id"] as? Int == 1 }
        #expect(
            moved.map { $0["force"] as! Double }
                == pressures.map { Double($0) / 255 * 2 }.map { ($0 * 1000).rounded() / 1000 })
        for t in touches {
            let device = t["device"] as! String
            #expect(device == (t["id"] as! Int == 1 ? pa : pb), "touch \(t["id"]!) named \(device)")
        }
        #expect(Set(touches.map { $0["id"] as! Int }).count == 18)
    }

    @Test func twoRecordingsPlayTogetherInTimeOrderWithDistinctTouchIDs() throws {
        var a = TestRecording()
        var b = TestRecording(description: examplePanel(name: "second panel"))
        a.tap(at: 1.0, id: 5, 100, 100, hold: 0.2)
        b.tap(at: 1.1, id: 5, 700, 400, hold: 0.2)
        let (pa, pb) = (try a.file("a"), try b.file("b"))
        let log = try run([pa, pb], screen: (800, 480)).split(separator: "\n").map(String.init)
        #expect(
            log == [
                "1.000000 deviceAdded \(pa) \"test panel\"",
                "1.100000 deviceAdded \(pb) \"second panel\"",
                "1.000000 touchesBegan screen #1 began (100.00,100.00) prev (100.00,100.00) taps 1",
                "1.100000 touchesBegan screen #2 began (700.00,400.00) prev (700.00,400.00) taps 1",
                "1.200000 touchesEnded screen #1 ended (100.00,100.00) prev (100.00,100.00) taps 1",
                "1.200000 deviceRemoved \(pa) \"test panel\"",
                "1.300000 touchesEnded screen #2 ended (700.00,400.00) prev (700.00,400.00) taps 1",
                "1.300000 deviceRemoved \(pb) \"second panel\"",
            ])
    }

    @Test func aFingerThatLandsOutsideEveryWindowStaysOutsideWhenItSlidesIn() throws {
        let s = try scene(
            #"""
            { "screen": [800, 480], "windows": [ { "name": "W", "frame": [0, 0, 400, 480],
              "root": { "name": "Left", "multipleTouchEnabled": true, "consumes": ["touchesBegan", "touchesMoved", "touchesEnded"] } } ] }
            """#)
        var r = TestRecording()
        r.down(at: 1.0, id: 1, 600, 240)
        r.move(at: 1.1, 200, 240)
        r.up(at: 1.2)
        r.tap(at: 2.0, id: 2, 100, 100)
        let log = lines(try run([try r.file()], scene: s))
        #expect(
            log.filter { $0.hasPrefix("touches") } == [
                "touchesBegan Left #2 began (100.00,100.00) prev (100.00,100.00) taps 1",
                "touchesEnded Left #2 ended (100.00,100.00) prev (100.00,100.00) taps 1",
            ])
    }

    @Test func theScreenSizeComesFromTheOptionThenTheSceneThenThePanel() throws {
        var r = TestRecording()
        r.tap(at: 1, id: 1, 400, 240)
        let path = try r.file()
        // The panel alone: 200 × 120 mm at 96 dpi.
        #expect(try run([path]).contains("touchesBegan screen #1 began (378.00,227.00)"))
        #expect(try run([path], screen: (1600, 960)).contains("touchesBegan screen #1 began (800.00,480.00)"))
        let s = try scene(
            #"{ "screen": [800, 480], "windows": [ { "name": "W", "root": { "name": "V", "consumes": ["touchesBegan"] } } ] }"#
        )
        #expect(try run([path], scene: s).contains("touchesBegan V #1 began (400.00,240.00)"))
    }

    @Test func aMalformedRecordingStopsWithItsLineAfterCancellingWhatWasDown() throws {
        var r = TestRecording()
        r.down(at: 1.0, id: 1, 400, 240)
        let path = try r.file()
        try (r.text + "E: 1.200000 0003 0035 banana\n").write(toFile: path, atomically: true, encoding: .utf8)
        let sink = MemorySink()
        var options = RunOptions()
        options.screen = Size(width: 800, height: 480)
        #expect(throws: RecordingError.self) {
            try Runner(recordings: [path], scene: nil, options: options, sink: sink).run()
        }
        #expect(sink.lines.contains { $0.contains("touchesCancelled screen #1 cancelled") })
        do { try Runner(recordings: [path], scene: nil, options: options, sink: MemorySink()).run() } catch {
            #expect("\(error)".hasPrefix("\(path):"))
            #expect("\(error)".contains("the value 'banana' is not a 32-bit integer"))
        }
    }
}
