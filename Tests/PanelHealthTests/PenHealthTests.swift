import InputEvents
import PanelHealth
import PipelineChecks
import Testing
import TouchInput

/// `health` on a pen: its strokes, its pressure (range, spread, the maximum reached, strokes
/// that press on to their peak), its tilt in degrees, its hover height and its rate while near.
@Suite("A pen's health")
struct PenHealthTests {
    let k = Kernel.self

    /// A pen's frames at 100 Hz: each a list of events.
    func report(_ frames: [[(UInt16, UInt16, Int32)]]) -> HealthReport {
        let d = SamplePen.description()
        var analyzer = HealthAnalyzer(description: d, source: "synthetic")
        var tracker = ContactTracker(description: d, ids: ContactIDs())
        var last: EventTime?
        for (i, frame) in frames.enumerated() {
            let t = EventTime(seconds: 1, microseconds: Int32(i * 10_000))
            for (type, code, value) in frame + [(k.EV_SYN, k.SYN_REPORT, 0)] {
                let e = InputEvent(time: t, type: type, code: code, value: value)
                analyzer.event(e)
                tracker.process(e) { analyzer.frame($0) }
            }
            last = t
        }
        return analyzer.report(at: last)
    }

    /// Hover in high, come down; a stroke whose pressure climbs by `steps`; lift; away.
    func stroke(_ steps: [Int32], tiltX: Int32 = 0) -> [[(UInt16, UInt16, Int32)]] {
        var frames: [[(UInt16, UInt16, Int32)]] = [
            [
                (k.EV_KEY, k.BTN_TOOL_PEN, 1), (k.EV_ABS, k.ABS_X, 1000), (k.EV_ABS, k.ABS_Y, 1000),
                (k.EV_ABS, k.ABS_DISTANCE, 50),
            ],
            [(k.EV_ABS, k.ABS_DISTANCE, 10), (k.EV_ABS, k.ABS_TILT_X, tiltX)],
        ]
        frames.append([(k.EV_KEY, k.BTN_TOUCH, 1), (k.EV_ABS, k.ABS_DISTANCE, 0), (k.EV_ABS, k.ABS_PRESSURE, steps[0])])
        for (i, p) in steps.enumerated().dropFirst() {
            frames.append([(k.EV_ABS, k.ABS_X, 1000 + Int32(i) * 50), (k.EV_ABS, k.ABS_PRESSURE, p)])
        }
        frames.append([(k.EV_KEY, k.BTN_TOUCH, 0), (k.EV_ABS, k.ABS_PRESSURE, 0), (k.EV_ABS, k.ABS_DISTANCE, 5)])
        frames.append([(k.EV_KEY, k.BTN_TOOL_PEN, 0)])
        return frames
    }

    @Test func aRampToTheMaximumPressesOnAndReachesIt() throws {
        let r = report(stroke([400, 1200, 2000, 2800, 3600, 4095], tiltX: -2865))
        let pen = try #require(r.pen)
        #expect(r.touchProtocol == "pen")
        #expect(pen.strokes == 1)
        #expect(pen.eraserStrokes == 0)
        #expect(pen.pressure?.seen?.minimum == 400)
        #expect(pen.pressure?.seen?.maximum == 4095)
        #expect(pen.reachesMaximum)
        #expect(pen.monotonicStrokes == 1)
        #expect(pen.pressureBands == [1, 0, 1, 0, 1, 0, 1, 0, 1, 1], "\(pen.pressureBands)")
        let tilt = try #require(pen.tiltX)
        #expect(abs(tilt.minimum - -2865.0 / 5730 * 180 / .pi) < 1e-9, "\(tilt)")
        #expect(tilt.maximum == 0, "\(tilt)")
        #expect(pen.height?.seen?.minimum == 5, "the hover's heights")
        #expect(pen.height?.seen?.maximum == 50, "the hover's heights")
        #expect(pen.hoverReports == 3, "\(pen.rate)")
        #expect(pen.rate.meanHz.map { abs($0 - 100) < 1e-6 } == true, "\(pen.rate)")
    }

    @Test func aStrokeThatEasesBackBeforeItsPeakAndStopsShortIsSaidSo() throws {
        let pen = try #require(report(stroke([400, 2000, 1500, 2600])).pen)
        #expect(!pen.reachesMaximum, "eased back from 2000 to 1500, then rose on")
        #expect(pen.monotonicStrokes == 0, "eased back from 2000 to 1500, then rose on")
        // Easing back after the peak is a lift, not a fault.
        let lifting = try #require(report(stroke([400, 2000, 2600, 1000])).pen)
        #expect(lifting.monotonicStrokes == 1)
    }

    @Test func theTextAndJSONSayThePensFigures() throws {
        let r = report(stroke([400, 4095]))
        let text = HealthText.write(r)
        #expect(text.contains("pen pressure    seen 400–4095 of the declared 0–4095, reaching its maximum"), "\(text)")
        #expect(text.contains("pen hover       height seen 5–50 of the declared 0–63"), "\(text)")
        let json = HealthJSON.write(r)
        #expect(json.contains(#""pen":{"strokes":1,"eraserStrokes":0,"rate":"#), "\(json)")
        #expect(json.contains(#""reachesMaximum":true,"monotonicStrokes":1"#), "\(json)")
        let touchscreen = SyntheticPanel().report()
        #expect(touchscreen.pen == nil, "fingers have no pen")
        #expect(!HealthJSON.write(touchscreen).contains(#""pen""#), "fingers have no pen")
        #expect(!HealthText.write(touchscreen).contains("pen pressure"))
    }
}
