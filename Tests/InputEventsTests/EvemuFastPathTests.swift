import Testing

@testable import InputEvents

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
            if !line.contains("+"), !line.contains("0x") { #expect(fields == general) }
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
        #expect(again?.0 == read?.0)
        #expect(again?.1 == read?.1)
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
        #expect(short.count == 0)
        #expect(short.length == 0)
        #expect(parser.lineNumber == 3)
        let read = bytes.withUnsafeBufferPointer { b in
            events.withUnsafeMutableBufferPointer {
                parser.parseEventLines(at: b.baseAddress!, available: b.count, into: $0.baseAddress!, capacity: 4)
            }
        }
        #expect(read.count == 1)
        #expect(events[0] == InputEvent(time: EventTime(seconds: 0, microseconds: 1), type: 3, code: 0, value: 5))
        #expect(read.length == 24)
        #expect(parser.lineNumber == 4)
        #expect(parser.hasEvents)
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
        #expect(two.count == 2)
        #expect(two.length == lines[0].utf8.count + lines[1].utf8.count + 2)
        #expect(parser.lineNumber == 5)
        #expect(events[0] == EvemuLineParser.generalEvent(Array(lines[0].utf8)[...]))
        #expect(events[1] == EvemuLineParser.generalEvent(Array(lines[1].utf8)[...]))
        // The rest of the run ends at the comment.
        let rest = read(from: two.length, available: bytes.count - two.length, capacity: 8)
        #expect(rest.count == 1)
        #expect(events[0] == EvemuLineParser.generalEvent(Array(lines[2].utf8)[...]))
        #expect(parser.lineNumber == 6)
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
            #expect(layout != nil, "\(line)")
            #expect(layout == EvemuLineParser.generalEvent(bytes[...]), "\(line)")
        }
    }
}
