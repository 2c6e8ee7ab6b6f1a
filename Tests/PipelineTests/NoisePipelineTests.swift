import InputEvents
import PipelineTestSupport
import Testing
import TouchInput
import TouchKit

@testable import Pipeline
@testable import TouchScene

/// The noise rules in the pipeline, between a panel's tracker and everything after it: what
/// the window, a virtual touchscreen, the idle clock and the metrics get of a phantom, a touch
/// held back, and a real finger beside them.
@Suite("Noise rules in the pipeline")
struct NoisePipelineTests {
    /// A window that keeps nothing, so every touch is forwarded as the window has it.
    static let plain = #"""
        { "screen": [800, 480], "windows": [ { "name": "W", "root": { "name": "App",
          "consumes": ["touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled"] } } ] }
        """#

    final class Run {
        let pipeline: TouchPipeline
        let panel: Panel
        let frames: ForwardingTests.Frames
        var slot: Int32 = 0

        init(_ rules: String?, scene: String = NoisePipelineTests.plain, metrics: Bool = false) throws {
            let instance = SceneInstance(
                scene: try PipelineTestSupport.scene(scene), screen: Size(width: 800, height: 480),
                log: HandlerLog(format: .text))
            var configuration = TouchPipeline.Configuration()
            if metrics { configuration.metrics = Metrics(measuresLatency: false) }
            pipeline = TouchPipeline(scene: instance, configuration: configuration)
            frames = ForwardingTests.Frames { 0 }
            pipeline.forwardTouches(to: frames)
            var placement = PanelPlacement()
            placement.noise = try rules.map { try NoiseChoice.parse($0).get() }
            let d = examplePanel()
            panel = pipeline.addPanel(
                node: "/dev/input/event9", description: d, mapper: ScreenMapper(device: d, screen: (800, 480))!,
                placement: placement, time: 0)
        }

        /// One frame at `t` of slot `s`: its events in screen points (10 units a point).
        func frame(_ t: Double, _ s: Int32, _ items: [(UInt16, UInt16, Int32)]) {
            pipeline.advanceTime(to: t)
            let time = EventTime(totalMicroseconds: Int64((t * 1e6).rounded()))
            let select: [(UInt16, UInt16, Int32)] = s == slot ? [] : [(k.EV_ABS, k.ABS_MT_SLOT, s)]
            slot = s
            for (type, code, value) in select + items + [(k.EV_SYN, k.SYN_REPORT, 0)] {
                pipeline.process(InputEvent(time: time, type: type, code: code, value: value), from: panel)
            }
        }

        func down(_ t: Double, _ s: Int32, id: Int32, _ x: Double, _ y: Double, pressure: Int32 = 70) {
            frame(
                t, s,
                [
                    (k.EV_ABS, k.ABS_MT_TRACKING_ID, id), (k.EV_ABS, k.ABS_MT_POSITION_X, Int32(x * 10)),
                    (k.EV_ABS, k.ABS_MT_POSITION_Y, Int32(y * 10)), (k.EV_ABS, k.ABS_MT_PRESSURE, pressure),
                ])
        }

        func move(_ t: Double, _ s: Int32, _ x: Double, _ y: Double) {
            frame(
                t, s, [(k.EV_ABS, k.ABS_MT_POSITION_X, Int32(x * 10)), (k.EV_ABS, k.ABS_MT_POSITION_Y, Int32(y * 10))])
        }

        func up(_ t: Double, _ s: Int32) { frame(t, s, [(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1)]) }

        var lines: [String] { pipeline.log.buffer.string.split(separator: "\n").map(String.init) }
    }

    @Test func aTouchHeldOnTheBorderBeginsWhereItWentInwardEverywhere() throws {
        let run = try Run("edge")
        run.down(1, 0, id: 5, 0, 200)
        run.move(1.05, 0, 0, 210)
        run.move(1.1, 0, 30, 210)
        run.move(1.15, 0, 40, 210)
        run.up(1.2, 0)
        #expect(run.frames.frames == [["began 1 (30,210)"], ["moved 1"], ["ended 1"]])
        #expect(run.lines.contains { $0.contains("touchesBegan App #1 began (30.00,210.00)") }, "\(run.lines)")
        #expect(!run.lines.contains { $0.contains(" noise ") }, "a touch that went on is no noise: \(run.lines)")
    }

    @Test func aPhantomNeverBeginsAndOneJudgedLaterIsCancelledOnTheVirtualDeviceToo() throws {
        let run = try Run("far-apart,edge")
        run.down(1, 0, id: 5, 100, 100)
        run.down(1.01, 1, id: 6, 700, 400)
        run.up(1.05, 1)
        run.up(1.06, 0)
        // The first began and was cancelled at its next report; the second never began.
        #expect(run.frames.frames == [["began 1 (100,100)"], ["cancelled 1"]])
        #expect(run.lines.filter { $0.contains(" noise far-apart ") }.count == 2, "\(run.lines)")
        #expect(run.lines.contains { $0.contains("touchesCancelled App #1") }, "\(run.lines)")
        // The border's phantom lifts without going inward: dropped, said, seen by nobody.
        run.down(2, 0, id: 7, 0, 300)
        run.up(2.1, 0)
        #expect(run.frames.frames.count == 2)
        #expect(run.lines.contains { $0.contains(" noise edge /dev/input/event9 id 3 (0.00,300.00)") }, "\(run.lines)")
    }

    @Test func aPhantomDoesNotWakeTheBlankedKioskAndAFingerDoes() throws {
        let run = try Run("pressure")
        run.pipeline.startKioskRules(ghostAfter: nil, at: 0)
        #expect(run.pipeline.blank(cause: .timer, at: 0.5))
        run.down(1, 0, id: 5, 400, 240, pressure: 20)
        run.up(1.1, 0)
        #expect(!run.lines.contains { $0.contains(" wake ") }, "a light phantom woke it: \(run.lines)")
        run.down(2, 0, id: 6, 400, 240, pressure: 70)
        run.up(2.1, 0)
        #expect(run.lines.contains { $0.contains(" wake /dev/input/event9") }, "\(run.lines)")
    }

    @Test func theMetricsCountEachRulesTouches() throws {
        let run = try Run("edge,pressure", metrics: true)
        run.down(1, 0, id: 5, 0, 100)
        run.up(1.1, 0)
        run.down(2, 0, id: 6, 400, 240, pressure: 10)
        run.up(2.1, 0)
        run.down(3, 0, id: 7, 0, 200)
        run.up(3.1, 0)
        let text = MetricsText.text(try #require(run.pipeline.metrics), panels: run.pipeline.panels)
        #expect(text.contains("touchbridge_noise_touches_total{rule=\"edge\"} 2"), "\(text)")
        #expect(text.contains("touchbridge_noise_touches_total{rule=\"pressure\"} 1"), "\(text)")
        #expect(text.contains("touchbridge_noise_touches_total{rule=\"palm\"} 0"), "\(text)")
        #expect(text.contains("touchbridge_touches_total{phase=\"began\"} 0"), "\(text)")
    }

    @Test func thePanelsOwnRulesWinOverTheScenesAndAChangeKeepsAHeldTouchsJudgement() throws {
        let scene =
            #"{ "noiseFilters": "edge", "screen": [800, 480], "windows": [ { "name": "W", "root": { "name": "App" } } ] }"#
        #expect(try Run(nil, scene: scene).panel.noiseRules == NoiseRules(.edge))
        #expect(try Run("none", scene: scene).panel.noiseRules.isEmpty)
        let run = try Run("edge")
        run.down(1, 0, id: 5, 0, 200)
        var off = PanelPlacement()
        off.noise = NoiseChoice.none
        run.pipeline.replacePlacement(of: run.panel, with: off, mapper: run.panel.mapper, at: 1.02)
        #expect(run.panel.noiseRules.isEmpty)
        // Held when the rules went, it still begins only once it goes inward, and nothing is orphaned.
        run.move(1.05, 0, 0, 210)
        run.move(1.1, 0, 30, 210)
        run.up(1.2, 0)
        run.down(2, 0, id: 6, 0, 300)
        run.up(2.1, 0)
        #expect(
            run.frames.frames == [["began 1 (30,210)"], ["ended 1"], ["began 2 (0,300)"], ["ended 2"]],
            "\(run.frames.frames)")
    }
}
