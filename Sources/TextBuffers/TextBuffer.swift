/// A growable byte buffer for building output lines without per-line allocation: the
/// writers reuse one buffer and hand its bytes to an output sink once per input frame.
public struct TextBuffer: Sendable {
    /// Always fully initialised: `storage.count` is the capacity, the first `used` bytes the
    /// text, so writers can fill the rest through a pointer.
    @usableFromInline var storage: [UInt8]
    @usableFromInline var used = 0

    public init(capacity: Int = 4096) {
        storage = [UInt8](repeating: 0, count: max(capacity, 64))
    }

    /// A copy of the text so far.
    public var bytes: [UInt8] { Array(storage[0..<used]) }

    @inlinable public var isEmpty: Bool { used == 0 }
    @inlinable public var count: Int { used }

    @inlinable public mutating func removeAll() { used = 0 }

    /// The text so far, without copying it.
    @inlinable
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<used])) }
    }

    /// Makes room for `maxBytes`, then lets `body` write at most that many bytes directly.
    @inlinable
    public mutating func write(maxBytes: Int, _ body: (inout ByteWriter) -> Void) {
        if used + maxBytes > storage.count { grow(to: used + maxBytes) }
        let start = used
        used = storage.withUnsafeMutableBufferPointer { b -> Int in
            var w = ByteWriter(base: b.baseAddress! + start)
            body(&w)
            precondition(w.count <= maxBytes, "TextBuffer: a writer wrote more than it reserved")
            return start + w.count
        }
    }

    @usableFromInline
    mutating func grow(to needed: Int) {
        var capacity = storage.count * 2
        while capacity < needed { capacity *= 2 }
        storage.append(contentsOf: repeatElement(0, count: capacity - storage.count))
    }

    @inlinable public mutating func append(_ s: StaticString) {
        write(maxBytes: s.utf8CodeUnitCount) { $0.write(s) }
    }

    public mutating func append(string s: String) {
        var s = s
        s.withUTF8 { b in write(maxBytes: b.count) { $0.write(bytes: b) } }
    }

    @inlinable public mutating func append(bytes other: [UInt8]) {
        write(maxBytes: other.count) { $0.write(bytes: other) }
    }

    @inlinable public mutating func append(byte: UInt8) {
        write(maxBytes: 1) { $0.write(byte: byte) }
    }

    public mutating func append(repeating byte: UInt8, count: Int) {
        guard count > 0 else { return }
        write(maxBytes: count) { w in for _ in 0..<count { w.write(byte: byte) } }
    }

    /// Appends `value` in decimal, right-aligned in `width` columns, optionally zero-padded
    /// like printf's `%0Nd` (the sign comes first, then the zeros).
    @inlinable
    public mutating func append(decimal value: Int64, width: Int = 0, zeroPad: Bool = false) {
        let negative = value < 0
        let n = ByteWriter.digitCount(value.magnitude)
        let used = n + (negative ? 1 : 0)
        let pad = max(0, width - used)
        write(maxBytes: used + pad) { w in
            if !zeroPad { for _ in 0..<pad { w.write(byte: UInt8(ascii: " ")) } }
            if negative { w.write(byte: UInt8(ascii: "-")) }
            w.write(digits: value.magnitude, count: n + (zeroPad ? pad : 0))
        }
    }

    @inlinable
    public mutating func append(decimal value: Int32, width: Int = 0, zeroPad: Bool = false) {
        append(decimal: Int64(value), width: width, zeroPad: zeroPad)
    }

    @inlinable
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
        let digits = n
        Swift.withUnsafeBytes(of: &tmp) { buf in
            write(maxBytes: digits) { w in
                for i in stride(from: digits - 1, through: 0, by: -1) { w.write(byte: buf[i]) }
            }
        }
    }

    /// Appends `value` with `decimals` digits after the point, like printf's `%.Nf`
    /// (rounded half away from zero; non-finite values print as `nan`/`inf`).
    @inlinable
    public mutating func append(fixed value: Double, decimals: Int) {
        write(maxBytes: ByteWriter.maxNumberBytes + 10) { $0.write(fixed: value, decimals: decimals) }
    }

    /// Appends `value` with at most `maxDecimals` digits after the point and at least one, the
    /// trailing zeros dropped (`120.0`, `0.4`, `33.333`): compact JSON numbers without the
    /// cost of the shortest round-trip representation. Non-finite values print as `null`.
    @inlinable
    public mutating func append(compact value: Double, maxDecimals: Int = 3) {
        write(maxBytes: ByteWriter.maxNumberBytes + 10) { $0.write(compact: value, maxDecimals: maxDecimals) }
    }

    /// Appends `s` as a JSON string literal, quoted and escaped: controls (C0, DEL, C1) and the
    /// characters a terminal would hide (`String.printable`'s) as `\\uXXXX`, the same string to a
    /// parser and one line of plain text to a person reading the stream.
    public mutating func append(jsonString s: String) {
        append("\"")
        for u in s.unicodeScalars {
            switch u {
            case "\"": append("\\\"")
            case "\\": append("\\\\")
            case "\n": append("\\n")
            case "\r": append("\\r")
            case "\t": append("\\t")
            case _ where u.value < 0x20 || (u.value >= 0x7f && u.value < 0xa0):
                append("\\u")
                append(hex: u.value, width: 4)
            case _ where !u.isASCII && String.isHidden(u):
                for unit in String(u).utf16 {
                    append("\\u")
                    append(hex: UInt32(unit), width: 4)
                }
            default:
                if u.isASCII { append(byte: UInt8(u.value)) } else { append(string: String(u)) }
            }
        }
        append("\"")
    }

    /// Appends a string left-aligned in `width` columns, like `%-Ns`.
    public mutating func append(_ s: String, leftAlignedIn width: Int) {
        let before = used
        append(string: s)
        append(repeating: UInt8(ascii: " "), count: width - (used - before))
    }

    /// The text as a String (for tests and small outputs).
    public var string: String { withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }
}
