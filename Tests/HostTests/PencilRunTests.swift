import Foundation
import HostTestSupport
import InputEvents
import PipelineChecks
import PipelineTestSupport
import Testing
import TouchInput
import TouchKit

@testable import Host
@testable import TouchScene

/// A pen recording through the daemon: its tip a pencil touch with force, altitude and azimuth
/// (turned with the screen), its eraser end marked.
@Suite("Pens through the daemon")
struct PencilRunTests {
    static func pen() -> DeviceDescription { SamplePen.description(name: "test pen") }

    /// Hover in, the tip down tilted 0.5 rad towards +x at half pressure, up, away; then the eraser's tap.
    static func recording() -> TestRecording {
        var r = TestRecording(description: pen())
        r.frame(at: 1, [(k.EV_KEY, k.BTN_TOOL_PEN, 1), (k.EV_ABS, k.ABS_X, 12_700), (k.EV_ABS, k.ABS_Y, 8000)])
        r.frame(
            at: 1.05, [(k.EV_KEY, k.BTN_TOUCH, 1), (k.EV_ABS, k.ABS_PRESSURE, 2048), (k.EV_ABS, k.ABS_TILT_X, 2865)])
        r.frame(at: 1.10, [(k.EV_KEY, k.BTN_TOUCH, 0), (k.EV_ABS, k.ABS_PRESSURE, 0)])
        r.frame(at: 1.15, [(k.EV_KEY, k.BTN_TOOL_PEN, 0)])
        r.frame(at: 2, [(k.EV_KEY, k.BTN_TOOL_RUBBER, 1), (k.EV_KEY, k.BTN_TOUCH, 1), (k.EV_ABS, k.ABS_PRESSURE, 900)])
        r.frame(at: 2.05, [(k.EV_KEY, k.BTN_TOUCH, 0), (k.EV_KEY, k.BTN_TOOL_RUBBER, 0)])
        return r
    }

    func touches(_ options: RunOptions) throws -> [[String: Any]] {
        let sink = MemorySink()
        try Runner(recordings: [try Self.recording().file("pen")], scene: nil, options: options, sink: sink).run()
        return sink.lines.compactMap { line -> [String: Any]? in
            guard line.contains("\"touchesBegan\""),
                let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            else { return nil }
            return (o["touches"] as? [[String: Any]])?.first
        }
    }

    @Test func thePensTipIsAPencilTouchWithForceAltitudeAndAzimuth() throws {
        var options = RunOptions()
        options.format = .json
        options.screen = Size(width: 800, height: 480)
        let began = try touches(options)
        try #require(began.count == 2, "\(began)")
        let tip = began[0]
        #expect(tip["type"] as? String == "pencil", "\(tip)")
        #expect(tip["eraser"] == nil, "\(tip)")
        #expect((tip["force"] as? Double ?? 0) > 0.9, "half the pressure range: about 1.0 \(tip)")
        #expect(tip["altitude"] as? Double == 1.071, "π/2 - 0.5, along +x: \(tip)")
        #expect(tip["azimuth"] as? Double == 0, "π/2 - 0.5, along +x: \(tip)")
        #expect(began[1]["type"] as? String == "pencil", "\(began[1])")
        #expect(began[1]["eraser"] as? Bool == true, "\(began[1])")
        // Turned a quarter: the pen that pointed along the panel's +x points down the screen.
        options.rotation = .quarter
        options.screen = Size(width: 480, height: 800)
        #expect(try touches(options).first?["azimuth"] as? Double == 1.571)
    }

    @Test func theTextLineSaysPencilWithItsAngles() throws {
        let sink = MemorySink()
        var options = RunOptions()
        options.screen = Size(width: 800, height: 480)
        try Runner(recordings: [try Self.recording().file("pen")], scene: nil, options: options, sink: sink).run()
        let began = sink.lines.filter { $0.contains("touchesBegan") }
        #expect(began.contains { $0.hasSuffix("taps 1 pencil alt 1.071 az 0.000") }, "\(sink.text)")
        #expect(began.contains { $0.hasSuffix(" eraser") }, "\(sink.text)")
    }
}

