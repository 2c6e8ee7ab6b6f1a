import PipelineChecks
import ReportArchive
import TextBuffers

/// A bug report's archive on arbitrary bytes: read back or refused at a byte of the file, its
/// members within the bounds the reader promises and no name twice; none traps. What
/// `report show` prints of the bytes, in pieces as it streams them, is the same text as
/// printed whole, and holds nothing a terminal would act on or hide.
func fuzzReport(_ bytes: [UInt8]) {
    fuzzShown(bytes)
    do {
        let members = try TarArchive.read(bytes, file: "fuzz.tar")
        guard members.count <= TarArchive.maxMembers else { fatalError("invariant: at most maxMembers members") }
        var total = 0
        for m in members { total += m.bytes.count }
        guard total <= bytes.count else { fatalError("invariant: members hold no more than the file") }
        guard Set(members.map(\.name)).count == members.count else { fatalError("invariant: each name once") }
        // What is read back writes again and reads back the same.
        let again = try TarArchive.read(TarArchive.write(members, mtime: 0), file: "again.tar")
        guard again.map(\.bytes) == members.map(\.bytes) else { fatalError("invariant: a round trip keeps the bytes") }
    } catch {
        guard error.offset >= 0, error.offset <= bytes.count else { fatalError("invariant: a byte of the file") }
    }
}

/// The bytes streamed in pieces of 1, 3 and 7 bytes show as the whole, with no control left
/// but newline and tab.
func fuzzShown(_ bytes: [UInt8]) {
    let whole = String(decoding: bytes, as: UTF8.self).printable(keepingLines: true)
    for piece in [1, 3, 7] {
        var stream = PrintableStream(keepingLines: true)
        var text = ""
        var at = 0
        while at < bytes.count {
            text += stream.text(Array(bytes[at..<min(bytes.count, at + piece)]))
            at += piece
        }
        text += stream.finish()
        guard text == whole else { fatalError("invariant: pieces of \(piece) show as the whole") }
    }
    guard
        !whole.unicodeScalars.contains(where: {
            ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7f..<0xa0).contains($0.value)
                || $0.properties.generalCategory == .format
        })
    else { fatalError("invariant: nothing a terminal acts on or hides") }
}

/// libFuzzer's callback.
func entry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzReport(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@main struct Main {
    static func main() { fuzzMain(name: "fuzz-report", entry, fuzzReport) }
}
