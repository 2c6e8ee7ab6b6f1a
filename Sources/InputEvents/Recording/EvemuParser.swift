/// Reads evemu recordings, format 1.0 to 1.3: what `evemu-record` writes and
/// `evemu-device`/`evemu-play` read. Comments may stand anywhere; times may be absolute or
/// relative. Anything malformed is reported as `FILE:LINE: expected …`, never trapped.
import TextBuffers

public struct EvemuParser {
    public let file: String

    public init(file: String) { self.file = file }

    /// Parses a whole file held in memory.
    public func parse(_ text: String) throws(RecordingError) -> Recording {
        try parse(Array(text.utf8))
    }

    public func parse(_ bytes: [UInt8]) throws(RecordingError) -> Recording {
        var lines = EvemuLineParser(file: file)
        var events: [InputEvent] = []
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            if let e = try lines.parse(line: bytes[start..<end]) { events.append(e) }
            start = end + 1
        }
        let header = try lines.header()
        return Recording(description: header.description, events: events, formatVersion: header.version)
    }
}

/// The evemu format one line at a time, so a recording can be streamed: description lines
/// build the device, each `E:` line comes back as its event. Memory stays flat however long
/// the recording is.
public struct EvemuLineParser {
    public let file: String
    /// The number of the last line parsed (1-based).
    public private(set) var lineNumber = 0
    private var state = State()
    /// The type and code of recent event lines read in place, by their spelling.
    private var codes = EventCodeCache()

    public init(file: String) { self.file = file }

    /// Parses the next line (without its newline; a trailing CR is ignored). Returns the
    /// event of an `E:` line, nil for any other line.
    public mutating func parse(line: ArraySlice<UInt8>) throws(RecordingError) -> InputEvent? {
        try line.withUnsafeBufferPointer { (b) throws(RecordingError) -> InputEvent? in try parse(bytes: b) }
    }

    /// `parse(line:)` for a line in memory the caller owns (a reader's buffer): no copy.
    public mutating func parse(bytes line: UnsafeBufferPointer<UInt8>) throws(RecordingError) -> InputEvent? {
        lineNumber += 1
        // Event lines are nearly all of a recording: a fast path for well-formed ones; anything
        // unusual goes the general way, which also words the errors.
        if state.id != nil, let base = line.baseAddress,
            let e = Self.evemuLayoutEvent(base, count: line.count) ?? Self.fastEvent(base, count: line.count)
        {
            state.sawEvent = true
            return e
        }
        var slice = ArraySlice(line)
        if slice.last == UInt8(ascii: "\r") { slice = slice.dropLast() }
        return try parseLine(slice, number: lineNumber, state: &state)
    }

    /// Reads the run of event lines in evemu-record's layout that starts at `start` in a
    /// reader's buffer, where they lie, into `events` (at most `capacity`): how many, and the
    /// bytes they take. Each needs `eventLineLookahead` of the `available` bytes; the run ends
    /// at any other line, which the reader hands to `parse(bytes:)`, so a recording reads the
    /// same either way, errors included.
    public mutating func parseEventLines(
        at start: UnsafePointer<UInt8>, available: Int,
        into events: UnsafeMutablePointer<InputEvent>, capacity: Int
    ) -> (count: Int, length: Int) {
        guard state.id != nil else { return (0, 0) }
        var count = 0
        var length = 0
        while count < capacity, available &- length >= Self.eventLineLookahead,
            let (e, n) = Self.evemuLayoutLine(start + length, codes: &codes)
        {
            (events + count).initialize(to: e)
            count &+= 1
            length &+= n
        }
        if count > 0 {
            lineNumber += count
            state.sawEvent = true
        }
        return (count, length)
    }

    /// An event line read the general way (fields split, every check worded), as after a
    /// description: what the fast paths must agree with. Nil when the line is rejected.
    static func generalEvent(_ line: ArraySlice<UInt8>) -> InputEvent? {
        var parser = EvemuLineParser(file: "-")
        parser.state.id = InputID(bustype: 3, vendor: 0, product: 0, version: 0)
        var l = line
        if l.last == UInt8(ascii: "\r") { l = l.dropLast() }
        return try? parser.parseLine(l, number: 1, state: &parser.state)
    }

    /// True once an event line has been read: the description is complete.
    public var hasEvents: Bool { state.sawEvent }

    /// The device description and format version, once the description lines are read (at
    /// the first event, or at the end of a file without events).
    public func header() throws(RecordingError) -> (description: DeviceDescription, version: (major: Int, minor: Int)) {
        guard let name = state.name else {
            throw RecordingError(
                file: file, line: max(lineNumber, 1),
                expected: "the device name line 'N: NAME' (the file has no device description)")
        }
        guard let id = state.id else {
            throw RecordingError(
                file: file, line: state.nameLine + 1,
                expected: "'I: BUS VENDOR PRODUCT VERSION' after the name line")
        }
        return (state.description(name: name, id: id), state.version)
    }

    // MARK: - Lines

