import InputEvents
import PipelineTestSupport
import Testing
import TouchInput
import TouchKit

@testable import LivePanels
@testable import Pipeline
@testable import TouchScene

/// The daemon's rehearsal of the first touch: for every kind of panel, its events make one
/// whole touch (began, moved, moved, ended) in a pipeline, so the code a real first touch
/// runs is the code the rehearsal ran.
@Suite("The first touch's rehearsal")
struct RehearsalTests {
    func panels() -> [(String, DeviceDescription)] {
        let b = examplePanel()
        var a = b
        a.codes[k.EV_ABS]?.remove(k.ABS_MT_SLOT)
        a.codes[k.EV_ABS]?.remove(k.ABS_MT_TRACKING_ID)
        a.absInfo[k.ABS_MT_SLOT] = nil
        a.absInfo[k.ABS_MT_TRACKING_ID] = nil
        var single = b
        single.codes[k.EV_ABS] = BitSet([k.ABS_X, k.ABS_Y])
        single.absInfo = [k.ABS_X: b.absInfo[k.ABS_X]!, k.ABS_Y: b.absInfo[k.ABS_Y]!]
        return [("protocol B", b), ("protocol A", a), ("single touch", single)]
    }

    @Test func everyKindOfPanelGetsOneWholeTouchThatMoves() throws {
        for (kind, d) in panels() {
            let instance = SceneInstance(
                scene: try scene(TestScenes.view), screen: Size(width: 800, height: 480),
                log: HandlerLog(format: .text))
            var warnings: [String] = []
            var configuration = TouchPipeline.Configuration()
            configuration.warn = { warnings.append($0) }
            let pipeline = TouchPipeline(scene: instance, configuration: configuration)
            let panel = pipeline.addPanel(
                node: "/dev/input/event9", description: d,
                mapper: ScreenMapper(device: d, screen: (800, 480))!, time: 0)
            #expect(panel.tracker.touchProtocol == TouchProtocol(d), "\(kind)")
            for e in LiveSource.rehearsalEvents(for: d) { pipeline.process(e, from: panel) }
            // Each call is logged for every responder up the chain: one run of lines per call.
            let methods = instance.log.buffer.string.split(separator: "\n").map { String($0.split(separator: " ")[1]) }
            let runs = methods.enumerated().filter { $0.offset == 0 || methods[$0.offset - 1] != $0.element }.map(
                \.element)
            #expect(runs == ["deviceAdded", "touchesBegan", "touchesMoved", "touchesEnded"], "\(kind)")
            let began = methods.filter { $0 == "touchesBegan" }.count
            #expect(began > 0, "\(kind): two moves")
            #expect(methods.filter { $0 == "touchesMoved" }.count == 2 * began, "\(kind): two moves")
            #expect(warnings.isEmpty, "\(kind): \(warnings)")
            #expect(
                panel.tracker.cancelAll(at: EventTime(seconds: 1, microseconds: 0)).contacts.isEmpty,
                "\(kind): nothing left down")
        }
    }

    @Test func theTouchStartsInTheMiddleOfThePanel() throws {
        let d = examplePanel()
        let events = LiveSource.rehearsalEvents(for: d)
        let firstX = try #require(events.first { $0.code == k.ABS_MT_POSITION_X })
        #expect(firstX.value == 3999)
        #expect(events.filter { $0.type == k.EV_SYN && $0.code == k.SYN_REPORT }.count == 4)
    }
}
