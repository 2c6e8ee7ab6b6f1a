import Foundation
import InputEvents
import Testing
import TextBuffers

@testable import TouchBridge
@testable import TouchScene

/// The line a reader that fell behind gets (QueuedOutput's count), in both formats, against
/// its golden lines; scripts/check-log-schema.py validates the JSON one against the schema.
@Suite("The dropped line")
struct DroppedLineTests {
    @Test(arguments: [(HandlerLog.Format.json, "dropped.jsonl"), (.text, "dropped.log")])
    func itSaysHowManyLinesAReaderLost(_ format: HandlerLog.Format, _ golden: String) throws {
        var b = TextBuffer(capacity: 64)
        HandlerLog(format: format).writeDropped(412, at: 12.5, into: &b)
        let expected = try String(contentsOfFile: "\(goldenDirectory)/\(golden)", encoding: .utf8)
        #expect(b.string == expected)
    }
}
