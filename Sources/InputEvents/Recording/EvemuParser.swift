/// Reads evemu recordings, format 1.0 to 1.3: what `evemu-record` writes and
/// `evemu-device`/`evemu-play` read. Comments may stand anywhere; times may be absolute or
/// relative. Anything malformed is reported as `FILE:LINE: expected …`, never trapped.
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
           let e = Self.evemuLayoutEvent(base, count: line.count) ?? Self.fastEvent(base, count: line.count) {
            state.sawEvent = true
            return e
        }
        var slice = ArraySlice(line)
        if slice.last == UInt8(ascii: "\r") { slice = slice.dropLast() }
        return try parseLine(slice, number: lineNumber, state: &state)
    }

    /// An event line exactly as evemu-record lays it out, `E: S.UUUUUU TTTT CCCC V` (six
    /// microsecond digits, four hex digits each for type and code), with the fixed fields read
    /// at their offsets, eight bytes at a time; nil for any other layout, which `fastEvent`
    /// then reads field by field.
    @inline(__always)
    static func evemuLayoutEvent(_ line: UnsafePointer<UInt8>, count n: Int) -> InputEvent? {
        // "E: " + at least one seconds digit + ".UUUUUU TTTT CCCC " + at least one value digit.
        guard n >= 23, line[0] == UInt8(ascii: "E"), line[1] == UInt8(ascii: ":"), line[2] == 0x20 else { return nil }
        var i = 3
        var sec: Int64 = 0
        let secondsEnd = min(n - 19, 18)     // leaves the 19 bytes after the seconds in the line
        while i < secondsEnd {
            let d = line[i] &- 0x30
            guard d < 10 else { break }
            sec = sec &* 10 &+ Int64(d)
            i += 1
        }
        guard i > 3 else { return nil }
        let f = UnsafeRawPointer(line + i)     // ".UUUUUU TTTT CCCC V"
        // ".UUUUUU " as one word (first byte lowest, on any byte order): the point, six digits, a space.
        let word = UInt64(littleEndian: f.loadUnaligned(as: UInt64.self))
        guard word & 0xFF == 0x2E, word >> 56 == 0x20 else { return nil }
        let digits = (word >> 8) & 0xFFFF_FFFF_FFFF ^ 0x3030_3030_3030
        guard ((digits & 0x7F7F_7F7F_7F7F) &+ 0x7676_7676_7676 | digits) & 0x8080_8080_8080 == 0 else { return nil }
        // Eight digits (two leading zeros) to a number: pairs, then fours, then the eight.
        var v = digits << 16
        v = (v &* 2561) >> 8 & 0x00FF_00FF_00FF_00FF
        v = (v &* 6_553_601) >> 16 & 0x0000_FFFF_0000_FFFF
        v = (v &* 42_949_672_960_001) >> 32
        let usec = Int32(truncatingIfNeeded: v)
        let t = f + 8     // "TTTT CCCC "
        guard t.load(fromByteOffset: 4, as: UInt8.self) == 0x20, t.load(fromByteOffset: 9, as: UInt8.self) == 0x20 else { return nil }
        let type = hex4(t.assumingMemoryBound(to: UInt8.self)), code = hex4((t + 5).assumingMemoryBound(to: UInt8.self))
        guard type >= 0, code >= 0 else { return nil }
        return event(value: (t + 10).assumingMemoryBound(to: UInt8.self), end: line + n, seconds: sec, microseconds: usec,
                     type: type, code: code)
    }

    /// Each ASCII byte's hex digit as 0x40 + its value, a space for a byte that is none.
    private static var hexDigits: StaticString {
        "                                                @ABCDEFGHI       JKLMNO                          JKLMNO                         "
    }

    /// The rest of an event line from its value on: the value (decimal, 32 bits), then only
    /// blanks and a comment; the event when the type and code are the kernel's.
    @inline(__always)
    static func event(value start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, seconds: Int64, microseconds: Int32,
                      type: Int, code: Int) -> InputEvent? {
        var p = start
        let negative = p < end && p.pointee == UInt8(ascii: "-")
        if negative { p += 1 }
        var v = digits(&p, end, max: 10)
        guard v >= 0 else { return nil }
        if negative { v = -v }
        guard v >= Int64(Int32.min), v <= Int64(Int32.max) else { return nil }
        while p < end && (p.pointee == 0x20 || p.pointee == 0x09) { p += 1 }
        guard p == end || p.pointee == UInt8(ascii: "#") || (p.pointee == 0x0D && p == end - 1) else { return nil }
        guard type <= Int(Kernel.EV_MAX), let max = Kernel.maxCode(ofType: UInt16(type)), code <= Int(max) else { return nil }
        return InputEvent(time: EventTime(seconds: seconds, microseconds: microseconds), type: UInt16(type), code: UInt16(code),
                          value: Int32(truncatingIfNeeded: v))
    }

    /// Decimal digits from `p` (moved past them), at most `max`; -1 when there are none or too many.
    @inline(__always)
    static func digits(_ p: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, max: Int) -> Int64 {
        let s = p
        var v: Int64 = 0
        while p < end {
            let d = p.pointee &- 0x30
            guard d < 10 else { break }
            v = v &* 10 &+ Int64(d)
            p += 1
        }
        return p > s && p - s <= max ? v : -1
    }

    /// Four hex digits at `p` as a number, or -1.
    @inline(__always)
    static func hex4(_ p: UnsafePointer<UInt8>) -> Int {
        let table = hexDigits.utf8Start
        let c0 = p[0], c1 = p[1], c2 = p[2], c3 = p[3]
        guard (c0 | c1 | c2 | c3) < 0x80 else { return -1 }
        let h0 = table[Int(c0)], h1 = table[Int(c1)], h2 = table[Int(c2)], h3 = table[Int(c3)]
        guard h0 & h1 & h2 & h3 & 0x40 != 0 else { return -1 }
        return Int(h0 & 0x0F) << 12 | Int(h1 & 0x0F) << 8 | Int(h2 & 0x0F) << 4 | Int(h3 & 0x0F)
    }

    /// `E: SEC.USEC TYPE CODE VALUE` with optional trailing comment, or nil for anything else
    /// (which the general path then words as an error). One pass over the bytes, no bounds
    /// checks but the line's end.
    @inline(__always)
    static func fastEvent(_ line: UnsafePointer<UInt8>, count n: Int) -> InputEvent? {
        guard n > 10, line[0] == UInt8(ascii: "E"), line[1] == UInt8(ascii: ":") else { return nil }
        var p = line + 2
        let end = line + n
        @inline(__always) func spaces() -> Bool {
            let s = p
            while p < end && (p.pointee == 0x20 || p.pointee == 0x09) { p += 1 }
            return p > s
        }
        @inline(__always) func digits(max: Int) -> Int64 { Self.digits(&p, end, max: max) }
        /// One to four hex digits; -1 otherwise.
        @inline(__always) func hex() -> Int {
            let s = p
            var v = 0
            while p < end {
                let c = p.pointee
                let d = c &- 0x30
                if d < 10 { v = v &* 16 &+ Int(d) } else {
                    let l = (c | 0x20) &- 0x61
                    guard l < 6 else { break }
                    v = v &* 16 &+ Int(l) &+ 10
                }
                p += 1
            }
            return p > s && p - s <= 4 ? v : -1
        }
        guard spaces() else { return nil }
        let sec = digits(max: 15)
        guard sec >= 0, p < end, p.pointee == UInt8(ascii: ".") else { return nil }
        p += 1
        let usec = digits(max: 6)
        guard usec >= 0, spaces() else { return nil }
        let type = hex()
        guard type >= 0, spaces() else { return nil }
        let code = hex()
        guard code >= 0, spaces() else { return nil }
        return event(value: p, end: end, seconds: sec, microseconds: Int32(usec), type: type, code: code)
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
            throw RecordingError(file: file, line: max(lineNumber, 1),
                                 expected: "the device name line 'N: NAME' (the file has no device description)")
        }
        guard let id = state.id else {
            throw RecordingError(file: file, line: state.nameLine + 1,
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
            return DeviceDescription(name: name, id: id, properties: bitSet(propertyBytes),
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

    private func parseLine(_ line: ArraySlice<UInt8>, number: Int, state: inout State) throws(RecordingError) -> InputEvent? {
        var fields = Fields(line)
        let first = !state.sawFirstLine
        state.sawFirstLine = true
        guard let tag = fields.next() else { return nil }            // blank line
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
             UInt8(ascii: "A"), UInt8(ascii: "L"), UInt8(ascii: "S"): isDescription = true
        default: isDescription = false
        }
        if isDescription, state.sawEvent {
            throw fail("an event line 'E: SEC.USEC TYPE CODE VALUE' (description lines must come before the first event)")
        }
        switch letter {
        case UInt8(ascii: "E"):
            return try parseEvent(&fields, state: &state, fail)
        case _ where isDescription:
            try parseDescription(letter, tag: tag, line: line, number: number, &fields, state: &state, fail)
        default:
            throw fail("a line starting with 'N:', 'I:', 'P:', 'B:', 'A:', 'L:', 'S:', 'E:' or '#', not '\(quoted(tag.prefix(20)))'")
        }
        return nil
    }

    /// An `E:` line: the event.
    private func parseEvent(_ fields: inout Fields, state: inout State, _ fail: (String) -> RecordingError) throws(RecordingError) -> InputEvent {
        let what = "'E: SEC.USEC TYPE CODE VALUE' (type and code in hex, value in decimal)"
        guard state.id != nil else {
            throw fail("the device description ('N:' and 'I:' lines) before the first event")
        }
        guard let t = fields.next(), let time = timestamp(t) else { throw fail(what + "; the time is not SEC.USEC") }
        guard let tf = fields.next(), let type = hex(tf, maxDigits: 4) else { throw fail(what + "; the type is not hex") }
        guard let cf = fields.next(), let code = hex(cf, maxDigits: 4) else { throw fail(what + "; the code is not hex") }
        guard let vf = fields.next() else { throw fail(what + "; the value is missing") }
        guard let value = decimal(vf) else {
            throw fail(what + "; the value '\(quoted(vf))' is not a 32-bit integer")
        }
        if let extra = fields.next(), extra.first != UInt8(ascii: "#") {
            throw fail(what + "; found '\(quoted(extra))' after the value")
        }
        guard type <= Int(Kernel.EV_MAX) else { throw fail("an event type from 0000 to 001f, not \(hexString(type, width: 4))") }
        if let max = Kernel.maxCode(ofType: UInt16(type)), code > Int(max) {
            throw fail("a code from 0000 to \(hexString(Int(max), width: 4)) for event type \(hexString(type, width: 4)), not \(hexString(code, width: 4))")
        }
        state.sawEvent = true
        return InputEvent(time: time, type: UInt16(type), code: UInt16(code), value: value)
    }

    func requireHeader(_ state: State, _ fail: (String) -> RecordingError) throws(RecordingError) {
        if state.name == nil { throw fail("the device name line 'N: NAME' first") }
        if state.id == nil { throw fail("'I: BUS VENDOR PRODUCT VERSION' after the name line") }
    }

    func hexBytes(_ fields: inout Fields, count: Int, what: String,
                          _ fail: (String) -> RecordingError) throws(RecordingError) -> [UInt8] {
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
              word.elementsEqual("EVEMU".utf8), let v = f.next() else { return nil }
        let parts = v.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 2, let major = unsigned(parts[0], maxDigits: 4),
              let minor = unsigned(parts[1], maxDigits: 4) else { return nil }
        return (Int(major), Int(minor))
    }

    func timestamp(_ f: ArraySlice<UInt8>) -> EventTime? {
        guard let dot = f.firstIndex(of: UInt8(ascii: ".")),
              let s = unsigned(f[..<dot], maxDigits: 15),
              let us = unsigned(f[(dot + 1)...], maxDigits: 6) else { return nil }
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
           digits.dropFirst().first == UInt8(ascii: "x") || digits.dropFirst().first == UInt8(ascii: "X") {
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
        if b >= 0x20 && b < 0x7f { out.unicodeScalars.append(Unicode.Scalar(b)) } else {
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
