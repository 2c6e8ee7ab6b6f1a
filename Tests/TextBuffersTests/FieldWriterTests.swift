import Testing
import TextBuffers

/// The two field writers: `JSONWriter` for a whole value, `LineFields` for a log line in either
/// format; each field stated once, the punctuation theirs.
@Suite("Field writers")
struct FieldWriterTests {
    @Test func membersWrittenEarlierAreSplicedWithTheirComma() {
        let kept = JSONWriter.members { o in
            o.bool("idle", true)
            o.number("brightness", 0.5)
        }
        #expect(kept == #""idle":true,"brightness":0.5"#)
        var w = JSONWriter()
        w.object { o in
            o.string("command", "state")
            o.members(kept)
            o.members("")
            o.strings("chain", ["A", "quote\"d"])
        }
        #expect(w.string == #"{"command":"state","idle":true,"brightness":0.5,"chain":["A","quote\"d"]}"#)
    }

    @Test func aWordOfTheProgramsOwnIsQuotedInJSONAndLabelledOrLeftOutInText() {
        for (json, text, said) in [
            (true, LineFields.Text.labelled("by"), #","cause":"command""#),
            (true, .hidden, #","cause":"command""#),
            (false, .labelled("by"), " by command"),
            (false, .hidden, ""),
        ] {
            var b = TextBuffer()
            LineFields(json: json).symbol(&b, "cause", "command" as StaticString, text: text)
            #expect(b.string == said, "json \(json), \(text)")
        }
    }
}
