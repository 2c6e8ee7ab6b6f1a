import InputEvents
import PipelineTestSupport
import Testing
import TouchInput
import TouchKit

@testable import Pipeline
@testable import TouchScene

/// What a pipeline is built with and never given afterwards: the displays it follows, who is
/// told as the last finger lifts, who hears each frame.
@Suite("A pipeline built complete")
struct ConfigurationHooksTests {
    /// Plays `r` through a pipeline built with `configuration`, as a recording plays; the log.
    func play(_ r: TestRecording, _ configuration: TouchPipeline.Configuration) throws -> [String] {
        let instance = SceneInstance(
            scene: try PipelineTestSupport.scene(TestScenes.payButton), screen: Size(width: 800, height: 480),
            log: HandlerLog(format: .json))
        let pipeline = TouchPipeline(scene: instance, configuration: configuration)
        let d = examplePanel()
        var placement = PanelPlacement()
        placement.output = "HDMI-A-1"
        let panel = pipeline.addPanel(
            node: "/dev/input/event9", description: d, mapper: ScreenMapper(device: d, screen: (800, 480))!,
            placement: placement, time: 0)
        pipeline.startKioskRules(ghostAfter: Double?.none, at: 0)
        for e in r.events {
            pipeline.advanceTime(to: e.time.inSeconds)
            pipeline.process(e, from: panel)
        }
        return instance.log.buffer.string.split(separator: "\n").map(String.init)
    }

    @Test func aTouchOnADisplaySomeoneElseTurnedOffOnlyWakesIt() throws {
        var r = TestRecording()
        r.tap(at: 1, id: 1, 200, 150)  // the display is off: wakes, pays nothing
        r.tap(at: 2, id: 2, 200, 150)  // on again: pays
        let display = Display()
        var c = TouchPipeline.Configuration()
        c.displayOff = { [display] panel in display.asked(panel.placement.output) }
        let log = try play(r, c)
        #expect(display.askedFor == ["HDMI-A-1", "HDMI-A-1"], "asked as each contact began, for the panel's output")
        let wake = try #require(log.first { $0.contains(#""event":"wake""#) }, "\(log)")
        #expect(wake.hasPrefix(#"{"t":1.000000,"#), "\(wake)")
        #expect(wake.hasSuffix(#""cause":"touch","displayOff":"HDMI-A-1"}"#), "\(wake)")
        #expect(!log.contains { $0.contains(#""event":"idle""#) }, "no idle line: nobody here made it idle: \(log)")
        #expect(log.filter { $0.contains(#""action":"pay""#) }.count == 1, "\(log)")
    }

    @Test func withoutDisplaysFollowedEveryTapPays() throws {
        var r = TestRecording()
        r.tap(at: 1, id: 1, 200, 150)
        r.tap(at: 2, id: 2, 200, 150)
        let log = try play(r, TouchPipeline.Configuration())
        #expect(!log.contains { $0.contains(#""event":"wake""#) }, "\(log)")
        #expect(log.filter { $0.contains(#""action":"pay""#) }.count == 2, "\(log)")
    }

    @Test func theLastFingerLiftingIsToldEachTimeAndNotBefore() throws {
        var r = TestRecording()
        r.down(at: 1, slot: 0, id: 1, 200, 150)
        r.down(at: 1.1, slot: 1, id: 2, 400, 300)
        r.up(at: 1.2, slot: 0)  // one still down: not told
        r.up(at: 1.3, slot: 1)  // told
        r.tap(at: 2, id: 3, 200, 150)  // told again
        let lifts = Counter()
        var c = TouchPipeline.Configuration()
        c.allLifted = { [lifts] in lifts.count += 1 }
        _ = try play(r, c)
        #expect(lifts.count == 2)
    }

    @Test func theObserversHearEveryFrameTheWindowHad() throws {
        var r = TestRecording()
        r.tap(at: 1, id: 1, 200, 150, hold: 0.05)
        let heard = Counter()
        var phases: [Touch.Phase] = []
        var c = TouchPipeline.Configuration()
        c.observers = TouchPipeline.Observers(frame: { updates, _ in
            heard.count += 1
            phases += updates.map(\.phase)
        })
        _ = try play(r, c)
        #expect(heard.count == 2)
        #expect(phases == [.began, .ended])
    }

    /// A display that is off until a contact has begun on it, and the outputs asked for.
    final class Display {
        var askedFor: [String?] = []
        func asked(_ output: String?) -> String? {
            askedFor.append(output)
            return askedFor.count == 1 ? output : nil
        }
    }

    final class Counter { var count = 0 }
}
