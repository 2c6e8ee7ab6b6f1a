import HIDRaw
import PipelineChecks

/// A HID recording (hid-tools' format), a report descriptor decoded and its feature reports on arbitrary
/// bytes: a recording is read or refused with its line, and what it holds stays within the
/// bounds a replay sizes and times by; none traps.
func fuzzHID(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    do {
        let r = try HIDRecording.parse(text, file: "fuzz.hid")
        guard !r.devices.isEmpty, r.devices.count <= HIDRecording.maxDevices else {
            fatalError("invariant: 1 to \(HIDRecording.maxDevices) devices")
        }
        for d in r.devices where d.descriptor.count > HIDRecording.maxDescriptor {
            fatalError("invariant: a descriptor of at most \(HIDRecording.maxDescriptor) bytes")
        }
        var last = 0.0
        for e in r.reports {
            guard e.time >= last, e.time - last <= HIDRecording.defaultMaxGap else {
                fatalError("invariant: times never go back, gaps within --max-gap")
            }
            last = e.time
            guard r.devices.indices.contains(e.device), (1...HIDRecording.maxReport).contains(e.bytes.count),
                e.time >= 0, e.time <= HIDRecording.maxTime
            else { fatalError("invariant: a report of a described device, bounded, timed within range") }
        }
    } catch {
        guard error.line >= 1, error.line <= text.utf8.count + 1 else { fatalError("invariant: a line of the file") }
    }
    let decoded = ReportDescriptor.described(bytes)
    guard decoded.count <= min(bytes.count, ReportDescriptor.maximumSize) + 4 + ReportDescriptor(bytes).findings.count
    else { fatalError("invariant: at most a line an item, a stop, and the findings") }
    let features = FeatureReports(descriptor: bytes)
    for n in 0...255 {
        if let a = features.answer(UInt8(n)), a.isEmpty || a.count > HIDRecording.maxReport {
            fatalError("invariant: an answer of 1 to \(HIDRecording.maxReport) bytes")
        }
    }
}

/// libFuzzer's callback.
func entry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzHID(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@main struct Main {
    static func main() { fuzzMain(name: "fuzz-hid", entry, fuzzHID) }
}
