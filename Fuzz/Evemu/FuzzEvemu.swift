import Evdev
import InputEvents
import PipelineChecks
import TextBuffers

/// The evemu parser on arbitrary bytes: it either reads a recording or names a line of the
/// file and what was expected there; a recording it reads, written back in evemu's format,
/// reads again as the same device and the same events.
func fuzzEvemu(_ bytes: [UInt8]) {
    let lines = bytes.split(separator: 0x0a, omittingEmptySubsequences: false).count
    let recording: Recording
    do {
        recording = try EvemuParser(file: "fuzz").parse(bytes)
    } catch {
        guard error.line >= 1, error.line <= lines + 1, !error.expected.isEmpty else {
            fatalError("invariant: a malformed file names a line of the file and what was expected (\(error))")
        }
        return
    }
    var out = TextBuffer()
    var writer = EvemuWriter(naming: LibevdevNames())
    writer.writeHeader(recording.description, kernel: nil, dmi: nil, into: &out)
    for e in recording.events { writer.write(e, into: &out) }
    let again: Recording
    do { again = try EvemuParser(file: "rewritten").parse(out.bytes) } catch {
        fatalError("invariant: what the writer writes reads again (\(error))\n\(out.string)")
    }
    guard again.events.count == recording.events.count,
        zip(again.events, recording.events).allSatisfy({
            $0.type == $1.type && $0.code == $1.code && $0.value == $1.value
        })
    else {
        fatalError("invariant: the events survive writing and reading")
    }
    var d = again.description
    var e = recording.description
    d.driverVersion = 0
    e.driverVersion = 0
    guard d == e else {
        fatalError("invariant: the device description survives writing and reading\n\(e)\n\(d)")
    }
}

/// libFuzzer's callback.
func entry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzEvemu(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@main struct Main {
    static func main() { fuzzMain(name: "fuzz-evemu", entry, fuzzEvemu) }
}
