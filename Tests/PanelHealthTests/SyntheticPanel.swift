import InputEvents
import PanelHealth
import TouchInput

/// Writes the event stream of a synthetic protocol B panel (10 slots, 4000×2000 units at 10
/// units/mm, pressure 0–255) frame by frame, so each test knows the figures it built in.
struct SyntheticPanel {
    static let k = Kernel.self
    static let description = DeviceDescription(
        name: "synthetic panel", id: InputID(bustype: 3, vendor: 1, product: 2, version: 1),
        properties: BitSet([k.INPUT_PROP_DIRECT]),
        codes: [
            k.EV_SYN: BitSet([k.SYN_REPORT, k.SYN_DROPPED]), k.EV_KEY: BitSet([k.BTN_TOUCH]),
            k.EV_ABS: BitSet([
                k.ABS_X, k.ABS_Y, k.ABS_MT_SLOT, k.ABS_MT_POSITION_X, k.ABS_MT_POSITION_Y,
                k.ABS_MT_TRACKING_ID, k.ABS_MT_PRESSURE,
            ]),
        ],
        absInfo: [
            k.ABS_X: AbsInfo(minimum: 0, maximum: 3999, resolution: 10),
            k.ABS_Y: AbsInfo(minimum: 0, maximum: 1999, resolution: 10),
            k.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 9),
            k.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 3999, resolution: 10),
            k.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 1999, resolution: 10),
            k.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
            k.ABS_MT_PRESSURE: AbsInfo(minimum: 0, maximum: 255),
        ])

    private(set) var events: [InputEvent] = []
    private var nextID: Int32 = 1
    private var down: [Int: Int32] = [:]

    private mutating func put(_ t: Double, _ type: UInt16, _ code: UInt16, _ value: Int32) {
        events.append(
            InputEvent(
                time: EventTime(totalMicroseconds: Int64((t * 1e6).rounded())), type: type, code: code, value: value))
    }

    /// One frame at `t` seconds: each slot lands (if up), moves to (x, y), or lifts (nil).
    mutating func frame(_ t: Double, _ slots: [(slot: Int, at: (x: Int32, y: Int32)?)], pressure: Int32? = nil) {
        for (slot, at) in slots {
            put(t, Self.k.EV_ABS, Self.k.ABS_MT_SLOT, Int32(slot))
            if let at {
                if down[slot] == nil {
                    down[slot] = nextID
                    put(t, Self.k.EV_ABS, Self.k.ABS_MT_TRACKING_ID, nextID)
                    nextID += 1
                }
                put(t, Self.k.EV_ABS, Self.k.ABS_MT_POSITION_X, at.x)
                put(t, Self.k.EV_ABS, Self.k.ABS_MT_POSITION_Y, at.y)
                if let pressure { put(t, Self.k.EV_ABS, Self.k.ABS_MT_PRESSURE, pressure) }
            } else {
                down[slot] = nil
                put(t, Self.k.EV_ABS, Self.k.ABS_MT_TRACKING_ID, -1)
            }
        }
        put(t, Self.k.EV_SYN, Self.k.SYN_REPORT, 0)
    }

    mutating func dropped(_ t: Double) { put(t, Self.k.EV_SYN, Self.k.SYN_DROPPED, 0) }

    /// The stream through the tracker and the analyzer, as `touchbridge health` does.
    func report(settings: HealthSettings = HealthSettings()) -> HealthReport {
        var analyzer = HealthAnalyzer(description: Self.description, source: "synthetic", settings: settings)
        final class Warnings { var items: [TrackerWarning] = [] }
        let warnings = Warnings()
        var tracker = ContactTracker(description: Self.description, ids: ContactIDs()) { warnings.items.append($0) }
        for e in events {
            analyzer.event(e)
            tracker.process(e) { analyzer.frame($0) }
            for w in warnings.items { analyzer.warning(w) }
            warnings.items.removeAll()
        }
        return analyzer.report(at: events.last?.time)
    }
}
