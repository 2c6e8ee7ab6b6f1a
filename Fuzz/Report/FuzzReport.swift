import PipelineChecks
import ReportArchive

/// A bug report's archive on arbitrary bytes: read back or refused at a byte of the file, its
/// members within the bounds the reader promises; none traps.
func fuzzReport(_ bytes: [UInt8]) {
    do {
        let members = try TarArchive.read(bytes, file: "fuzz.tar")
        guard members.count <= TarArchive.maxMembers else { fatalError("invariant: at most maxMembers members") }
        var total = 0
        for m in members { total += m.bytes.count }
        guard total <= bytes.count else { fatalError("invariant: members hold no more than the file") }
        // What is read back writes again and reads back the same.
        let again = try TarArchive.read(TarArchive.write(members, mtime: 0), file: "again.tar")
        guard again.map(\.bytes) == members.map(\.bytes) else { fatalError("invariant: a round trip keeps the bytes") }
    } catch {
        guard error.offset >= 0, error.offset <= bytes.count else { fatalError("invariant: a byte of the file") }
    }
}

/// libFuzzer's callback.
func entry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzReport(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@main struct Main {
    static func main() { fuzzMain(name: "fuzz-report", entry, fuzzReport) }
}
