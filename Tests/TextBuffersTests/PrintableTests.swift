import Testing
import TextBuffers

/// Text from outside written where a person or a program reads lines: control characters as
/// `\u{…}`, quotes and controls as udev's glob in a rule's match.
@Suite("Text from outside, made safe")
struct PrintableTests {
    static let hostile = "Evil\n<0>touchbridge: \"FORGED\"\u{1B}[2J\u{85}"

    @Test func controlCharactersAreWrittenAsEscapesOnOneLine() {
        let p = Self.hostile.printable
        #expect(p == #"Evil\u{A}<0>touchbridge: "FORGED"\u{1B}[2J\u{85}"#)
        #expect(!p.unicodeScalars.contains { $0.value < 0x20 || (0x7f..<0xa0).contains($0.value) })
        #expect("Touch ✓ é".printable == "Touch ✓ é", "printable text stays as it is")
    }

    /// A terminal would show these as nothing, or show the text after them reversed.
    @Test(arguments: ["\u{202E}", "\u{2066}", "\u{200B}", "\u{200F}", "\u{FEFF}", "\u{2028}", "\u{9B}", "\u{9D}"])
    func invisibleAndReorderingCharactersAreWrittenAsEscapes(hidden: String) {
        let p = ("Panel" + hidden + "gpj.exe").printable
        let code = String(hidden.unicodeScalars.first!.value, radix: 16, uppercase: true)
        #expect(p == "Panel\\u{\(code)}gpj.exe")
    }

    @Test func aFilesTextKeepsItsLinesAndTabsButNothingElseHidden() {
        #expect("a\tb\nc\u{1B}[31m\u{202E}".printable(keepingLines: true) == "a\tb\nc\\u{1B}[31m\\u{202E}")
    }

    @Test func aUdevPatternMatchesQuotesAndControlsWithAGlob() {
        #expect(Self.hostile.udevPattern == "Evil?<0>touchbridge: ?FORGED??[2J?")
        #expect(#"a'b\c"#.udevPattern == "a?b?c")
    }
}
