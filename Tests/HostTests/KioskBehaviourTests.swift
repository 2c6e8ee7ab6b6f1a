import HostTestSupport
import InputEvents
import PipelineTestSupport
import Testing
import TouchInput
import TouchKit

@testable import Host
@testable import Pipeline
@testable import TouchScene

/// The kiosk's behaviours from recordings, in recorded time: idle after the scene's quiet and
/// the touch that wakes it reaching nothing, ghost contacts cancelled everywhere once, the
/// virtual pointer's gestures on what the scene lets through, and the virtual touchscreen's
/// contact limit.
@Suite("Kiosk behaviours")
struct KioskBehaviourTests {
    func lines(_ r: TestRecording, scene text: String = TestScenes.idle, ghostAfter: Double? = nil, json: Bool = false)
        throws
        -> [String]
    {
        var options = RunOptions()
        options.format = json ? .json : .text
        options.ghostAfter = ghostAfter
        let sink = MemorySink()
        try Runner(recordings: [try r.file("kiosk")], scene: try scene(text), options: options, sink: sink).run()
        return sink.lines
    }

    @Test func theKioskGoesIdleAfterTheQuietInRecordedTimeAndTheWakingTapReachesNothing() throws {
        var r = TestRecording()
        r.tap(at: 1.0, id: 1, 200, 150)  // pays; the quiet starts at its lift (1.05)
        r.tap(at: 5.0, id: 2, 200, 150)  // idle since 3.05: this tap wakes, and pays nothing
        r.tap(at: 5.5, id: 3, 200, 150)  // pays
        let log = try lines(r)
        let idle = log.filter { $0.contains(" idle ") }
        #expect(idle == ["3.050000 idle after 2.0 s"], "\(log)")
        let wake = try #require(log.firstIndex { $0.contains(" wake ") }, "\(log)")
        #expect(log[wake].hasPrefix("5.000000 wake "), "\(log[wake])")
        #expect(log[wake].contains(" id 2 (200.00,150.00)"), "\(log[wake])")
        #expect(log.filter { $0.contains(" action pay ") }.count == 2, "the first and third taps pay: \(log)")
        #expect(
            !log.contains { $0.hasPrefix("5.000000 touches") || $0.hasPrefix("5.050000 touches") },
            "the waking tap is in no view: \(log)")
        #expect(log.contains { $0.hasPrefix("5.500000 touchesBegan Pay") })
    }

    @Test func noIdleWhileAFingerRestsAndTheQuietCountsFromItsLift() throws {
        var r = TestRecording()
        r.down(at: 1, id: 1, 500, 300)
        // Held for 3.5 s, longer than the idle time.
        for i in 1...7 { r.move(at: 1 + Double(i) * 0.5, 500 + Double(i), 300) }
        r.up(at: 4.5)
        r.tap(at: 7, id: 2, 500, 300)
        let log = try lines(r)
        #expect(log.filter { $0.contains(" idle ") } == ["6.500000 idle after 2.0 s"], "\(log)")
        #expect(log.contains { $0.hasPrefix("7.000000 wake ") }, "\(log)")
    }

    @Test func aFingerThatComesWhileTheWakingOneIsDownIsTheWakesToo() throws {
        var r = TestRecording()
        r.frame(at: 0, [])  // the recording's first event: the quiet starts
        r.down(at: 3, id: 1, 500, 300)  // idle since 2.0: wakes
        r.down(at: 3.1, slot: 1, id: 2, 200, 150)  // on the button: swallowed with the wake
        r.up(at: 3.2, slot: 1)
        r.up(at: 3.3, slot: 0)
        r.tap(at: 4, id: 3, 200, 150)
        let log = try lines(r)
        #expect(log.filter { $0.contains(" idle ") } == ["2.000000 idle after 2.0 s"], "\(log)")
        #expect(log.filter { $0.contains(" wake ") }.count == 1)
        #expect(log.filter { $0.contains(" action pay ") }.count == 1, "only the tap after the wake pays: \(log)")
        #expect(!log.contains { $0.hasPrefix("3.") && $0.contains("touches") }, "\(log)")
    }

    @Test func idleAndWakeAreJSONLinesOfTheirOwnKind() throws {
        var r = TestRecording()
        r.frame(at: 0, [])
        r.tap(at: 3, id: 1, 400, 240)
        let log = try lines(r, json: true)
        #expect(log.contains(#"{"t":2.000000,"event":"idle","after":2.0,"cause":"timer"}"#), "\(log)")
        #expect(
            log.contains {
                $0.hasPrefix(#"{"t":3.000000,"event":"wake","device":""#)
                    && $0.hasSuffix(#","id":1,"location":[400.0,240.0],"cause":"touch"}"#)
            },
            "\(log)")
        #expect(HandlerLog.Kind(name: "idle") != nil)
        #expect(HandlerLog.Kind(name: "ghost") != nil)
    }

    @Test func aGhostIsCancelledOnceAndItsLiftEndsNothing() throws {
        var r = TestRecording()
        r.down(at: 1, id: 1, 100, 400)  // rests, jittering within a point (the panel's 1 mm is 4 points)
        for i in 1...10 { r.move(at: 1 + Double(i) * 0.5, 100 + Double(i % 2) * 0.7, 400) }
        r.down(at: 1.2, slot: 1, id: 2, 600, 100)  // moves on: never a ghost
        for i in 1...10 { r.move(at: 1.2 + Double(i) * 0.5, slot: 1, 600 + Double(i) * 10, 100) }
        r.up(at: 7, slot: 1)
        r.up(at: 7.5, slot: 0)  // the ghost's finger lifts at last
        let log = try lines(
            r,
            scene:
                #"{ "screen": [800, 480], "windows": [ { "name": "W", "root": { "name": "App", "multipleTouchEnabled": true, "consumes": ["touchesBegan", "touchesEnded", "touchesCancelled"] } } ] }"#,
            ghostAfter: 3)
        let ghost = log.filter { $0.contains(" ghost ") }
        #expect(ghost.count == 1, "\(log)")
        #expect(ghost[0].hasPrefix("4.000000 ghost "), "\(log)")
        #expect(ghost[0].contains(" id 1 (100.70,400.00) since 1.000000"), "\(log)")
        let cancelled = log.filter { $0.contains("touchesCancelled") }
        #expect(cancelled.count == 1, "\(log)")
        #expect(cancelled[0].hasPrefix("4.000000 touchesCancelled App"), "\(log)")
        #expect(log.filter { $0.contains("touchesEnded") }.count == 1, "only the moving finger ends: \(log)")
        #expect(!log.contains { $0.hasPrefix("7.500000 touches") }, "the ghost's lift ends nothing twice: \(log)")
    }

    @Test func theMetricsCountGhostsAndSayWhetherTheKioskIsIdle() throws {
        var r = TestRecording()
        r.down(at: 1, id: 1, 100, 400)
        r.up(at: 5)
        let path = recordingDirectory + "/kiosk-metrics.prom"
        var options = RunOptions()
        options.ghostAfter = 1.5
        options.metricsFile = path
        try Runner(recordings: [try r.file()], scene: try scene(TestScenes.idle), options: options, sink: MemorySink())
            .run()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("touchbridge_ghost_contacts_total 1\n"), "\(text)")
        #expect(
            text.contains("touchbridge_idle 1\n"), "idle since 4.5 (the ghost ended the last contact at 2.5): \(text)")
    }

    @Test func theScenesIdleIsDecodedAndCheckedWithWhereTheMistakeIs() throws {
        func idle(_ json: String) throws -> SceneIdle? {
            try Scene.parse(
                Array("{\"windows\":[{\"name\":\"W\",\"root\":{\"name\":\"v\"}}],\n\"idle\":\(json)}".utf8),
                file: "s.json"
            ).idle
        }
        let i = try idle(
            #"{"after": 60, "run": ["/usr/bin/wlopm", "--off", "*"], "wake": ["/usr/bin/wlopm", "--on", "*"], "timeout": 5}"#
        )
        #expect(
            i
                == SceneIdle(
                    after: 60,
                    run: SceneCommand(
                        action: "idle", run: ["/usr/bin/wlopm", "--off", "*"], timeout: 5, concurrency: 1),
                    wake: SceneCommand(
                        action: "wake", run: ["/usr/bin/wlopm", "--on", "*"], timeout: 5, concurrency: 1)))
        #expect(try idle(#"{"after": 2}"#) == SceneIdle(after: 2, run: nil, wake: nil))
        #expect(try idle(#"{"after": 2, "display": "off"}"#)?.displayOff == true)
        #expect(try idle(#"{"after": 2, "display": "on"}"#)?.displayOff == false)
        for (json, message, key) in [
            (#"{"after": 5, "display": "dim"}"#, "expected \"off\"", "idle.display"),
            (#"{"run": ["/bin/true"]}"#, "after", "idle"), (#"{"after": 0}"#, "above 0", "idle.after"),
            (#"{"after": 5, "run": ["wlopm"]}"#, "absolute path", "idle.run"),
            (#"{"after": 5, "wake": []}"#, "expected the program", "idle.wake"),
            (#"{"after": 5, "blank": true}"#, "unknown key 'blank'", "idle"),
        ] {
            #expect { try idle(json) } throws: {
                "\($0)".contains(message) && "\($0)".contains(key) && "\($0)".contains("s.json: ")
                    && "\($0)".contains("(line 2)")
            }
        }
        // A program that cannot be run is refused at load, with its place in the file.
        let text =
            #"{"windows":[{"name":"W","root":{"name":"v"}}],"idle":{"after":5,"#
            + "\n" + #""wake":["/nonexistent/wake"]}}"#
        #expect { try Scene.parse(Array(text.utf8), file: "s.json", programProblem: { _ in "no such file" }) } throws: {
            "\($0)".contains("s.json: ") && "\($0)".contains("(line 2)") && "\($0)".contains("idle.wake")
                && "\($0)".contains("/nonexistent/wake: no such file")
        }
    }
}
