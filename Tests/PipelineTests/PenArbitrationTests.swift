import InputEvents
import PipelineChecks
import PipelineTestSupport
import Testing
import TouchInput
import TouchKit

@testable import Pipeline
@testable import TouchScene

/// Pen and touch arbitration: while a panel's pen is near, its fingers' touches are cancelled
/// and new ones not begun (libinput's); a finger on another panel is not touched.
@Suite("Pen and touch arbitration")
struct PenArbitrationTests {
    final class Run {
        let instance: SceneInstance
        let pipeline: TouchPipeline
        let fingers: Panel
        let pen: Panel
        /// What the pipeline said (a box: the pipeline's configuration holds it from the start).
        final class Said { var lines: [String] = [] }
        let said = Said()
        var warnings: [String] { said.lines }
        var ms: Int32 = 0

        init(arbitration: Bool, sameGroup: Bool = true) throws {
            instance = SceneInstance(
                scene: try scene(TestScenes.view), screen: Size(width: 800, height: 480),
                log: HandlerLog(format: .text))
            var configuration = TouchPipeline.Configuration()
            configuration.penArbitration = arbitration
            configuration.warn = { [said] in said.lines.append($0) }
            pipeline = TouchPipeline(scene: instance, configuration: configuration)
            var placement = PanelPlacement()
            placement.group = "3/56a/52a0:usb-0000:00:14.0-2"
            let d = examplePanel()
            fingers = pipeline.addPanel(
                node: "/dev/input/event5", description: d, mapper: ScreenMapper(device: d, screen: (800, 480))!,
                placement: placement, time: 10)
            if !sameGroup { placement.group = "another" }
            let p = SamplePen.description(name: "test pen")
            pen = pipeline.addPanel(
                node: "/dev/input/event6", description: p, mapper: ScreenMapper(device: p, screen: (800, 480))!,
                placement: placement, time: 10)
        }

        /// One frame of `panel`'s events.
        func frame(_ panel: Panel, _ events: [(UInt16, UInt16, Int32)]) {
            ms += 10
            let t = EventTime(seconds: 10, microseconds: ms * 1000)
            for (type, code, value) in events + [(k.EV_SYN, k.SYN_REPORT, 0)] {
                pipeline.process(InputEvent(time: t, type: type, code: code, value: value), from: panel)
            }
        }

        /// A finger in `slot` down at (x, y) points of the 800x480 panel (10 units a point).
        func down(_ slot: Int32, id: Int32, _ x: Int32, _ y: Int32) {
            frame(
                fingers,
                [
                    (k.EV_ABS, k.ABS_MT_SLOT, slot), (k.EV_ABS, k.ABS_MT_TRACKING_ID, id),
                    (k.EV_ABS, k.ABS_MT_POSITION_X, x * 10), (k.EV_ABS, k.ABS_MT_POSITION_Y, y * 10),
                ])
        }

        func lift(_ slot: Int32) {
            frame(fingers, [(k.EV_ABS, k.ABS_MT_SLOT, slot), (k.EV_ABS, k.ABS_MT_TRACKING_ID, -1)])
        }

        /// The pen near (hovering over the pad's middle), its tip touching, or away.
        func penNear() {
            frame(pen, [(k.EV_KEY, k.BTN_TOOL_PEN, 1), (k.EV_ABS, k.ABS_X, 6350), (k.EV_ABS, k.ABS_Y, 6667)])
        }
        func penTap() {
            frame(pen, [(k.EV_KEY, k.BTN_TOUCH, 1), (k.EV_ABS, k.ABS_PRESSURE, 900)])
            frame(pen, [(k.EV_KEY, k.BTN_TOUCH, 0), (k.EV_ABS, k.ABS_PRESSURE, 0)])
        }
        func penAway() { frame(pen, [(k.EV_KEY, k.BTN_TOOL_PEN, 0)]) }

        /// The log's touches calls: "touchesBegan #1", …
        var calls: [String] {
            instance.log.buffer.string.split(separator: "\n").compactMap { line in
                let w = line.split(separator: " ")
                guard w.count > 3, w[1].hasPrefix("touches") else { return nil }
                return "\(w[1]) \(w[3])"
            }
        }
    }

    @Test func thePenNearCancelsThePalmAndLeavesNewFingersOutUntilItGoes() throws {
        let r = try Run(arbitration: true)
        r.down(0, id: 1, 150, 150)  // a palm resting on the pad
        r.penNear()
        r.down(1, id: 2, 250, 250)  // another finger, while the pen is near
        r.penTap()
        r.penAway()
        r.lift(0)
        r.lift(1)
        r.down(0, id: 3, 160, 160)  // the pen gone: a finger touches again
        #expect(
            r.calls == [
                "touchesBegan #1", "touchesCancelled #1", "touchesBegan #3", "touchesEnded #3", "touchesBegan #4",
            ], "\(r.instance.log.buffer.string)")
        #expect(r.warnings.filter { $0.contains("pen and touch arbitration") }.count == 1, "\(r.warnings)")
    }

    @Test func withoutArbitrationOrOnAnotherPanelFingersGoOn() throws {
        for (arbitration, sameGroup) in [(false, true), (true, false)] {
            let r = try Run(arbitration: arbitration, sameGroup: sameGroup)
            r.down(0, id: 1, 150, 150)
            r.penNear()
            r.down(1, id: 2, 250, 250)
            #expect(r.calls == ["touchesBegan #1", "touchesBegan #2"], "\(arbitration) \(sameGroup)")
        }
    }
}
