import Output
import Testing

/// Diagnostics as journald and a terminal read them: one line each, whatever text from outside
/// a message holds, and a flood of identical lines said as a count.
@Suite("Diagnostics")
struct DiagnosticsTests {
    @Test func aClientsTextCannotStartALineNorAPriority() {
        let forged = "event socket: unknown kind 'x\n<0>touchbridge: FORGED\"'"
        #expect(Diagnostics.safe(forged) == #"event socket: unknown kind 'x\u{A}<0>touchbridge: FORGED"'"#)
        #expect(Diagnostics.safe("<0>touchbridge: FORGED") == #"\u{3C}0>touchbridge: FORGED"#)
        #expect(Diagnostics.safe("a line\n") == "a line", "its own end of line is not escaped")
    }

    @Test func identicalLinesInARowAreCountedAndSaidOnce() {
        var r = RepeatedLines(window: 10, burst: 2)
        #expect(r.take("reloaded", at: 0) == (true, 0))
        #expect(r.take("reloaded", at: 0.5) == (true, 0), "two in a row still show as two")
        for t in 1...5 { #expect(r.take("reloaded", at: Double(t)) == (false, 0)) }
        #expect(r.take("other", at: 6) == (true, 5), "the count comes before the next line")
        #expect(r.take("other", at: 17) == (true, 0), "past the window the same line is written again")
        #expect(r.take("other", at: 18) == (true, 0))
        #expect(r.take("other", at: 19) == (false, 0))
        #expect(r.takeRepeats() == 1)
        #expect(r.saying(1).contains("1 more time,"))
    }
}
