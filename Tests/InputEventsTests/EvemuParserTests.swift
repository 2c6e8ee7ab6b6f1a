import Testing

@testable import InputEvents

@Suite("Reading evemu recordings")
struct EvemuParserTests {
    static let valid = """
        # EVEMU 1.3
        # Input device name: "Panel"
        N: Panel One
        I: 0003 1234 abcd 0111
        P: 02 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 04 00 00 00 00 00 00
        B: 03 03 00 00 00 00 80 00 02
        # a comment between description lines
        A: 00 0 4095 0 0 16
        A: 01 0 2303 4 0 16
        A: 2f 0 9 0 0 0
        A: 39 0 65535 0 0 0
        ################################
        E: 0.000001 0003 0039 0005\t# EV_ABS / ABS_MT_TRACKING_ID   5
        E: 0.000001 0003 0000 -001
        # a comment between events
        E: 0.000001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms

        E: 1795347809.653776 0001 014a 0001
        """

    @Test func readsDescriptionAndEvents() throws {
        let r = try EvemuParser(file: "valid.evemu").parse(Self.valid)
        let d = r.description
        #expect(r.formatVersion == (1, 3))
        #expect(d.name == "Panel One")
        #expect(d.id == InputID(bustype: 3, vendor: 0x1234, product: 0xabcd, version: 0x111))
        #expect(d.has(property: Kernel.INPUT_PROP_DIRECT))
        #expect(d.codes[Kernel.EV_KEY] == BitSet([Kernel.BTN_TOUCH]))
        #expect(
            d.codes[Kernel.EV_ABS]
                == BitSet([Kernel.ABS_X, Kernel.ABS_Y, Kernel.ABS_MT_SLOT, Kernel.ABS_MT_TRACKING_ID]))
        #expect(d.absInfo[Kernel.ABS_Y] == AbsInfo(minimum: 0, maximum: 2303, fuzz: 4, resolution: 16))
        #expect(d.slotCount == 10)
        #expect(d.has(type: Kernel.EV_SYN))
        #expect(!d.has(type: Kernel.EV_REL), "the fixed 'B: 00 0b' line says nothing about types")
        #expect(r.events.count == 4)
        #expect(r.events[1] == InputEvent(time: EventTime(seconds: 0, microseconds: 1), type: 3, code: 0, value: -1))
        #expect(r.events[3].time == EventTime(seconds: 1_795_347_809, microseconds: 653776), "absolute times are kept")
        #expect(r.events[2].isReport)
    }

    @Test func acceptsVersion10FilesWithFiveFieldAxesAndCRLF() throws {
        let text =
            "N: Old\r\nI: 0003 0001 0002 0003\r\nB: 03 03 00 00 00 00 00 00 00\r\nA: 00 0 100 0 0\r\nA: 01 0 100 0 0\r\nE: 1.5 0003 0000 7\r\n"
        let r = try EvemuParser(file: "old.evemu").parse(text)
        #expect(r.formatVersion == (1, 0))
        #expect(r.description.absInfo[Kernel.ABS_X]?.maximum == 100)
        #expect(r.events.first?.time == EventTime(seconds: 1, microseconds: 5), "usec as written, like evemu's %06u")
    }

    static let malformed: [(String, String, Int, String)] = [
        ("empty file", "", 1, "the device name line 'N: NAME'"),
        ("only comments", "# EVEMU 1.3\n# nothing\n", 2, "the device name line 'N: NAME'"),
        ("events without a description", "E: 0.000001 0003 0000 0001\n", 1, "the device description"),
        (
            "missing I: line", "N: x\nB: 01 00 00 00 00 00 00 00 00\n", 2,
            "'I: BUS VENDOR PRODUCT VERSION' after the name line"
        ),
        ("short I: line", "N: x\nI: 0003 0001\n", 2, "'I: BUS VENDOR PRODUCT VERSION'"),
        ("bad hex in I:", "N: x\nI: 0003 00g1 0002 0003\n", 2, "'I: BUS VENDOR PRODUCT VERSION'"),
        (
            "bad hex in B:", "N: x\nI: 0003 0001 0002 0003\nB: 03 0z 00 00 00 00 00 00 00\n", 3,
            "'B: TYPE' and 8 hex bytes"
        ),
        ("truncated B:", "N: x\nI: 0003 0001 0002 0003\nB: 03 03 00\n", 3, "'B: TYPE' and 8 hex bytes"),
        (
            "B: code beyond the type",
            "N: x\nI: 0003 0001 0002 0003\nB: 03 00 00 00 00 00 00 00 00\nB: 03 01 00 00 00 00 00 00 00\n", 4,
            "no code above 3f"
        ),
        (
            "B: type out of range", "N: x\nI: 0003 0001 0002 0003\nB: 20 00 00 00 00 00 00 00 00\n", 3,
            "an event type from 00 to 1f"
        ),
        (
            "A: missing resolution in 1.3", "# EVEMU 1.3\nN: x\nI: 0003 0001 0002 0003\nA: 00 0 100 0 0\n", 4,
            "'A: CODE MIN MAX FUZZ FLAT RESOLUTION'"
        ),
        (
            "A: huge value", "# EVEMU 1.3\nN: x\nI: 0003 0001 0002 0003\nA: 00 0 99999999999 0 0 0\n", 4,
            "is not a 32-bit integer"
        ),
        (
            "A: min above max", "# EVEMU 1.3\nN: x\nI: 0003 0001 0002 0003\nA: 00 10 1 0 0 0\n", 4,
            "an axis minimum (10) no larger than its maximum (1)"
        ),
        ("truncated E:", "N: x\nI: 0003 0001 0002 0003\nE: 0.000001 0003\n", 3, "the code is not hex"),
        ("E: without value", "N: x\nI: 0003 0001 0002 0003\nE: 0.000001 0003 0000\n", 3, "the value is missing"),
        ("E: bad hex type", "N: x\nI: 0003 0001 0002 0003\nE: 0.000001 00x3 0000 1\n", 3, "the type is not hex"),
        ("E: bad time", "N: x\nI: 0003 0001 0002 0003\nE: 0,000001 0003 0000 1\n", 3, "the time is not SEC.USEC"),
        (
            "E: too many microsecond digits", "N: x\nI: 0003 0001 0002 0003\nE: 0.0000001 0003 0000 1\n", 3,
            "the time is not SEC.USEC"
        ),
        (
            "E: huge value", "N: x\nI: 0003 0001 0002 0003\nE: 0.000001 0003 0000 4294967296\n", 3,
            "is not a 32-bit integer"
        ),
        (
            "E: type out of range", "N: x\nI: 0003 0001 0002 0003\nE: 0.000001 0040 0000 1\n", 3,
            "an event type from 0000 to 001f"
        ),
        (
            "E: code out of range", "N: x\nI: 0003 0001 0002 0003\nE: 0.000001 0003 0040 1\n", 3,
            "a code from 0000 to 003f"
        ),
        (
            "E: trailing garbage", "N: x\nI: 0003 0001 0002 0003\nE: 0.000001 0003 0000 1 2\n", 3,
            "found '2' after the value"
        ),
        (
            "description after events", "N: x\nI: 0003 0001 0002 0003\nE: 0.000001 0003 0000 1\nA: 00 0 1 0 0 0\n", 4,
            "description lines must come before the first event"
        ),
        ("unknown line", "N: x\nI: 0003 0001 0002 0003\nX: what\n", 3, "a line starting with 'N:'"),
        ("two names", "N: x\nN: y\n", 2, "one device name line only"),
    ]

    @Test("Malformed files give FILE:LINE: expected …", arguments: 0..<malformed.count)
    func malformedFilesSayWhereAndWhat(_ i: Int) {
        let (what, text, line, expected) = Self.malformed[i]
        do {
            _ = try EvemuParser(file: "bad.evemu").parse(text)
            Issue.record("\(what): parsed without error")
        } catch {
            #expect(error.file == "bad.evemu", "\(what)")
            #expect(error.line == line, "\(what): \(error)")
            #expect(error.expected.contains(expected), "\(what): \(error)")
            #expect(error.description.hasPrefix("bad.evemu:\(line): expected "), "\(what)")
        }
    }

    @Test func randomDamageNeverCrashes() {
        // Cut, duplicate and corrupt the valid file at random places: every result is a
        // recording or a RecordingError, never a trap.
        var rng = SystemRandomNumberGenerator()
        let lines = Self.valid.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let junk = [
            "", "E:", "A: 00", "B: ff ff", "N:", "I: ffff ffff ffff ffff", "E: 99999999999999999.1 0 0 0",
            "E: 0.1 ffff ffff -2147483648", "\u{0}\u{1}", "P: 02 00 00 00 00 00 00 00 00", "# EVEMU 9.9",
            "A: 3f -2147483648 2147483647 0 0 0", "B: 01 ff ff ff ff ff ff ff ff",
        ]
        var parsed = 0
        var rejected = 0
        for _ in 0..<2000 {
            var l = lines
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let at = Int.random(in: 0..<l.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0:
                    l.remove(at: at)
                    if l.isEmpty { l = [""] }
                case 1: l.insert(junk.randomElement(using: &rng)!, at: at)
                case 2: l[at] = String(l[at].prefix(Int.random(in: 0...max(0, l[at].count), using: &rng)))
                default: l.insert(l[Int.random(in: 0..<l.count, using: &rng)], at: at)
                }
            }
            do {
                _ = try EvemuParser(file: "f").parse(l.joined(separator: "\n"))
                parsed += 1
            } catch { rejected += 1 }
        }
        #expect(parsed + rejected == 2000)
        #expect(rejected > 0)
    }
}

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

