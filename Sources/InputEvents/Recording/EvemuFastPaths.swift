/// The fast paths of the evemu parser: an event line as evemu-record lays it out, read at
/// its offsets, and any well-formed event line read field by field without splitting it;
/// anything else goes the general way (`EvemuLineParser.parseLine`), which words the errors.
extension EvemuLineParser {
    /// An event line exactly as evemu-record lays it out, `E: S.UUUUUU TTTT CCCC V` (six
    /// microsecond digits, four hex digits each for type and code), with the fixed fields read
    /// at their offsets, eight bytes at a time; nil for any other layout, which `fastEvent`
    /// then reads field by field.
    @inline(__always)
    static func evemuLayoutEvent(_ line: UnsafePointer<UInt8>, count n: Int) -> InputEvent? {
        // "E: " + at least one seconds digit + ".UUUUUU TTTT CCCC " + at least one value digit;
        // the seconds leave the 19 bytes after them in the line.
        guard n >= 23, let (sec, usec, t) = evemuLayoutPrefix(line, secondsEnd: min(n - 19, 18)) else { return nil }
        let type = hex4(t.assumingMemoryBound(to: UInt8.self))
        let code = hex4((t + 5).assumingMemoryBound(to: UInt8.self))
        guard type >= 0, code >= 0 else { return nil }
        return event(
            value: (t + 10).assumingMemoryBound(to: UInt8.self), end: line + n, seconds: sec, microseconds: usec,
            type: type, code: code)
    }

    /// The fixed part of evemu-record's event line, `E: S.UUUUUU TTTT CCCC `, with the seconds'
    /// digits read up to `secondsEnd` (exclusive; the caller keeps the rest of the line's bytes
    /// readable): the time, and where the type's four digits start; nil for any other layout.
    @inline(__always)
    static func evemuLayoutPrefix(_ line: UnsafePointer<UInt8>, secondsEnd: Int) -> (
        seconds: Int64, microseconds: Int32, fields: UnsafeRawPointer
    )? {
        guard line[0] == UInt8(ascii: "E"), line[1] == UInt8(ascii: ":"), line[2] == 0x20 else { return nil }
        var i = 3
        var sec: Int64 = 0
        while i < secondsEnd {
            let d = line[i] &- 0x30
            guard d < 10 else { break }
            sec = sec &* 10 &+ Int64(d)
            i &+= 1
        }
        guard i > 3 else { return nil }
        let f = UnsafeRawPointer(line + i)  // ".UUUUUU TTTT CCCC V"
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
        let t = f + 8  // "TTTT CCCC "
        guard t.load(fromByteOffset: 4, as: UInt8.self) == 0x20, t.load(fromByteOffset: 9, as: UInt8.self) == 0x20
        else { return nil }
        return (sec, Int32(truncatingIfNeeded: v), t)
    }

    /// The bytes `parseEventLines` needs readable at each line to read any line it takes
    /// without looking for the line's end first: the longest such line is 48 bytes with its newline.
    public static let eventLineLookahead = 48

    /// `evemuLayoutEvent` on a line whose end is not known yet: at least
    /// `eventLineLookahead` bytes readable at `line`; the line's length with its newline.
    @inline(__always)
    static func evemuLayoutLine(_ line: UnsafePointer<UInt8>, codes: inout EventCodeCache) -> (InputEvent, Int)? {
        // At most 15 seconds digits, as the general path takes.
        guard let (sec, usec, t) = evemuLayoutPrefix(line, secondsEnd: 18) else { return nil }
        let type: Int
        let code: Int
        if let known = codes.lookup(t) {
            (type, code) = known
        } else {
            type = hex4(t.assumingMemoryBound(to: UInt8.self))
            code = hex4((t + 5).assumingMemoryBound(to: UInt8.self))
            guard type >= 0, code >= 0, type <= Int(Kernel.EV_MAX), let max = Kernel.maxCode(ofType: UInt16(type)),
                code <= Int(max)
            else { return nil }
            codes.store(t, type: type, code: code)
        }
        // The value: an optional minus, 1–10 digits, the newline.
        var p = (t + 10).assumingMemoryBound(to: UInt8.self)
        let negative = p.pointee == UInt8(ascii: "-")
        if negative { p += 1 }
        let s = p
        var value: Int64 = 0
        // Eleven digits at most are looked at (one more than a value may have), so nothing
        // past `eventLineLookahead` bytes is read, whatever follows in the buffer.
        while p - s < 11 {
            let d = p.pointee &- 0x30
            guard d < 10 else { break }
            value = value &* 10 &+ Int64(d)
            p += 1
        }
        guard p > s, p - s <= 10, p.pointee == 0x0A else { return nil }
        if negative { value = -value }
        guard value >= Int64(Int32.min), value <= Int64(Int32.max) else { return nil }
        let e = InputEvent(
            time: EventTime(seconds: sec, microseconds: usec), type: UInt16(type),
            code: UInt16(code), value: Int32(truncatingIfNeeded: value))
        return (e, line.distance(to: p) + 1)
    }