    struct State {
        var version = (major: 1, minor: 0)
        var sawFirstLine = false
        var name: String?
        var nameLine = 0
        var id: InputID?
        var propertyBytes: [UInt8] = []
        var maskBytes: [UInt16: [UInt8]] = [:]
        var absInfo: [UInt16: AbsInfo] = [:]
        var sawEvent = false

        func description(name: String, id: InputID) -> DeviceDescription {
            // A type is supported when it has codes: evemu writes the EV_SYN line ("B: 00")
            // as a fixed legacy value, and evemu-device ignores it, so it says nothing.
            var codes: [UInt16: BitSet] = [:]
            for (type, bytes) in maskBytes where type != Kernel.EV_SYN {
                let bits = bitSet(bytes)
                if !bits.isEmpty { codes[type] = bits }
            }
            // libevdev reports every EV_SYN code as supported; mirror it.
            codes[Kernel.EV_SYN] = BitSet(0...Kernel.maxCode(ofType: Kernel.EV_SYN)!)
            var abs: [UInt16: AbsInfo] = [:]
            for code in codes[Kernel.EV_ABS] ?? BitSet() {
                abs[code] = absInfo[code] ?? AbsInfo(minimum: 0, maximum: 1)
            }
            return DeviceDescription(
                name: name, id: id, properties: bitSet(propertyBytes),
                codes: codes, absInfo: abs)
        }

        private func bitSet(_ bytes: [UInt8]) -> BitSet {
            var set = BitSet(capacity: bytes.count * 8)
            for (i, byte) in bytes.enumerated() where byte != 0 {
                for bit in 0..<8 where byte & (1 << bit) != 0 { set.insert(UInt16(i * 8 + bit)) }
            }
            return set
        }
    }

    private func parseLine(_ line: ArraySlice<UInt8>, number: Int, state: inout State) throws(RecordingError)
        -> InputEvent?
    {
        var fields = Fields(line)
        let first = !state.sawFirstLine
        state.sawFirstLine = true
        guard let tag = fields.next() else { return nil }  // blank line
        if tag.first == UInt8(ascii: "#") {
            if first { state.version = parseVersion(line) ?? (1, 0) }
            return nil
        }
        func fail(_ expected: String) -> RecordingError {
            RecordingError(file: file, line: number, expected: expected)
        }
        // Tags are one letter and a colon: dispatch on the letter, no string compares.
        let letter: UInt8 = tag.count == 2 && tag.last == UInt8(ascii: ":") ? tag.first! : 0
        let isDescription: Bool
        switch letter {
        case UInt8(ascii: "N"), UInt8(ascii: "I"), UInt8(ascii: "P"), UInt8(ascii: "B"),
            UInt8(ascii: "A"), UInt8(ascii: "L"), UInt8(ascii: "S"):
            isDescription = true
        default: isDescription = false
        }
        if isDescription, state.sawEvent {
            throw fail(
                "an event line 'E: SEC.USEC TYPE CODE VALUE' (description lines must come before the first event)")
        }
        switch letter {
        case UInt8(ascii: "E"):
            return try parseEvent(&fields, state: &state, fail)
        case _ where isDescription:
            try parseDescription(letter, tag: tag, line: line, number: number, &fields, state: &state, fail)
        default:
            throw fail(
                "a line starting with 'N:', 'I:', 'P:', 'B:', 'A:', 'L:', 'S:', 'E:' or '#', not '\(quoted(tag.prefix(20)))'"
            )
        }
        return nil
    }

    /// An `E:` line: the event.
    private func parseEvent(_ fields: inout Fields, state: inout State, _ fail: (String) -> RecordingError)
        throws(RecordingError) -> InputEvent
    {
        let what = "'E: SEC.USEC TYPE CODE VALUE' (type and code in hex, value in decimal)"
        guard state.id != nil else {
            throw fail("the device description ('N:' and 'I:' lines) before the first event")
        }
        guard let t = fields.next(), let time = timestamp(t) else { throw fail(what + "; the time is not SEC.USEC") }
        guard let tf = fields.next(), let type = hex(tf, maxDigits: 4) else {
            throw fail(what + "; the type is not hex")
        }
        guard let cf = fields.next(), let code = hex(cf, maxDigits: 4) else {
            throw fail(what + "; the code is not hex")
        }
        guard let vf = fields.next() else { throw fail(what + "; the value is missing") }
        guard let value = decimal(vf) else {
            throw fail(what + "; the value '\(quoted(vf))' is not a 32-bit integer")
        }
        if let extra = fields.next(), extra.first != UInt8(ascii: "#") {
            throw fail(what + "; found '\(quoted(extra))' after the value")
        }
        guard type <= Int(Kernel.EV_MAX) else {
            throw fail("an event type from 0000 to 001f, not \(hexString(type, width: 4))")
        }
        if let max = Kernel.maxCode(ofType: UInt16(type)), code > Int(max) {
            throw fail(
                "a code from 0000 to \(hexString(Int(max), width: 4)) for event type \(hexString(type, width: 4)), not \(hexString(code, width: 4))"
            )
        }
        state.sawEvent = true
        return InputEvent(time: time, type: UInt16(type), code: UInt16(code), value: value)
    }