/// The parser reads event lines three ways: at evemu-record's fixed offsets, field by field,
/// and the general way that words the errors. The quick ways must agree with the general one.
@Suite("Event lines read the quick ways")
struct EvemuFastPathTests {
    static let lines = [
        "E: 0.002001 0003 0035 406", "E: 12.000001 0003 0036 -1",
        "E: 0.000001 0003 0039 0005\t# EV_ABS / ABS_MT_TRACKING_ID   5",
        "E: 0.000001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms", "E: 1.5 3 35 7",
        "E: 0.000001 0003 0035 406\r",
        "E: 0.000001 0003 0035 406   ", "E: 0.000001 0003 0035 406 # c", "E: 0.000001 0003 0035 406 x",
        "E:  0.000001 0003 0035 406",
        "E: 0.000001  0003 0035 406", "E: 0.000001 0003  0035 406", "E: 0.000001 0003 0035  406",
        "E: 0.000001 00A3 0035 406",
        "E: 0.000001 0003 003F 406", "E: 0.000001 0003 003f 406", "E: 0.000001 0003 0040 406",
        "E: 0.000001 0020 0000 0",
        "E: 0.000001 0003 0035 2147483647", "E: 0.000001 0003 0035 2147483648", "E: 0.000001 0003 0035 -2147483648",
        "E: 0.000001 0003 0035 -2147483649", "E: 0.000001 0003 0035 12345678901", "E: 0.000001 0003 0035 +5",
        "E: 0.000001 0003 0035 -", "E: 0.000001 0003 0035", "E: 0.0000011 0003 0035 1", "E: 0.00001 0003 0035 1",
        "E: 1234567890123456.000001 0003 0035 1", "E: 123456789012345.000001 0003 0035 1", "E: .000001 0003 0035 1",
        "E: 0.000001 00003 0035 1", "E: 0.000001 0x03 0035 1", "E: 0.000001 0g03 0035 1", "E: 0.000001 0003 0035 1\t",
        "E: 0.000001\t0003\t0035\t1", "E:0.000001 0003 0035 1", "e: 0.000001 0003 0035 1",
        "E: 0.000001 0003 0035 1\r\r",
        "E: 0.000001 0001 014a 1", "E: 0.000001 0001 02ff 1", "E: 0.000001 0001 0300 1", "E: 99.999999 0004 0005 -07",
    ]