    /// Each ASCII byte's hex digit as 0x40 + its value, a space for a byte that is none.
    fileprivate static var hexDigits: StaticString {
        "                                                @ABCDEFGHI       JKLMNO                          JKLMNO                         "
    }

    /// The rest of an event line from its value on: the value (decimal, 32 bits), then only
    /// blanks and a comment; the event when the type and code are the kernel's.
    @inline(__always)
    static func event(
        value start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, seconds: Int64, microseconds: Int32,
        type: Int, code: Int
    ) -> InputEvent? {
        var p = start
        let negative = p < end && p.pointee == UInt8(ascii: "-")
        if negative { p += 1 }
        var v = digits(&p, end, max: 10)
        guard v >= 0 else { return nil }
        if negative { v = -v }
        guard v >= Int64(Int32.min), v <= Int64(Int32.max) else { return nil }
        while p < end && (p.pointee == 0x20 || p.pointee == 0x09) { p += 1 }
        guard p == end || p.pointee == UInt8(ascii: "#") || (p.pointee == 0x0D && p == end - 1) else { return nil }
        guard type <= Int(Kernel.EV_MAX), let max = Kernel.maxCode(ofType: UInt16(type)), code <= Int(max) else {
            return nil
        }
        return InputEvent(
            time: EventTime(seconds: seconds, microseconds: microseconds), type: UInt16(type), code: UInt16(code),
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
        let c0 = p[0]
        let c1 = p[1]
        let c2 = p[2]
        let c3 = p[3]
        guard (c0 | c1 | c2 | c3) < 0x80 else { return -1 }
        let h0 = table[Int(c0)]
        let h1 = table[Int(c1)]
        let h2 = table[Int(c2)]
        let h3 = table[Int(c3)]
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
                if d < 10 {
                    v = v &* 16 &+ Int(d)
                } else {
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
}

/// The type and code of recent event lines by the nine bytes that spell them (`TTTT CCCC`): a
/// recording repeats a handful of codes, each spelled one way, so most lines take their type
/// and code from here instead of reading hex digits and checking them against the kernel's
/// ranges. Only spellings already read and checked are stored.
struct EventCodeCache {
    /// The first eight bytes of each entry's spelling; its ninth and its values in `values`.
    private var keys = InlineArray<8, UInt64>(repeating: 0)
    /// 1 << 40 | ninth byte << 32 | type << 16 | code; 0 for an empty entry.
    private var values = InlineArray<8, UInt64>(repeating: 0)

    /// The entry of a spelling, from its code's last two digits (spread so that the codes of
    /// a multitouch frame fall apart).
    @inline(__always)
    private static func entry(_ t: UnsafeRawPointer) -> Int {
        Int((t.load(fromByteOffset: 7, as: UInt8.self) &+ t.load(fromByteOffset: 8, as: UInt8.self) &* 3) & 7)
    }

    @inline(__always)
    func lookup(_ t: UnsafeRawPointer) -> (type: Int, code: Int)? {
        let i = Self.entry(t)
        // Both read before any test: the key read behind the test of the value made the
        // optimiser copy the whole key array to the stack for it, every line.
        let v = values[i]
        let key = keys[i]
        guard v != 0, key == t.loadUnaligned(as: UInt64.self),
            UInt8(truncatingIfNeeded: v >> 32) == t.load(fromByteOffset: 8, as: UInt8.self)
        else { return nil }
        return (Int(truncatingIfNeeded: v >> 16 & 0xFFFF), Int(truncatingIfNeeded: v & 0xFFFF))
    }

    @inline(__always)
    mutating func store(_ t: UnsafeRawPointer, type: Int, code: Int) {
        let i = Self.entry(t)
        keys[i] = t.loadUnaligned(as: UInt64.self)
        values[i] =
            1 << 40 | UInt64(t.load(fromByteOffset: 8, as: UInt8.self)) << 32 | UInt64(type) << 16 | UInt64(code)
    }
}
