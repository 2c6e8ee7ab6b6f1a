import Testing
import TextBuffers

@testable import InputEvents

/// Found by the evemu fuzzer (Fuzz/findings/evemu/evemu-negative-relative-time.evemu).
@Suite("The evemu writer with a clock set back")
struct WriterClockTests {
    @Test func eventsBeforeTheFirstOneAreWrittenAtZeroSoTheFileReadsAgain() throws {
        let d = DeviceDescription(
            name: "p", id: InputID(bustype: 3, vendor: 1, product: 1, version: 1),
            codes: [Kernel.EV_KEY: BitSet([Kernel.BTN_TOUCH])])
        var out = TextBuffer()
        var w = EvemuWriter(naming: TableNames())
        w.writeHeader(d, kernel: nil, dmi: nil, into: &out)
        for (s, v) in [(10, 1), (8, 0)] {  // the second event is two seconds earlier
            w.write(
                InputEvent(
                    time: EventTime(seconds: Int64(s), microseconds: 0), type: Kernel.EV_KEY, code: Kernel.BTN_TOUCH,
                    value: Int32(v)), into: &out)
        }
        let back = try EvemuParser(file: "x").parse(out.bytes)
        #expect(back.events.map(\.value) == [1, 0])
        #expect(
            back.events.map(\.time) == [EventTime(seconds: 0, microseconds: 1), EventTime(seconds: 0, microseconds: 0)])
    }
}

/// Found by the evemu fuzzer (Fuzz/findings/evemu/evemu-name-trailing-cr.evemu): a name line
/// ending in several carriage returns did not read back the same once written.
@Suite("Device names")
struct NameLineTests {
    @Test func trailingCarriageReturnsAndSpacesAreNotPartOfTheName() throws {
        let r = try EvemuParser(file: "x").parse("N: Panel  \r\r\r\nI: 0003 0001 0002 0003\n")
        #expect(r.description.name == "Panel")
        let inner = try EvemuParser(file: "x").parse("N: Pa\rnel\nI: 0003 0001 0002 0003\n")
        #expect(inner.description.name == "Pa\rnel")
    }
}

@Suite("Messages about binary files")
struct BinaryMessageTests {
    @Test func bytesThatAreNotPrintableAreEscapedInTheMessage() {
        do {
            _ = try EvemuParser(file: "b").parse([0xa4, 0x1b, 0x5b, 0x33, 0x31, 0x6d, 0x0a])
            Issue.record("a binary file parsed")
        } catch {
            #expect(
                error.description
                    == "b:1: expected a line starting with 'N:', 'I:', 'P:', 'B:', 'A:', 'L:', 'S:', 'E:' or '#', not '\\xa4\\x1b[31m'"
            )
        }
    }
}

/// Found by the evemu fuzzer (Fuzz/findings/evemu/evemu-codes-of-undefined-type.evemu): codes
/// for an event type the kernel does not define were accepted, and lost when written back.
@Suite("Event types the kernel does not define")
struct UndefinedTypeTests {
    @Test func codesForThemAreRefusedEmptyLinesAccepted() throws {
        do {
            _ = try EvemuParser(file: "u").parse("N: p\nI: 0003 0001 0001 0001\nB: 10 01 00 00 00 00 00 00 00\n")
            Issue.record("accepted")
        } catch {
            #expect(
                error.description
                    == "u:3: expected event codes only for the event types evemu knows (00–05, 11, 12, 14, 15), not 10")
        }
        let r = try EvemuParser(file: "u").parse("N: p\nI: 0003 0001 0001 0001\nB: 10 00 00 00 00 00 00 00 00\n")
        #expect(r.description.codes[0x10] == nil)
    }
}
