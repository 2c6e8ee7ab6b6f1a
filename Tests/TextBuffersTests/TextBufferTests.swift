import Foundation
import Testing
import TextBuffers

@Suite("Formatting numbers like printf")
struct TextBufferTests {
    @Test(arguments: [0, 1, -1, 42, -42, 999_999, Int64(Int32.max), Int64(Int32.min), Int64.max, Int64.min + 1])
    func decimalMatchesPrintf(_ v: Int64) {
        for (width, zero) in [(0, false), (4, true), (6, false), (6, true), (25, false)] {
            var b = TextBuffer()
            b.append(decimal: v, width: width, zeroPad: zero)
            let format = zero ? "%0\(width)lld" : "%\(width)lld"
            #expect(b.string == String(format: format, v), "\(format) of \(v)")
        }
    }

    @Test(arguments: [0, 1, 0x2a, 0xff, 0xabcd, 0xffff_ffff] as [UInt32])
    func hexMatchesPrintf(_ v: UInt32) {
        for width in [0, 2, 4] {
            var b = TextBuffer()
            b.append(hex: v, width: width)
            #expect(b.string == String(format: "%0\(width)x", v))
        }
    }

    @Test func leftAlignedPadsLikePrintf() {
        var b = TextBuffer()
        b.append("ABS_X", leftAlignedIn: 20)
        b.append("|")
        b.append("A_NAME_LONGER_THAN_TWENTY", leftAlignedIn: 20)
        // printf("%-20s|%-20s"): padded to 20, never cut.
        #expect(b.string == "ABS_X" + String(repeating: " ", count: 15) + "|A_NAME_LONGER_THAN_TWENTY")
    }
}

@Suite("JSON strings")
struct JSONStringTests {
    @Test func escapesQuotesBackslashesAndControlCharacters() {
        var b = TextBuffer()
        b.append(jsonString: "a\"b\\c\nd\u{1}é🙂")
        #expect(b.string == #""a\"b\\c\nd\u0001é🙂""#)
    }
}
