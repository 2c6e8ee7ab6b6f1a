import Evdev
import InputEvents
import PipelineChecks
import PipelineTestSupport
import Runtime
import Testing
import TouchInput
import TouchKit
import VirtualDevices

@testable import Pipeline
@testable import TouchScene

/// What a pen's frames give its virtual pen: near or away, the tip where the window had it with
/// its pressure and angles, the hover with its height; fingers give none.
@Suite("The virtual pen's samples")
struct VirtualPenSampleTests {
    /// Hears what the pipeline gives the virtual devices.
    final class Samples: PanelForwarding {
        var pens: [PenSample] = []
        var touches = 0
        func forward(_ updates: [TouchUpdate], from panel: Panel, at t: Double) { touches += updates.count }
        func cancel(_ id: UInt64, of panel: Panel) {}
        func attachPanel(_ panel: Panel, key: String) throws(DeviceError) {}
        func refit(_ panel: Panel) {}
        func cancel(_ panel: Panel?) {}
        func detach(_ panel: Panel) {}
        func forwardPen(_ sample: PenSample, from panel: Panel) { pens.append(sample) }
    }

    /// `recording` through a pipeline whose only virtual device is `Samples`; `unplug`: the pen
    /// is removed after its last event.
    func run(
        _ recording: TestRecording = PencilRunTests.recording(), rotation: ScreenMapper.Rotation = .none,
        unplug: Bool = false
    ) throws -> Samples {
        let screen = rotation.swapsSides ? (480.0, 254.0 * 480 / 160) : (254.0 * 480 / 160, 480.0)
        let instance = SceneInstance(
            scene: try scene(TestScenes.view), screen: Size(width: screen.0, height: screen.1),
            log: HandlerLog(format: .text))
        let samples = Samples()
        var configuration = TouchPipeline.Configuration()
        configuration.virtualDevices = [samples]
        let pipeline = TouchPipeline(scene: instance, configuration: configuration)
        let d = SamplePen.description(name: "test pen")
        let mapper = ScreenMapper(device: d, rotation: rotation, screen: screen)!
        let pen = pipeline.addPanel(node: "/dev/input/event6", description: d, mapper: mapper, time: 10)
        for e in recording.events { pipeline.process(e, from: pen) }
        if unplug, let last = recording.events.last { pipeline.removePanel(pen, at: last.time) }
        return samples
    }

    @Test func aStrokeAndTheErasersTapGiveNearTouchingAwayInOrder() throws {
        let s = try run()
        // Hover in; the tip down; lifted into hover; away; the eraser down; up and away.
        try #require(s.pens.count == 6, "\(s.pens)")
        #expect(s.pens[0].isNear)
        #expect(!s.pens[0].isTouching)
        #expect(!s.pens[0].isEraser)
        let tip = s.pens[1]
        #expect(tip.isTouching, "\(tip)")
        #expect(abs(tip.pressure - 2048.0 / 4095) < 1e-9, "\(tip)")
        #expect(abs(tip.location.x - 381) < 0.05, "the panel's middle: \(tip.location)")
        #expect(abs(tip.location.y - 240) < 0.05, "the panel's middle: \(tip.location)")
        #expect(abs(tip.altitude - (.pi / 2 - 0.5)) < 1e-3, "0.5 rad towards +x: \(tip)")
        #expect(tip.azimuth == 0, "0.5 rad towards +x: \(tip)")
        #expect(s.pens[2].isNear, "lifted into hover: \(s.pens[2])")
        #expect(!s.pens[2].isTouching, "lifted into hover: \(s.pens[2])")
        #expect(s.pens[3] == .away)
        #expect(s.pens[4].isTouching, "\(s.pens[4])")
        #expect(s.pens[4].isEraser, "\(s.pens[4])")
        #expect(s.pens[5] == .away)
        #expect(s.touches == 4, "the other devices had the tips' touches as before")
    }