    @Test("Each quick way agrees with the general one", arguments: lines)
    func quickWaysAgree(_ line: String) {
        let bytes = Array(line.utf8)
        let general = EvemuLineParser.generalEvent(bytes[...])
        bytes.withUnsafeBufferPointer { b in
            let fields = EvemuLineParser.fastEvent(b.baseAddress!, count: b.count)
            let layout = EvemuLineParser.evemuLayoutEvent(b.baseAddress!, count: b.count)
            // Field by field reads all the general way reads but a '+' sign and 0x prefixes.
            if !line.contains("+") && !line.contains("0x") { #expect(fields == general) }
            if let fields { #expect(fields == general) }
            if let layout { #expect(layout == general) }
        }
    }

    @Test("The in-place way agrees with the general one and takes the line with its newline", arguments: lines)
    func inPlaceWayAgrees(_ line: String) {
        let bytes = Array(line.utf8)
        // The line as a reader's buffer holds it: its newline, then more of the file.
        let buffered = bytes + [0x0A] + Array("E: 0.000002 0000 0000 0\n".utf8) + [UInt8](repeating: 0x20, count: 48)
        // Read twice: first its type and code from their digits, then from the spellings seen.
        var codes = EventCodeCache()
        let read = buffered.withUnsafeBufferPointer { EvemuLineParser.evemuLayoutLine($0.baseAddress!, codes: &codes) }
        let again = buffered.withUnsafeBufferPointer { EvemuLineParser.evemuLayoutLine($0.baseAddress!, codes: &codes) }
        #expect(again?.0 == read?.0 && again?.1 == read?.1)
        if let (event, length) = read {
            #expect(event == EvemuLineParser.generalEvent(bytes[...]))
            #expect(length == bytes.count + 1)
        }
        // What evemu-record writes (one space each, no comment, no CR) is always read in place.
        if EvemuLineParser.evemuLayoutEvent(bytes, count: bytes.count) != nil && !line.contains("#")
            && !line.hasSuffix(" ")
            && !line.hasSuffix("\r") && !line.hasSuffix("\t")
        {
            #expect(read != nil, "\(line)")
        }
    }

    @Test func spellingsThatShareAnEntryKeepTheirOwnTypeAndCode() {
        // Codes whose last two digits are the same (or land in the same entry) in turn.
        var codes = EventCodeCache()
        let lines = [
            "E: 0.000001 0000 0000 0", "E: 0.000001 0003 0000 7", "E: 0.000001 0001 0000 1", "E: 0.000001 0003 0030 2",
            "E: 0.000001 0003 0031 3", "E: 0.000001 0003 0039 4", "E: 0.000001 0003 003a 5", "E: 0.000001 0003 003A 6",
            "E: 0.000001 0001 014a 1", "E: 0.000001 0003 0000 8", "E: 0.000001 0000 0000 0", "E: 0.000001 0003 0039 9",
        ]
        for round in 0..<3 {
            for line in lines {
                let bytes = Array((line + "\n").utf8) + [UInt8](repeating: 0x20, count: 48)
                let read = bytes.withUnsafeBufferPointer {
                    EvemuLineParser.evemuLayoutLine($0.baseAddress!, codes: &codes)
                }
                #expect(read?.0 == EvemuLineParser.generalEvent(Array(line.utf8)[...]), "round \(round): \(line)")
            }
        }
    }

    @Test func inPlaceWayNeedsItsLookahead() {
        var parser = EvemuLineParser(file: "f")
        for l in ["N: p", "I: 0003 0001 0001 0001", "B: 03 00 00 00 00 00 00 00 00"] {
            _ = try? parser.parse(line: Array(l.utf8)[...])
        }
        let bytes = Array("E: 0.000001 0003 0000 5\n".utf8) + [UInt8](repeating: 0x20, count: 40)
        var events = [InputEvent](
            repeating: InputEvent(time: EventTime(seconds: 0, microseconds: 0), type: 0, code: 0, value: 0), count: 4)
        let short = bytes.withUnsafeBufferPointer { b in
            events.withUnsafeMutableBufferPointer {
                parser.parseEventLines(at: b.baseAddress!, available: 47, into: $0.baseAddress!, capacity: 4)
            }
        }
        #expect(short.count == 0 && short.length == 0 && parser.lineNumber == 3)
        let read = bytes.withUnsafeBufferPointer { b in
            events.withUnsafeMutableBufferPointer {
                parser.parseEventLines(at: b.baseAddress!, available: b.count, into: $0.baseAddress!, capacity: 4)
            }
        }
        #expect(
            read.count == 1
                && events[0] == InputEvent(time: EventTime(seconds: 0, microseconds: 1), type: 3, code: 0, value: 5))
        #expect(read.length == 24 && parser.lineNumber == 4 && parser.hasEvents)
    }

    @Test func aRunOfEventLinesStopsAtAnyOtherLineAtItsCapacityAndAtTheLookahead() {
        var parser = EvemuLineParser(file: "f")
        for l in ["N: p", "I: 0003 0001 0001 0001", "B: 03 00 00 00 00 00 00 00 00"] {
            _ = try? parser.parse(line: Array(l.utf8)[...])
        }
        let lines = [
            "E: 0.000001 0003 0035 10", "E: 0.000001 0003 0036 -20", "E: 0.000001 0000 0000 0",
            "# a comment", "E: 0.000002 0003 0035 11",
        ]
        let bytes = Array(lines.map { $0 + "\n" }.joined().utf8) + [UInt8](repeating: 0x20, count: 48)
        var events = [InputEvent](
            repeating: InputEvent(time: EventTime(seconds: 0, microseconds: 0), type: 0, code: 0, value: 0), count: 8)
        func read(from offset: Int, available: Int, capacity: Int) -> (count: Int, length: Int) {
            bytes.withUnsafeBufferPointer { b in
                events.withUnsafeMutableBufferPointer {
                    parser.parseEventLines(
                        at: b.baseAddress! + offset, available: available, into: $0.baseAddress!, capacity: capacity)
                }
            }
        }
        // Two by capacity: the general path's events, the lines' bytes, the line number.
        let two = read(from: 0, available: bytes.count, capacity: 2)
        #expect(two.count == 2 && two.length == lines[0].utf8.count + lines[1].utf8.count + 2 && parser.lineNumber == 5)
        #expect(events[0] == EvemuLineParser.generalEvent(Array(lines[0].utf8)[...]))
        #expect(events[1] == EvemuLineParser.generalEvent(Array(lines[1].utf8)[...]))
        // The rest of the run ends at the comment.
        let rest = read(from: two.length, available: bytes.count - two.length, capacity: 8)
        #expect(
            rest.count == 1 && events[0] == EvemuLineParser.generalEvent(Array(lines[2].utf8)[...])
                && parser.lineNumber == 6)
        // With the lookahead for only one more line, one is read.
        let one = read(
            from: 0, available: lines[0].utf8.count + 1 + EvemuLineParser.eventLineLookahead - 1, capacity: 8)
        #expect(one.count == 1)
    }

    @Test func evemuRecordsLayoutIsReadAtItsOffsets() {
        // Every line of evemu-record's shape takes the fixed-offset way.
        for line in [
            "E: 0.002001 0003 0035 406", "E: 12.000001 0003 0036 -1", "E: 0.000001 0000 0000 0000\t# SYN_REPORT",
            "E: 123456789012345.999999 0001 014a 1",
        ] {
            let bytes = Array(line.utf8)
            let layout = bytes.withUnsafeBufferPointer {
                EvemuLineParser.evemuLayoutEvent($0.baseAddress!, count: $0.count)
            }
            #expect(layout != nil && layout == EvemuLineParser.generalEvent(bytes[...]), "\(line)")
        }
    }
}