    func requireHeader(_ state: State, _ fail: (String) -> RecordingError) throws(RecordingError) {
        if state.name == nil { throw fail("the device name line 'N: NAME' first") }
        if state.id == nil { throw fail("'I: BUS VENDOR PRODUCT VERSION' after the name line") }
    }

    func hexBytes(
        _ fields: inout Fields, count: Int, what: String,
        _ fail: (String) -> RecordingError
    ) throws(RecordingError) -> [UInt8] {
        var out: [UInt8] = []
        for _ in 0..<count {
            guard let f = fields.next(), let b = hex(f, maxDigits: 2) else { throw fail(what) }
            out.append(UInt8(b))
        }
        guard fields.atEnd else { throw fail(what) }
        return out
    }

    // MARK: - Tokens

    private func parseVersion(_ line: ArraySlice<UInt8>) -> (major: Int, minor: Int)? {
        var f = Fields(line)
        guard let hash = f.next(), hash.elementsEqual("#".utf8), let word = f.next(),
            word.elementsEqual("EVEMU".utf8), let v = f.next()
        else { return nil }
        let parts = v.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 2, let major = unsigned(parts[0], maxDigits: 4),
            let minor = unsigned(parts[1], maxDigits: 4)
        else { return nil }
        return (Int(major), Int(minor))
    }

    func timestamp(_ f: ArraySlice<UInt8>) -> EventTime? {
        guard let dot = f.firstIndex(of: UInt8(ascii: ".")),
            let s = unsigned(f[..<dot], maxDigits: 15),
            let us = unsigned(f[(dot + 1)...], maxDigits: 6)
        else { return nil }
        return EventTime(seconds: s, microseconds: Int32(us))
    }

    func unsigned(_ f: ArraySlice<UInt8>, maxDigits: Int) -> Int64? {
        guard !f.isEmpty, f.count <= maxDigits else { return nil }
        var n: Int64 = 0
        for c in f {
            guard c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") else { return nil }
            n = n * 10 + Int64(c - UInt8(ascii: "0"))
        }
        return n
    }

    func decimal(_ f: ArraySlice<UInt8>) -> Int32? {
        var digits = f
        var negative = false
        if digits.first == UInt8(ascii: "-") || digits.first == UInt8(ascii: "+") {
            negative = digits.first == UInt8(ascii: "-")
            digits = digits.dropFirst()
        }
        while digits.count > 1 && digits.first == UInt8(ascii: "0") { digits = digits.dropFirst() }
        guard let n = unsigned(digits, maxDigits: 10) else { return nil }
        let v = negative ? -n : n
        guard v >= Int64(Int32.min) && v <= Int64(Int32.max) else { return nil }
        return Int32(v)
    }

    func hex(_ f: ArraySlice<UInt8>, maxDigits: Int) -> Int? {
        var digits = f
        if digits.count > 2, digits.first == UInt8(ascii: "0"),
            digits.dropFirst().first == UInt8(ascii: "x") || digits.dropFirst().first == UInt8(ascii: "X")
        {
            digits = digits.dropFirst(2)
        }
        guard !digits.isEmpty, digits.count <= maxDigits else { return nil }
        var n = 0
        for c in digits {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): n = n * 16 + Int(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): n = n * 16 + Int(c - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): n = n * 16 + Int(c - UInt8(ascii: "A")) + 10
            default: return nil
            }
        }
        return n
    }

    func hexString(_ v: Int, width: Int = 2) -> String {
        var b = TextBuffer(capacity: 8)
        b.append(hex: UInt32(truncatingIfNeeded: v), width: width)
        return b.string
    }
}

/// A piece of a line as it may appear in a message: printable ASCII as is, other bytes as
/// `\xNN` (a binary file's bytes must not reach the terminal raw), at most 40 of them.
func quoted(_ bytes: ArraySlice<UInt8>) -> String {
    var out = ""
    for b in bytes.prefix(40) {
        if b >= 0x20 && b < 0x7f {
            out.unicodeScalars.append(Unicode.Scalar(b))
        } else {
            let hex = Array("0123456789abcdef")
            out += "\\x" + String(hex[Int(b >> 4)]) + String(hex[Int(b & 15)])
        }
    }
    if bytes.count > 40 { out += "…" }
    return out
}

/// Splits a line into whitespace-separated fields.
struct Fields {
    var rest: ArraySlice<UInt8>

    init(_ line: ArraySlice<UInt8>) { rest = line }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }

    mutating func next() -> ArraySlice<UInt8>? {
        rest = rest.drop(while: Fields.isSpace)
        guard !rest.isEmpty else { return nil }
        let field = rest.prefix { !Fields.isSpace($0) }
        rest = rest.dropFirst(field.count)
        return field
    }

    var atEnd: Bool {
        let r = rest.drop(while: Fields.isSpace)
        return r.isEmpty || r.first == UInt8(ascii: "#")
    }
}
