import InputEvents
import PipelineChecks
import TouchInput

/// The `libinput record` reader on arbitrary bytes: it either reads the file's devices or names
/// a line of the file and what was expected there; every device it reads that is a touchscreen
/// can be mapped to a screen, and every axis it reads has a range.
func fuzzLibinput(_ bytes: [UInt8]) {
    let lines = bytes.split(separator: 0x0a, omittingEmptySubsequences: false).count
    let devices: [LibinputRecordDevice]
    do {
        devices = try LibinputRecordParser(file: "fuzz.yml").parse(bytes)
    } catch {
        guard error.line >= 1, error.line <= lines + 1, !error.expected.isEmpty else {
            fatalError("invariant: a malformed file names a line of the file and what was expected (\(error))")
        }
        return
    }
    guard !devices.isEmpty else { fatalError("invariant: a file read holds a device") }
    for device in devices {
        let d = device.recording.description
        for code in d.codes[Kernel.EV_ABS] ?? BitSet() {
            guard let info = d.absInfo[code], info.minimum <= info.maximum else {
                fatalError("invariant: every axis a device declares has a range (axis \(code))")
            }
        }
        if touchscreenProblem(d) == nil {
            guard let mapper = ScreenMapper(device: d) else { fatalError("invariant: a touchscreen maps to a screen") }
            var tracker = ContactTracker(description: d, ids: ContactIDs()) { _ in }
            for e in device.recording.events {
                tracker.process(e) { frame in
                    for c in frame.contacts { _ = mapper.map(c.position) }
                }
            }
        }
    }
}

/// libFuzzer's callback.
func entry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzLibinput(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@main struct Main {
    static func main() { fuzzMain(name: "fuzz-libinput", entry, fuzzLibinput) }
}
