import Foundation
import InputEvents
import TextBuffers
import TouchScene

package let k = Kernel.self

/// The repository's examples folder (scenes and their recordings); in a child run as another
/// user, the copy its parent made where that user can read it (`TOUCHBRIDGE_TEST_EXAMPLES`).
package let examplesDirectory: String = {
    if let copy = ProcessInfo.processInfo.environment["TOUCHBRIDGE_TEST_EXAMPLES"] { return copy }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples").path
}()

package func scene(_ json: String, file: String = "test.json") throws -> Scene {
    try Scene.parse(Array(json.utf8), file: file)
}

/// The examples' panel: a 10-slot protocol B touchscreen whose units are tenths of the
/// examples' 800×480 screen points, with pressure (0…255) and touch major (0…1023).
package func examplePanel(name: String = "test panel") -> DeviceDescription {
    let abs: [UInt16] = [
        k.ABS_X, k.ABS_Y, k.ABS_MT_SLOT, k.ABS_MT_TOUCH_MAJOR, k.ABS_MT_POSITION_X, k.ABS_MT_POSITION_Y,
        k.ABS_MT_TRACKING_ID, k.ABS_MT_PRESSURE,
    ]
    let x = AbsInfo(minimum: 0, maximum: 7999, resolution: 40)
    let y = AbsInfo(minimum: 0, maximum: 4799, resolution: 40)
    return DeviceDescription(
        name: name, id: InputID(bustype: 3, vendor: 0x1234, product: 0x5679, version: 0x100),
        properties: BitSet([k.INPUT_PROP_DIRECT]),
        codes: [k.EV_KEY: BitSet([k.BTN_TOUCH]), k.EV_ABS: BitSet(abs)],
        absInfo: [
            k.ABS_X: x, k.ABS_Y: y, k.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 9),
            k.ABS_MT_TOUCH_MAJOR: AbsInfo(minimum: 0, maximum: 1023), k.ABS_MT_POSITION_X: x, k.ABS_MT_POSITION_Y: y,
            k.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
            k.ABS_MT_PRESSURE: AbsInfo(minimum: 0, maximum: 255),
        ])
}

/// A recording written by hand: frames of events at given times, positions in the examples'
/// screen points. Written to a temporary file for `run`.
package struct TestRecording {
    package var description = examplePanel()
    package private(set) var events: [InputEvent] = []
    private var slot: Int32 = 0

    package init(description: DeviceDescription = examplePanel()) { self.description = description }

    /// One frame at `t` seconds: its events, then SYN_REPORT.
    package mutating func frame(at t: Double, _ items: [(UInt16, UInt16, Int32)]) {
        let time = EventTime(totalMicroseconds: Int64((t * 1e6).rounded()))
        for (type, code, value) in items { events.append(InputEvent(time: time, type: type, code: code, value: value)) }
        events.append(InputEvent(time: time, type: k.EV_SYN, code: k.SYN_REPORT, value: 0))
    }

    package mutating func down(
        at t: Double, slot s: Int32 = 0, id: Int32, _ x: Double, _ y: Double, pressure: Int32 = 128,
        major: Int32 = 200
    ) {
        frame(
            at: t,
            select(s) + [
                (k.EV_ABS, k.ABS_MT_TRACKING_ID, id), (k.EV_ABS, k.ABS_MT_POSITION_X, Int32(x * 10)),
                (k.EV_ABS, k.ABS_MT_POSITION_Y, Int32(y * 10)), (k.EV_ABS, k.ABS_MT_PRESSURE, pressure),
                (k.EV_ABS, k.ABS_MT_TOUCH_MAJOR, major),
            ])
    }

    package mutating func move(at t: Double, slot s: Int32 = 0, _ x: Double, _ y: Double) {
        frame(
            at: t,
            select(s) + [
                (k.EV_ABS, k.ABS_MT_POSITION_X, Int32(x * 10)), (k.EV_ABS, k.ABS_MT_POSITION_Y, Int32(y * 10)),
            ])
    }

    package mutating func up(at t: Double, slot s: Int32 = 0) {
        frame(at: t, select(s) + [(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1)])
    }

    /// A tap: down, up `hold` seconds later.
    package mutating func tap(at t: Double, id: Int32, _ x: Double, _ y: Double, hold: Double = 0.05) {
        down(at: t, id: id, x, y)
        up(at: t + hold)
    }

    private mutating func select(_ s: Int32) -> [(UInt16, UInt16, Int32)] {
        defer { slot = s }
        return slot == s ? [] : [(k.EV_ABS, k.ABS_MT_SLOT, s)]
    }
}

/// The log lines with the JSON `t` values removed, for comparing runs whose clocks differ.
package func withoutTimes(_ lines: [String]) -> [String] {
    lines.map { $0.replacingOccurrences(of: #"^\{"t":[0-9.]+,"#, with: "{", options: .regularExpression) }
}
