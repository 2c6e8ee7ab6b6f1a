/// A growable byte buffer for building output lines without per-line allocation: the
/// writers reuse one buffer and hand its bytes to an output sink once per input frame.
public struct TextBuffer: Sendable {
    public private(set) var bytes: [UInt8]

    public init(capacity: Int = 4096) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    public var isEmpty: Bool { bytes.isEmpty }
    public var count: Int { bytes.count }

    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    public mutating func append(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func append(string s: String) { bytes.append(contentsOf: s.utf8) }

    public mutating func append(bytes other: [UInt8]) { bytes.append(contentsOf: other) }

    public mutating func append(byte: UInt8) { bytes.append(byte) }

    public mutating func append(repeating byte: UInt8, count: Int) {
        if count > 0 { bytes.append(contentsOf: repeatElement(byte, count: count)) }
    }

    /// Appends `value` in decimal, right-aligned in `width` columns, optionally zero-padded
    /// like printf's `%0Nd` (the sign comes first, then the zeros).
    public mutating func append(decimal value: Int64, width: Int = 0, zeroPad: Bool = false) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let negative = value < 0
        var magnitude = value.magnitude
        var n = 0
        withUnsafeMutableBytes(of: &digits) { buf in
            repeat {
                buf[n] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                n += 1
            } while magnitude > 0
        }
        let used = n + (negative ? 1 : 0)
        if !zeroPad { append(repeating: UInt8(ascii: " "), count: width - used) }
        if negative { bytes.append(UInt8(ascii: "-")) }
        if zeroPad { append(repeating: UInt8(ascii: "0"), count: width - used) }
        withUnsafeBytes(of: &digits) { buf in
            for i in stride(from: n - 1, through: 0, by: -1) { bytes.append(buf[i]) }
        }
    }

    public mutating func append(decimal value: Int32, width: Int = 0, zeroPad: Bool = false) {
        append(decimal: Int64(value), width: width, zeroPad: zeroPad)
    }

    public mutating func append(decimal value: Int, width: Int = 0, zeroPad: Bool = false) {
        append(decimal: Int64(value), width: width, zeroPad: zeroPad)
    }

    /// Appends `value` in lowercase hex, zero-padded to `width` digits like `%0Nx`
    /// (negative values print as their 32-bit two's complement, as printf does).
    public mutating func append(hex value: UInt32, width: Int = 0) {
        var v = value
        var tmp: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &tmp) { buf in
            repeat {
                let d = UInt8(v & 0xf)
                buf[n] = d < 10 ? UInt8(ascii: "0") + d : UInt8(ascii: "a") + d - 10
                v >>= 4
                n += 1
            } while v > 0
        }
        append(repeating: UInt8(ascii: "0"), count: width - n)
        withUnsafeBytes(of: &tmp) { buf in
            for i in stride(from: n - 1, through: 0, by: -1) { bytes.append(buf[i]) }
        }
    }

    /// Appends `value` with `decimals` digits after the point, like printf's `%.Nf`
    /// (rounded half away from zero; non-finite values print as `nan`/`inf`).
    public mutating func append(fixed value: Double, decimals: Int) {
        guard value.isFinite else { append(value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf")); return }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value.magnitude * scale).rounded()
        guard scaled < 9.0e18 else { append(string: "\(value)"); return }
        let units = UInt64(scaled)
        let whole = units / UInt64(scale), fraction = units % UInt64(scale)
        if value < 0 && units != 0 { append("-") }
        append(decimal: Int64(whole))
        if decimals > 0 {
            append(".")
            append(decimal: Int64(fraction), width: decimals, zeroPad: true)
        }
    }

    /// Appends a time as seconds with microseconds, `S.UUUUUU`.
    public mutating func append(time: EventTime) {
        append(decimal: time.seconds)
        append(".")
        append(decimal: time.microseconds, width: 6, zeroPad: true)
    }

    /// Appends `s` as a JSON string literal, quoted and escaped.
    public mutating func append(jsonString s: String) {
        append("\"")
        for u in s.unicodeScalars {
            switch u {
            case "\"": append("\\\"")
            case "\\": append("\\\\")
            case "\n": append("\\n")
            case "\r": append("\\r")
            case "\t": append("\\t")
            case _ where u.value < 0x20:
                append("\\u")
                append(hex: u.value, width: 4)
            default:
                if u.isASCII { bytes.append(UInt8(u.value)) } else { bytes.append(contentsOf: String(u).utf8) }
            }
        }
        append("\"")
    }

    /// Appends a string left-aligned in `width` columns, like `%-Ns`.
    public mutating func append(_ s: String, leftAlignedIn width: Int) {
        let before = bytes.count
        bytes.append(contentsOf: s.utf8)
        append(repeating: UInt8(ascii: " "), count: width - (bytes.count - before))
    }

    /// The text as a String (for tests and small outputs).
    public var string: String { String(decoding: bytes, as: UTF8.self) }
}
