import Foundation
import HostTestSupport
import InputEvents
import Output
import PipelineTestSupport
import Testing
import TextBuffers
import TouchKit

@testable import Host
@testable import Pipeline
@testable import TouchBridge
@testable import TouchScene

/// What the event outputs are built on: the log writes each line once per format with its
/// kind, the other format is byte for byte what a run in that format writes, `--log-events`
/// keeps the kinds asked for, and the service's own lines (hello,
/// scene reloaded, commands, error) match their golden lines.
@Suite("The log's kinds, formats and service lines")
struct EventOutputTests {
    /// Captures the primary and the other format at each flush.
    final class BothSink: TextSink {
        let log: () -> HandlerLog
        var primary = "", other = ""
        init(_ log: @escaping () -> HandlerLog) { self.log = log }
        func flush(_ buffer: inout TextBuffer) {
            primary += buffer.string
            other += log().otherBuffer.string
            buffer.removeAll()
        }
    }

    static let examples = ["kiosk", "photo", "abcde", "shake", "media-keys", "nested-controllers"]

    @Test(arguments: examples)
    func theOtherFormatIsByteForByteWhatThatFormatWrites(_ name: String) throws {
        let scene = try Scene.read(path: "\(examplesDirectory)/\(name).json")
        var options = RunOptions()
        options.format = .json
        options.keys = true
        var run: Runner?
        defer { run = nil }  // the run holds the sink, whose closure holds the run
        let sink = BothSink { run!.touchPipeline.log }
        run = try Runner(
            recordings: ["\(examplesDirectory)/\(name).evemu"], scene: scene, options: options, sink: sink)
        run!.touchPipeline.log.writesOtherFormat = true
        try run!.run()
        let json = try String(contentsOfFile: "\(goldenDirectory)/\(name).jsonl", encoding: .utf8)
        let text = try String(contentsOfFile: "\(goldenDirectory)/\(name).log", encoding: .utf8)
        func relative(_ s: String) -> String { s.replacingOccurrences(of: examplesDirectory + "/", with: "examples/") }
        // The golden logs start with the device lines logged before the other format was on.
        #expect(relative(sink.primary) == json)
        let opening = json.split(separator: "\n").prefix { $0.contains("\"event\":\"deviceAdded\"") }.count
        let later = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(opening).joined(
            separator: "\n")
        #expect(opening >= 1)
        #expect(later.count > 100)
        #expect(relative(sink.other) == later)
    }

