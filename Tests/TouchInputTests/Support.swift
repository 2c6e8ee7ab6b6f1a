import InputEvents
import TouchInput

let k = Kernel.self

/// Device descriptions for the tracker tests.
enum Panels {
    static func multitouch(slots: Int = 10, palm: Bool = false) -> DeviceDescription {
        var abs: [UInt16] = [
            k.ABS_X, k.ABS_Y, k.ABS_MT_SLOT, k.ABS_MT_POSITION_X, k.ABS_MT_POSITION_Y,
            k.ABS_MT_TRACKING_ID, k.ABS_MT_PRESSURE, k.ABS_MT_TOUCH_MAJOR,
        ]
        if palm { abs.append(k.ABS_MT_TOOL_TYPE) }
        var info: [UInt16: AbsInfo] = [:]
        for c in abs { info[c] = AbsInfo(minimum: 0, maximum: 4095, resolution: 16) }
        info[k.ABS_MT_SLOT] = AbsInfo(minimum: 0, maximum: Int32(slots - 1))
        info[k.ABS_MT_TRACKING_ID] = AbsInfo(minimum: 0, maximum: 65535)
        info[k.ABS_MT_TOOL_TYPE] = AbsInfo(minimum: 0, maximum: 2)
        return DeviceDescription(
            name: "MT", id: InputID(bustype: 3, vendor: 1, product: 1, version: 1),
            properties: BitSet([k.INPUT_PROP_DIRECT]),
            codes: [k.EV_KEY: BitSet([k.BTN_TOUCH]), k.EV_ABS: BitSet(abs)], absInfo: info)
    }

    static func single() -> DeviceDescription {
        DeviceDescription(
            name: "ST", id: InputID(bustype: 0x18, vendor: 1, product: 2, version: 1),
            properties: BitSet([k.INPUT_PROP_DIRECT]),
            codes: [k.EV_KEY: BitSet([k.BTN_TOUCH]), k.EV_ABS: BitSet([k.ABS_X, k.ABS_Y, k.ABS_PRESSURE])],
            absInfo: [
                k.ABS_X: AbsInfo(minimum: 100, maximum: 3999), k.ABS_Y: AbsInfo(minimum: 100, maximum: 3999),
                k.ABS_PRESSURE: AbsInfo(minimum: 0, maximum: 255),
            ])
    }

    static func protocolA(trackingIDs: Bool = false) -> DeviceDescription {
        var abs: [UInt16] = [k.ABS_X, k.ABS_Y, k.ABS_MT_POSITION_X, k.ABS_MT_POSITION_Y]
        if trackingIDs { abs.append(k.ABS_MT_TRACKING_ID) }
        var info: [UInt16: AbsInfo] = [:]
        for c in abs { info[c] = AbsInfo(minimum: 0, maximum: 1023) }
        return DeviceDescription(
            name: "A", id: InputID(bustype: 3, vendor: 1, product: 3, version: 1),
            properties: BitSet([k.INPUT_PROP_DIRECT]),
            codes: [k.EV_KEY: BitSet([k.BTN_TOUCH]), k.EV_ABS: BitSet(abs)], absInfo: info)
    }
}

/// Feeds frames of (type, code, value) to a tracker and collects what it emits.
struct Feed {
    var tracker: ContactTracker
    var frames: [ContactFrame] = []
    var warnings: [TrackerWarning] { sink.items }
    private let sink: Sink
    private var t: Int64 = 1_000_000

    final class Sink { var items: [TrackerWarning] = [] }

    init(_ d: DeviceDescription, ids: ContactIDs = ContactIDs()) {
        let sink = Sink()
        self.sink = sink
        tracker = ContactTracker(description: d, ids: ids) { sink.items.append($0) }
    }

    /// One frame: its events, then SYN_REPORT. Returns that frame's contacts (empty if none).
    @discardableResult
    mutating func frame(_ events: [(UInt16, UInt16, Int32)], sync: Bool = false) -> [Contact] {
        t += 10_000
        let time = EventTime(totalMicroseconds: t)
        var emitted: [Contact] = []
        for (ty, c, v) in events + [(k.EV_SYN, k.SYN_REPORT, 0)] {
            tracker.process(InputEvent(time: time, type: ty, code: c, value: v), isSync: sync) { f in
                emitted = f.contacts
                frames.append(f)
            }
        }
        return emitted
    }

    mutating func event(_ ty: UInt16, _ c: UInt16, _ v: Int32, sync: Bool = false) {
        tracker.process(InputEvent(time: EventTime(totalMicroseconds: t), type: ty, code: c, value: v), isSync: sync) {
            frames.append($0)
        }
    }
}

func phases(_ cs: [Contact]) -> [String] { cs.map { "\($0.id):\($0.phase.rawValue)" } }
func p(_ x: Double, _ y: Double) -> DevicePoint { DevicePoint(x: x, y: y) }
