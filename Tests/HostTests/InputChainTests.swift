import InputEvents
import PipelineTestSupport
import Testing
import TouchInput
import TouchKit

@testable import Host
@testable import Pipeline

/// The chain every reader of panels builds: what `touches` and `watch` show is what the
/// daemon's window gets — its masks leave out a contact that begins in them until it lifts,
/// and a panel placed on the screen space maps its contacts there.
@Suite("The input chain")
struct InputChainTests {
    /// A protocol B frame: each (slot, tracking id, x, y) in device units, then SYN_REPORT.
    func frame(_ chain: inout InputChain, ms: Int32, _ slots: [(Int32, Int32, Int32, Int32)]) -> [ContactFrame] {
        var events: [(UInt16, UInt16, Int32)] = []
        for (slot, id, x, y) in slots {
            events.append((k.EV_ABS, k.ABS_MT_SLOT, slot))
            events.append((k.EV_ABS, k.ABS_MT_TRACKING_ID, id))
            if id >= 0 { events += [(k.EV_ABS, k.ABS_MT_POSITION_X, x), (k.EV_ABS, k.ABS_MT_POSITION_Y, y)] }
        }
        events.append((k.EV_SYN, k.SYN_REPORT, 0))
        var out: [ContactFrame] = []
        for (type, code, value) in events {
            chain.tracker.process(
                InputEvent(time: EventTime(seconds: 1, microseconds: ms * 1000), type: type, code: code, value: value)
            ) {
                out.append($0)
            }
        }
        return out.map { chain.corrected($0) }
    }

    @Test func aContactThatBeginsInAMaskIsLeftOutUntilItLifts() {
        let d = examplePanel()
        var placement = PanelPlacement()
        placement.corrections[Masks.self] = [Rect(x: 0, y: 0, width: 100, height: 100)]
        placement.corrections[Hysteresis.self] = 0
        var chain = InputChain(
            description: d, mapper: ScreenMapper(device: d, screen: (800, 480))!, placement: placement, warn: { _ in })
        // Slot 0 begins at (50, 50) points (masked), slot 1 at (400, 240).
        let began = frame(&chain, ms: 0, [(0, 1, 500, 500), (1, 2, 4000, 2400)])
        #expect(began.flatMap(\.contacts).map(\.phase) == [.began], "only the contact outside the mask")
        // The masked one moves out of the mask: still left out; the other moves.
        let moved = frame(&chain, ms: 10, [(0, 1, 3000, 3000), (1, 2, 4100, 2400)])
        #expect(moved.flatMap(\.contacts).count == 1)
        #expect(moved.flatMap(\.contacts)[0].position.x == 4100)
        // Both lift; a new contact in the masked slot, outside the mask, is reported.
        let lifted = frame(&chain, ms: 20, [(0, -1, 0, 0), (1, -1, 0, 0)])
        #expect(lifted.flatMap(\.contacts).map(\.phase) == [.ended])
        let again = frame(&chain, ms: 30, [(0, 3, 3000, 3000)])
        #expect(again.flatMap(\.contacts).map(\.phase) == [.began])
    }

    @Test func theDaemonsOptionsPlaceThePanelForTheTools() {
        let d = examplePanel()
        var options = RunOptions()
        options.rules.rects = [(PanelMatch("test panel"), Rect(x: 800, y: 0, width: 400, height: 240), nil)]
        let chain = options.inputChain(
            for: d, node: "/dev/input/event9", info: nil, warn: { _ in }, trackerWarn: { _ in })
        #expect(chain?.origin == Point(x: 800, y: 0))
        #expect(chain.map { ($0.mapper.width, $0.mapper.height) } ?? (0, 0) == (400, 240))
        #expect(chain?.corrections.screenPoint(DevicePoint(x: 4000, y: 2400)) == Point(x: 1000, y: 120))
    }
}
