import InputEvents
import PanelHealth
import PipelineChecks
import TouchInput
import TouchTools

/// `qualify`'s inputs on arbitrary bytes, the first byte choosing which: even, a `--criteria`
/// file judged on a small recorded session; odd, a recording (evemu or `libinput record`)
/// judged against the published criteria. A malformed input names a line of its file and what
/// was expected there; anything read gives a report in every format, without a trap.
func fuzzQualify(_ bytes: [UInt8]) {
    guard let mode = bytes.first else { return }
    let rest = Array(bytes.dropFirst())
    let lines = rest.split(separator: 0x0a, omittingEmptySubsequences: false).count
    func saysWhere(_ line: Int, _ expected: String, _ what: String) {
        guard line >= 1, line <= lines + 1, !expected.isEmpty else {
            fatalError("invariant: a malformed \(what) names a line of the file and what was expected (line \(line))")
        }
    }
    if mode % 2 == 0 {
        do {
            judge(session(), criteria: try QualifyCriteria.parse(rest, file: "fuzz-criteria.json"))
        } catch {
            saysWhere(error.line, error.expected, "criteria file")
        }
        return
    }
    let recordings: [Recording]
    do {
        recordings = try LibinputRecordParser.recordings(in: rest, file: "fuzz-recording")
    } catch {
        saysWhere(error.line, error.expected, "recording")
        return
    }
    guard let r = recordings.first(where: { touchscreenProblem($0.description) == nil }) else { return }
    judge(r, criteria: QualifyCriteria())
}

/// The recording judged as `qualify` judges one, the report written in its three formats.
func judge(_ r: Recording, criteria: QualifyCriteria) {
    guard let mapper = ScreenMapper(device: r.description) else {
        fatalError("invariant: a touchscreen maps to a screen")
    }
    let plan = QualifyPlan.standard(width: mapper.width, height: mapper.height)
    let run = QualifyRecording(r, source: "fuzz", plan: plan, mapper: mapper, udevFuzz: [:]) { _ in }
    let report = run.report(criteria: criteria, end: r.events.last?.time)
    _ = report.text(panel: r.description.name)
    _ = report.json(panel: r.description.name)
    _ = report.svg(plan: plan, width: mapper.width, height: mapper.height)
}

/// A single-touch panel 400 × 240 mm tapped once at each of the plan's marks.
func session() -> Recording {
    let axis = { (max: Int32) in AbsInfo(minimum: 0, maximum: max, resolution: 10) }
    let d = DeviceDescription(
        name: "fuzz panel", id: InputID(bustype: 3, vendor: 1, product: 1, version: 1),
        codes: [Kernel.EV_KEY: BitSet([Kernel.BTN_TOUCH]), Kernel.EV_ABS: BitSet([Kernel.ABS_X, Kernel.ABS_Y])],
        absInfo: [Kernel.ABS_X: axis(3999), Kernel.ABS_Y: axis(2399)])
    var events: [InputEvent] = []
    var t: Int64 = 0
    func add(_ type: UInt16, _ code: UInt16, _ value: Int32) {
        events.append(InputEvent(time: EventTime(totalMicroseconds: t), type: type, code: code, value: value))
    }
    for fx in [0.1, 0.5, 0.9] {
        for fy in [0.1, 0.5, 0.9] {
            add(Kernel.EV_ABS, Kernel.ABS_X, Int32(fx * 3999))
            add(Kernel.EV_ABS, Kernel.ABS_Y, Int32(fy * 2399))
            add(Kernel.EV_KEY, Kernel.BTN_TOUCH, 1)
            add(Kernel.EV_SYN, Kernel.SYN_REPORT, 0)
            t += 50_000
            add(Kernel.EV_KEY, Kernel.BTN_TOUCH, 0)
            add(Kernel.EV_SYN, Kernel.SYN_REPORT, 0)
            t += 400_000
        }
    }
    return Recording(description: d, events: events)
}

/// libFuzzer's callback.
func entry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzQualify(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@main struct Main {
    static func main() { fuzzMain(name: "fuzz-qualify", entry, fuzzQualify) }
}