    /// The tracker moves the tip on a button's change, so the virtual pen has it at once.
    @Test func aBarrelButtonPressedWhileTheTipRestsReachesTheVirtualPenWhereTheTipIs() throws {
        var r = TestRecording(description: SamplePen.description(name: "test pen"))
        r.frame(at: 1, [(k.EV_KEY, k.BTN_TOOL_PEN, 1), (k.EV_ABS, k.ABS_X, 12_700), (k.EV_ABS, k.ABS_Y, 8000)])
        r.frame(at: 1.01, [(k.EV_KEY, k.BTN_TOUCH, 1), (k.EV_ABS, k.ABS_PRESSURE, 2048)])
        r.frame(at: 1.02, [(k.EV_KEY, k.BTN_STYLUS, 1)])
        r.frame(at: 1.03, [(k.EV_KEY, k.BTN_STYLUS, 0)])
        r.frame(at: 1.04, [(k.EV_KEY, k.BTN_TOUCH, 0), (k.EV_ABS, k.ABS_PRESSURE, 0)])
        let s = try run(r)
        let pressed = try #require(s.pens.first { $0.buttons == 1 }, "\(s.pens)")
        #expect(pressed.isTouching, "\(pressed)")
        #expect(abs(pressed.location.x - 381) < 0.05, "\(pressed)")
        #expect(s.pens.last?.isTouching == false, "\(s.pens)")
        #expect(s.pens.last?.buttons == 0, "\(s.pens)")
    }

    @Test func aPenUnpluggedWithItsTipDownLeavesItsVirtualPen() throws {
        var r = TestRecording(description: SamplePen.description(name: "test pen"))
        r.frame(at: 1, [(k.EV_KEY, k.BTN_TOOL_PEN, 1), (k.EV_ABS, k.ABS_X, 12_700), (k.EV_ABS, k.ABS_Y, 8000)])
        r.frame(at: 1.01, [(k.EV_KEY, k.BTN_TOUCH, 1), (k.EV_ABS, k.ABS_PRESSURE, 2048)])
        let s = try run(r, unplug: true)
        #expect(s.pens.map(\.isTouching) == [false, true, false], "\(s.pens)")
        #expect(s.pens.last == .away, "\(s.pens)")
        #expect(s.touches == 2, "the tip's touch began and was cancelled")
    }

    @Test func thePensAnglesTurnWithTheScreen() throws {
        let tip = try #require(try run(rotation: .quarter).pens.first { $0.isTouching })
        #expect(abs(tip.azimuth - .pi / 2) < 1e-9, "along the panel's +x is down the screen: \(tip)")
    }

    @Test func tiltsFromAnglesUndoTheConversion() {
        for (x, y) in [(0.5, 0.0), (0.0, -0.4), (0.3, 0.6), (-0.7, 0.2), (-1.2, -1.1)] {
            let a = PenAngles.angles(tiltX: x, tiltY: y)
            let t = PenAngles.tilts(altitude: a.altitude, azimuth: a.azimuth)
            #expect(abs(t.x - x) < 1e-9, "(\(x), \(y)) → \(a) → \(t)")
            #expect(abs(t.y - y) < 1e-9, "(\(x), \(y)) → \(a) → \(t)")
        }
        #expect(PenAngles.tilts(altitude: .pi / 2, azimuth: 1) == (0, 0))
    }

    @Test func aTurnedDisplaysPenPointsInTheDisplaysOwnOrientation() {
        // Upright +x on a display turned a quarter is its own -y: 3π/2.
        #expect(abs(ScreenMapper.Rotation.quarter.unturned(azimuth: 0) - 3 * .pi / 2) < 1e-12)
        #expect(ScreenMapper.Rotation.none.unturned(azimuth: 1) == 1)
        #expect(abs(ScreenMapper.Rotation.half.unturned(azimuth: .pi * 1.5) - .pi / 2) < 1e-12)
    }
}
