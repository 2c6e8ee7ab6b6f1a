import Evdev
import Glibc
import InputEvents
import Testing

/// The reader streams a recording: event lines as evemu-record writes them are read where they
/// lie in its buffer, every other line a line at a time. Either way it must give what the
/// whole-file parser gives, and name the right line when one is malformed.
@Suite("Recordings read as a stream")
struct RecordingReaderTests {
    static let header =
        "# EVEMU 1.3\nN: panel\nI: 0003 0001 0001 0001\nP: 02 00 00 00 00 00 00 00\n"
        + "B: 00 0b 00 00 00 00 00 00 00\nB: 03 03 00 00 00 00 80 61 06\nA: 00 0 4095 0 0 0\nA: 01 0 2303 0 0 0\n"
        + "A: 2f 0 9 0 0 0\nA: 35 0 4095 0 0 0\nA: 36 0 2303 0 0 0\nA: 39 0 65535 0 0 0\n"

    /// Event lines of every kind the parser takes, many enough to cross the reader's 64 KiB
    /// buffer several times at varying offsets.
    static func body(lines: Int) -> String {
        var s = ""
        for i in 0..<lines {
            let t = "\(i / 1000).\(String(100_000 + i % 1000 * 997 % 1_000_000).dropFirst())"
            switch i % 11 {
            case 3: s += "E: \(t) 0003 0035 \(i % 4096)\t# EV_ABS / ABS_MT_POSITION_X\n"
            case 5: s += "E: \(t) 0003 0039 -1\r\n"
            case 7: s += "# a comment line\nE: \(t) 0003 0036   \(i % 2304)  \n"
            case 9: s += "E: \(t) 0000 0000 0000\n"
            case 10: s += i % 3 == 0 ? "E: \(t) 0003 0000 \(i % 4096)\n" : "E: \(t) 0001 014a \(i & 1)\n"
            default: s += "E: \(t) 0003 002f \(i % 10)\n"
            }
        }
        return s
    }

    static func write(_ text: String) throws -> String {
        var template = Array("/tmp/touchbridge-reader-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        try #require(fd >= 0)
        let bytes = Array(text.utf8)
        let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        try #require(n == bytes.count)
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func readAll(_ path: String) throws -> [InputEvent] {
        let reader = try #require(try RecordingReader.open(path: path).first)
        var events: [InputEvent] = []
        while let e = try reader.next() { events.append(e) }
        return events
    }

    @Test func givesWhatTheWholeFileParserGives() throws {
        let text = Self.header + Self.body(lines: 9_000)
        let path = try Self.write(text)
        defer { unlink(path) }
        let streamed = try Self.readAll(path)
        let whole = try EvemuParser(file: path).parse(Array(text.utf8)).events
        #expect(streamed.count == 9_000)
        #expect(streamed == whole)
    }

    @Test func namesTheMalformedLineAfterLinesReadInPlace() throws {
        let body = Self.body(lines: 5_000)
        let text = Self.header + body + "E: 9.000000 0003 0035 x\n"
        let path = try Self.write(text)
        defer { unlink(path) }
        let line = text.utf8.filter { $0 == 0x0A }.count
        #expect(throws: RecordingError.self) { _ = try Self.readAll(path) }
        do {
            _ = try Self.readAll(path)
        } catch let e as RecordingError {
            #expect(e.line == line, "\(e)")
        }
    }

    @Test func aValueOfManyDigitsIsRefusedWithItsLine() throws {
        // Longer than any line read in place, its digits running to the end of the buffer.
        let text = Self.header + "E: 0.000001 0003 0035 7\nE: 0.000001 0003 0035 " + String(repeating: "9", count: 70)
        let path = try Self.write(text)
        defer { unlink(path) }
        #expect { _ = try Self.readAll(path) } throws: { e in
            (e as? RecordingError)?.line == text.utf8.filter { $0 == 0x0A }.count + 1
        }
    }

    @Test func aLastLineWithoutItsNewlineIsRead() throws {
        let path = try Self.write(Self.header + "E: 0.000001 0003 0035 7\nE: 0.000001 0000 0000 0")
        defer { unlink(path) }
        let events = try Self.readAll(path)
        #expect(events.map(\.value) == [7, 0])
        #expect(events.last?.type == 0)
    }
}
