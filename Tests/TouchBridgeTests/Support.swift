import Evdev
import Foundation
import Host
import InputEvents
import Output
import TouchBridge

let k = Kernel.self

/// Collects what a run writes.
final class MemorySink: TextSink {
    var text = ""
    func flush(_ buffer: inout TextBuffer) {
        text += buffer.string
        buffer.removeAll()
    }
    var lines: [String] { text.split(separator: "\n").map(String.init) }
}

/// The repository's examples folder (scenes and their recordings); in a child run as another
/// user, the copy its parent made where that user can read it (`TOUCHBRIDGE_TEST_EXAMPLES`).
let examplesDirectory: String = {
    if let copy = ProcessInfo.processInfo.environment["TOUCHBRIDGE_TEST_EXAMPLES"] { return copy }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples").path
}()

/// This suite's golden logs.
let goldenDirectory: String = {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden").path
}()

/// Runs recordings through the pipeline as `touchbridge run FILE…` does, returning the log.
func run(
    _ paths: [String], scene: Scene? = nil, json: Bool = false, adopt: Bool = false,
    screen: (Double, Double)? = nil, keys: Bool = false, ghostAfter: Double? = nil
) throws -> String {
    var options = RunOptions()
    options.ghostAfter = ghostAfter
    options.keys = keys
    options.format = json ? .json : .text
    options.adoptInitialTouches = adopt
    if let screen { options.screen = .init(width: screen.0, height: screen.1) }
    let sink = MemorySink()
    try Runner(recordings: paths, scene: scene, options: options, sink: sink).run()
    return sink.text
}

func scene(_ json: String, file: String = "test.json") throws -> Scene {
    try Scene.parse(Array(json.utf8), file: file)
}

/// The examples' panel: a 10-slot protocol B touchscreen whose units are tenths of the
/// examples' 800×480 screen points, with pressure (0…255) and touch major (0…1023).
func examplePanel(name: String = "test panel") -> DeviceDescription {
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
struct TestRecording {
    var description = examplePanel()
    private(set) var events: [InputEvent] = []
    private var slot: Int32 = 0

    init(description: DeviceDescription = examplePanel()) { self.description = description }

    /// One frame at `t` seconds: its events, then SYN_REPORT.
    mutating func frame(at t: Double, _ items: [(UInt16, UInt16, Int32)]) {
        let time = EventTime(totalMicroseconds: Int64((t * 1e6).rounded()))
        for (type, code, value) in items { events.append(InputEvent(time: time, type: type, code: code, value: value)) }
        events.append(InputEvent(time: time, type: k.EV_SYN, code: k.SYN_REPORT, value: 0))
    }

    mutating func down(
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

    mutating func move(at t: Double, slot s: Int32 = 0, _ x: Double, _ y: Double) {
        frame(
            at: t,
            select(s) + [
                (k.EV_ABS, k.ABS_MT_POSITION_X, Int32(x * 10)), (k.EV_ABS, k.ABS_MT_POSITION_Y, Int32(y * 10)),
            ])
    }

    mutating func up(at t: Double, slot s: Int32 = 0) {
        frame(at: t, select(s) + [(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1)])
    }

    /// A tap: down, up `hold` seconds later.
    mutating func tap(at t: Double, id: Int32, _ x: Double, _ y: Double, hold: Double = 0.05) {
        down(at: t, id: id, x, y)
        up(at: t + hold)
    }

    private mutating func select(_ s: Int32) -> [(UInt16, UInt16, Int32)] {
        defer { slot = s }
        return slot == s ? [] : [(k.EV_ABS, k.ABS_MT_SLOT, s)]
    }

    /// The evemu text.
    var text: String {
        var b = TextBuffer()
        EvemuWriter(naming: LibevdevNames()).writeHeader(description, kernel: nil, dmi: nil, into: &b)
        // Absolute times, as written (evemu-record's are relative to the first event).
        for e in events {
            b.append("E: ")
            b.append(time: e.time)
            b.append(" ")
            b.append(hex: UInt32(e.type), width: 4)
            b.append(" ")
            b.append(hex: UInt32(e.code), width: 4)
            b.append(" ")
            b.append(decimal: e.value)
            b.append("\n")
        }
        return b.string
    }

    /// Writes the recording to a temporary file and returns its path.
    func file(_ name: String = "recording") throws -> String {
        let path = recordingDirectory + "/tb-\(name)-\(UUID().uuidString).evemu"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// This test process's directory for recordings, removed when it exits (runs do not pile
/// files up in the system's temporary directory).
let recordingDirectory: String = {
    var template = Array((NSTemporaryDirectory() + "tb-recordings-XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
        return NSTemporaryDirectory()
    }
    atexit { try? FileManager.default.removeItem(atPath: recordingDirectory) }
    return String(cString: made)
}()

/// The log lines with the JSON `t` values removed, for comparing runs whose clocks differ.
func withoutTimes(_ lines: [String]) -> [String] {
    lines.map { $0.replacingOccurrences(of: #"^\{"t":[0-9.]+,"#, with: "{", options: .regularExpression) }
}