    @Test func logEventsKeepsTheKindsAskedForInOrder() throws {
        let scene = try Scene.read(path: "\(examplesDirectory)/photo.json")
        var options = RunOptions()
        options.logEvents = try HandlerLog.Kinds.parse("gesture,device").get()
        let sink = MemorySink()
        try Runner(recordings: ["\(examplesDirectory)/photo.evemu"], scene: scene, options: options, sink: sink).run()
        let all = try String(contentsOfFile: "\(goldenDirectory)/photo.log", encoding: .utf8).split(separator: "\n")
        let expected = all.filter { ($0.contains(" gesture ") && !$0.contains(" changed ")) || $0.contains(" device") }
        #expect(
            sink.lines.map { $0.replacingOccurrences(of: examplesDirectory + "/", with: "examples/") }
                == expected.map(String.init))
        #expect(sink.lines.count > 4)
        #expect(expected.count < all.count)
    }

    @Test func kindsParseAndSayWhatIsUnknown() throws {
        #expect(
            try HandlerLog.Kinds.parse("action, device").get() == [
                HandlerLog.Kinds(.action), HandlerLog.Kinds(.device),
            ])
        #expect(HandlerLog.Kind.allCases.allSatisfy { HandlerLog.Kinds.all.contains($0) })
        guard case .failure(let e) = HandlerLog.Kinds.parse("action,taps") else {
            Issue.record("taps accepted")
            return
        }
        #expect(e.description.hasPrefix("unknown event kind 'taps' (kinds: touches, gesture, gestureChanged, action"))
    }

    /// The service's lines, in both formats, against golden lines the schema check validates.
    @Test(arguments: [(HandlerLog.Format.json, "service.jsonl"), (.text, "service.log")])
    func theServiceLinesMatchTheirGoldenLines(_ format: HandlerLog.Format, _ golden: String) throws {
        let log = HandlerLog(format: format)
        log.sceneReloaded(file: "/etc/touchbridge/scene.json", windows: ["Kiosk", "Admin"], time: 10.5)
        log.commandStarted(action: "orderCoffee", pid: 4242, run: ["/usr/local/bin/vend", "coffee"], time: 11.25)
        log.commandSkipped(action: "orderCoffee", running: 1, time: 11.5)
        log.commandExited(
            action: "orderCoffee", pid: 4242, status: 0, signal: nil, timedOut: false, duration: 1.75, time: 13)
        log.commandExited(
            action: "print", pid: 4243, status: nil, signal: "SIGTERM", timedOut: true, duration: 10.001, time: 23)
        log.idle(after: 120, time: 143)
        log.wake(node: "/dev/input/event4", id: 7, location: Point(x: 400, y: 380.5), time: 150.25)
        log.wake(node: nil, id: 0, location: Point(x: 0, y: 0), time: 151)
        log.ghost(node: "/dev/input/event4", id: 8, location: Point(x: 640.125, y: 380), since: 160, time: 190)
        log.screen(
            node: "/dev/input/event4", output: "HDMI-A-1", rule: "pinned", why: "pinned to HDMI-A-1", time: 200.5)
        log.screen(node: "/dev/input/event5", output: nil, rule: nil, why: "no rule picks one display", time: 201)
        let client = KioskCause.command(uid: 1000, pid: 4321)
        log.idle(after: nil, cause: client, time: 202)
        log.wake(node: nil, id: 0, location: Point(x: 0, y: 0), cause: client, time: 203)
        log.wake(
            node: "/dev/input/event4", id: 9, location: Point(x: 10, y: 20), display: "HDMI-A-1", time: 204)
        log.lock(seconds: 60, cause: client, time: 205)
        log.unlock(swallowed: 3, cause: .timer, time: 265)
        log.lock(seconds: nil, cause: client, time: 270)
        log.unlock(swallowed: 0, cause: client, time: 280)
        #expect(
            log.marks.map(\.kind) == [
                .scene, .command, .command, .command, .command, .idle, .idle, .idle, .ghost, .screen, .screen,
                .idle, .idle, .idle, .lock, .lock, .lock, .lock,
            ])
        var text = log.buffer.string
        if format == .json {
            // The socket's own lines: hello (from a pipeline with a panel and a finger down) and error.
            let scene = try Scene.read(path: "\(examplesDirectory)/kiosk.json")
            let run = try Runner(
                recordings: ["\(examplesDirectory)/kiosk.evemu"], scene: scene, options: RunOptions(),
                sink: MemorySink())
            let pipeline = run.touchPipeline
            pipeline.process(
                InputEvent(
                    time: EventTime(seconds: 1, microseconds: 0), type: k.EV_ABS, code: k.ABS_MT_TRACKING_ID, value: 9),
                from: pipeline.panels[0])
            pipeline.process(
                InputEvent(time: EventTime(seconds: 1, microseconds: 0), type: k.EV_SYN, code: k.SYN_REPORT, value: 0),
                from: pipeline.panels[0])
            var b = TextBuffer()
            HelloLine.write(
                pipeline, screen: Size(width: 800, height: 480), sceneFile: "examples/kiosk.json", serves: .all,
                time: 1,
                into: &b)
            text += b.string.replacingOccurrences(of: examplesDirectory, with: "examples")
            // A socket that does not serve touches tells no place, though a finger is down.
            var withheld = TextBuffer()
            HelloLine.write(
                pipeline, screen: Size(width: 800, height: 480), sceneFile: nil, serves: HandlerLog.Kinds(.action),
                time: 1,
                into: &withheld)
            #expect(b.string.contains("\"location\":"), "the control: \(b.string)")
            #expect(withheld.string.contains("\"touches\":null,"), "\(withheld.string)")
            #expect(!withheld.string.contains("location"), "\(withheld.string)")
            #expect(
                HelloLine.summary(of: Array(b.bytes.dropLast()))
                    == "protocol 3; \(examplesDirectory)/kiosk.evemu; scene examples/kiosk.json; 1 touch down")
        }
        let expected = try String(contentsOfFile: "\(goldenDirectory)/\(golden)", encoding: .utf8)
        #expect(text == expected, "\(text)")
    }

    @Test func theCommandsOfASceneAreDecodedAndChecked() throws {
        func commands(_ json: String) throws -> [SceneCommand] {
            try Scene.parse(
                Array("{\"windows\":[{\"name\":\"W\",\"root\":{\"name\":\"v\"}}],\"commands\":\(json)}".utf8),
                file: "s.json"
            ).commands
        }
        #expect(
            try commands(#"{"a":{"run":["/bin/true"]},"b":{"run":["/bin/echo","x"],"timeout":2,"concurrency":4}}"#) == [
                SceneCommand(action: "a", run: ["/bin/true"], timeout: SceneCommand.defaultTimeout, concurrency: 1),
                SceneCommand(action: "b", run: ["/bin/echo", "x"], timeout: 2, concurrency: 4),
            ])
        for (json, message) in [
            (#"{"a":{"run":[]}}"#, "expected the program"), (#"{"a":{"run":["true"]}}"#, "absolute path"),
            (#"{"a":{"run":["/bin/true"],"timeout":0}}"#, "above 0"),
            (#"{"a":{"run":["/bin/true"],"concurrency":0}}"#, "at least 1"),
            (#"{"a":{"run":["/bin/true"],"shell":true}}"#, "unknown key 'shell'"),
        ] {
            #expect { try commands(json) } throws: { "\($0)".contains(message) && "\($0)".contains("commands.a") }
        }
    }
}