extension PencilRunTests {
    /// A signature pad with a hover recognizer: the pen hovers in, comes lower, writes, lifts
    /// into hover and goes; the eraser taps.
    @Test func aHoverRecognizerFollowsThePenOverItsViewWithItsHeight() throws {
        let scene = try Scene.parse(
            Array(
                #"""
                { "screen": [800, 480], "windows": [ { "name": "W", "root": { "name": "pad",
                  "gestures": [ { "type": "hover", "name": "hover" } ] } } ] }
                """#.utf8), file: "pad.json")
        var r = TestRecording(description: Self.pen())
        r.frame(
            at: 1,
            [
                (k.EV_KEY, k.BTN_TOOL_PEN, 1), (k.EV_ABS, k.ABS_X, 12_700), (k.EV_ABS, k.ABS_Y, 8000),
                (k.EV_ABS, k.ABS_DISTANCE, 63),
            ])
        r.frame(at: 1.02, [(k.EV_ABS, k.ABS_X, 13_000), (k.EV_ABS, k.ABS_DISTANCE, 21)])
        r.frame(
            at: 1.04, [(k.EV_KEY, k.BTN_TOUCH, 1), (k.EV_ABS, k.ABS_PRESSURE, 1000), (k.EV_ABS, k.ABS_DISTANCE, 0)])
        r.frame(at: 1.10, [(k.EV_KEY, k.BTN_TOUCH, 0), (k.EV_ABS, k.ABS_PRESSURE, 0), (k.EV_ABS, k.ABS_DISTANCE, 6)])
        r.frame(at: 1.20, [(k.EV_KEY, k.BTN_TOOL_PEN, 0)])
        var options = RunOptions()
        options.format = .json
        let sink = MemorySink()
        try Runner(recordings: [try r.file("pad")], scene: scene, options: options, sink: sink).run()
        let hover = sink.lines.filter { $0.contains(#""recognizer":"hover""#) }.map { line -> String in
            let state = line.components(separatedBy: #""state":""#).dropFirst().first?.prefix { $0 != "\"" } ?? ""
            let z =
                line.components(separatedBy: #""zOffset":"#).dropFirst().first?.prefix { $0 != "," && $0 != "}" } ?? ""
            return "\(state) \(z)"
        }
        // In at the top of its range, lower to a third, ended by the tip; in again lifted a
        // little (6 of 63), ended as it goes.
        #expect(hover == ["began 1.0", "changed 0.333", "ended 0.0", "began 0.095", "ended 0.095"], "\(sink.text)")
        let began = sink.lines.firstIndex { $0.contains("touchesBegan") } ?? -1
        let endedByTip = sink.lines.firstIndex { $0.contains(#""state":"ended""#) } ?? -2
        #expect(endedByTip < began, "the hover ends before the tip's touch begins: \(sink.text)")
    }
}

extension PencilRunTests {
    /// The pen's barrel button, pressed and released while it hovers, as presses of
    /// `BTN_STYLUS` for a scene that names it.
    @Test func aBarrelButtonIsAPressForASceneThatNamesIt() throws {
        let scene = try Scene.parse(
            Array(
                #"""
                { "screen": [800, 480], "windows": [ { "name": "W", "root": { "name": "pad", "presses": ["BTN_STYLUS"] } } ] }
                """#.utf8), file: "pad.json")
        var r = TestRecording(description: Self.pen())
        r.frame(at: 1, [(k.EV_KEY, k.BTN_TOOL_PEN, 1), (k.EV_ABS, k.ABS_X, 12_700), (k.EV_ABS, k.ABS_Y, 8000)])
        r.frame(at: 1.1, [(k.EV_KEY, k.BTN_STYLUS, 1)])
        r.frame(at: 1.2, [(k.EV_KEY, k.BTN_STYLUS, 0)])
        r.frame(at: 1.3, [(k.EV_KEY, k.BTN_TOOL_PEN, 0)])
        let sink = MemorySink()
        try Runner(recordings: [try r.file("barrel")], scene: scene, options: RunOptions(), sink: sink).run()
        let presses = sink.lines.filter { $0.contains(" presses") }.map {
            $0.split(separator: " ").dropFirst().joined(separator: " ")
        }
        // No first responder: the key window takes them, then the application (UIKit's routing).
        #expect(
            presses == [
                "pressesBegan W BTN_STYLUS began", "pressesBegan Application BTN_STYLUS began",
                "pressesEnded W BTN_STYLUS ended", "pressesEnded Application BTN_STYLUS ended",
            ], "\(sink.text)")
    }
}
