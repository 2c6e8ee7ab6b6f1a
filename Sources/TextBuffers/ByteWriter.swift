/// Writes text straight into memory its owner has sized (`TextBuffer.write(maxBytes:)`): the
/// formatters' hot path, with printf-exact numbers and no capacity check per byte.
@frozen
public struct ByteWriter {
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    @usableFromInline var n = 0

    @inlinable init(base: UnsafeMutablePointer<UInt8>) { self.base = base }

    /// Bytes written so far.
    @inlinable public var count: Int { n }

    /// The most bytes one number written by `write(decimal:)`, `write(fixed:)` or
    /// `write(compact:)` can take, for sizing with `TextBuffer.write(maxBytes:)`.
    public static let maxNumberBytes = 40

    @inlinable @inline(__always)
    public mutating func write(_ s: StaticString) {
        let c = s.utf8CodeUnitCount
        (base + n).update(from: s.utf8Start, count: c)
        n += c
    }

    @inlinable
    public mutating func write(byte: UInt8) {
        base[n] = byte
        n += 1
    }

    @inlinable
    public mutating func write(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { b in
            if let p = b.baseAddress { (base + n).update(from: p, count: b.count) }
        }
        n += bytes.count
    }

    @inlinable
    public mutating func write(bytes: UnsafeBufferPointer<UInt8>) {
        if let p = bytes.baseAddress { (base + n).update(from: p, count: bytes.count) }
        n += bytes.count
    }

    /// Writes again `count` bytes this writer wrote from offset `start`: a number that
    /// appears twice in a line is formatted once.
    @inlinable
    public mutating func repeatBytes(from start: Int, count: Int) {
        (base + n).update(from: base + start, count: count)
        n += count
    }

    /// Copies `count` bytes this writer wrote from offset `start` to `destination`.
    @inlinable
    public func copyWritten(from start: Int, count: Int, to destination: UnsafeMutablePointer<UInt8>) {
        destination.update(from: base + start, count: count)
    }

    /// `y` (0 ≤ y < 9e18) rounded to the nearest whole number, halves away from zero, as
    /// `rounded()` does — without its libm call (x86-64's baseline has no rounding instruction).
    @inlinable @inline(__always)
    static func roundedUnits(_ y: Double) -> UInt64 {
        let whole = UInt64(y)
        return y - Double(whole) >= 0.5 ? whole + 1 : whole
    }

    /// Exactly `count` decimal digits of `v`, zero-padded on the left.
    @inlinable
    public mutating func write(digits v: UInt64, count: Int) {
        var x = v
        var i = n + count
        while i > n {
            i -= 1
            base[i] = 0x30 &+ UInt8(truncatingIfNeeded: x % 10)
            x /= 10
        }
        n += count
    }

    /// The number of decimal digits of `v` (1 for 0).
    @inlinable
    public static func digitCount(_ v: UInt64) -> Int {
        var c = 1
        var x = v
        while x >= 10 {
            x /= 10
            c += 1
        }
        return c
    }

    /// `value` in decimal, like printf's `%lld`.
    @inlinable
    public mutating func write(decimal value: Int64) {
        if value >= 0 && value < 100 {  // identifiers, tap counts, slots
            if value < 10 {
                base[n] = 0x30 &+ UInt8(truncatingIfNeeded: value)
                n &+= 1
            } else {
                writePair(Self.digitPairs, UInt32(truncatingIfNeeded: value))
            }
            return
        }
        if value < 0 { write(byte: UInt8(ascii: "-")) }
        write(digits: value.magnitude, count: Self.digitCount(value.magnitude))
    }

    /// 10^d for d in 0…9, without a global array (whose access costs a retain and a release).
    @inlinable @inline(__always)
    static func power(_ d: Int) -> Double {
        switch d {
        case 0: return 1
        case 1: return 10
        case 2: return 100
        case 3: return 1e3
        case 4: return 1e4
        case 5: return 1e5
        case 6: return 1e6
        case 7: return 1e7
        case 8: return 1e8
        default: return 1e9
        }
    }

    /// `value` with `decimals` (0…9) digits after the point, like printf's `%.Nf` (rounded
    /// half away from zero; `nan`, `inf`, `-inf`; beyond 2^63 units, Swift's description).
    @inlinable
    public mutating func write(fixed value: Double, decimals: Int) {
        guard value.isFinite else {
            if value.isNaN { write("nan") } else if value < 0 { write("-inf") } else { write("inf") }
            return
        }
        let d = min(max(decimals, 0), 9)
        guard let (whole, fraction) = writeSign(value, decimals: d) else { return }
        write(digits: whole, count: Self.digitCount(whole))
        if d > 0 {
            write(byte: UInt8(ascii: "."))
            write(digits: fraction, count: d)
        }
    }

    /// `value` with at most `maxDecimals` (1…9) digits after the point and at least one,
    /// trailing zeros dropped (`120.0`, `0.4`, `33.333`); non-finite values as `null`.
    @inlinable
    public mutating func write(compact value: Double, maxDecimals: Int = 3) {
        guard value.isFinite else {
            write("null")
            return
        }
        // No pressure, no radius: most panels.
        if value == 0 {
            write("0.0")
            return
        }
        if maxDecimals == 3 {
            writeCompactThousandths(value)
            return
        }
        var d = min(max(maxDecimals, 1), 9)
        guard let (whole, rounded) = writeSign(value, decimals: d) else { return }
        var fraction = rounded
        while d > 1 && fraction % 10 == 0 {
            fraction /= 10
            d -= 1
        }
        write(digits: whole, count: Self.digitCount(whole))
        write(byte: UInt8(ascii: "."))
        write(digits: fraction, count: d)
    }

    /// `value` rounded (half away from zero) to `d` decimals, its minus sign written when it
    /// does not round to zero: the whole units and the fraction's digits to write. Beyond 2^63
    /// units, nil, Swift's description having been written instead.
    @inlinable @inline(__always)
    mutating func writeSign(_ value: Double, decimals d: Int) -> (whole: UInt64, fraction: UInt64)? {
        let scale = Self.power(d)
        let scaled = value.magnitude * scale
        guard scaled < 9.0e18 else {
            writeDescription(value)
            return nil
        }
        let units = Self.roundedUnits(scaled)
        if value < 0 && units != 0 { write(byte: UInt8(ascii: "-")) }
        return (units / UInt64(scale), units % UInt64(scale))
    }

    /// `write(compact:)` with three decimals, the log's points: below 4 294 967 (every
    /// coordinate) in 32-bit arithmetic with the digits taken two at a time from a table.
    @inlinable
    mutating func writeCompactThousandths(_ value: Double) {
        let scaled = value.magnitude * 1000
        guard scaled < 4_294_967_295 else {
            writeLargeThousandths(value, scaled)
            return
        }
        // Rounded half up as `roundedUnits`, with signed conversions (one instruction each).
        let truncated = Int64(scaled)
        let units = UInt32(truncatingIfNeeded: scaled - Double(truncated) >= 0.5 ? truncated &+ 1 : truncated)
        if value < 0 && units != 0 { write(byte: UInt8(ascii: "-")) }
        let whole = units / 1000
        let fraction = units &- whole &* 1000
        let pairs = Self.digitPairs
        if whole < 100 {
            if whole < 10 {
                base[n] = 0x30 &+ UInt8(truncatingIfNeeded: whole)
                n &+= 1
            } else {
                writePair(pairs, whole)
            }
        } else if whole < 10_000 {
            let high = whole / 100
            if high < 10 {
                base[n] = 0x30 &+ UInt8(truncatingIfNeeded: high)
                n &+= 1
            } else {
                writePair(pairs, high)
            }
            writePair(pairs, whole &- high &* 100)
        } else {
            write(smallWhole: whole)
        }
        write(thousandths: fraction)
    }

    /// `.ddd` for `fraction` (0…999), trailing zeros dropped but the first.
    @inlinable @inline(__always)
    mutating func write(thousandths fraction: UInt32) {
        let d0 = fraction / 100
        let r = fraction &- d0 &* 100
        base[n] = UInt8(ascii: ".")
        base[n &+ 1] = 0x30 &+ UInt8(truncatingIfNeeded: d0)
        if r == 0 {
            n &+= 2
            return
        }
        let p = Self.digitPairs.utf8Start + Int(r &* 2)
        base[n &+ 2] = p[0]
        if p[1] == UInt8(ascii: "0") {
            n &+= 3
            return
        }
        base[n &+ 3] = p[1]
        n &+= 4
    }

    /// "00" to "99", for writing two digits at once.
    @usableFromInline
    static var digitPairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    @inlinable @inline(__always)
    mutating func writePair(_ pairs: StaticString, _ v: UInt32) {
        let p = pairs.utf8Start + Int(v &* 2)
        base[n] = p[0]
        base[n &+ 1] = p[1]
        n &+= 2
    }

    /// `writeCompactThousandths` for values of 4 294 967 and more, in 64 bits.
    @usableFromInline
    mutating func writeLargeThousandths(_ value: Double, _ scaled: Double) {
        guard scaled < 9.0e18 else {
            writeDescription(value)
            return
        }
        let units = Self.roundedUnits(scaled)
        let whole = units / 1000
        let fraction = UInt32(truncatingIfNeeded: units &- whole &* 1000)
        if value < 0 && units != 0 { write(byte: UInt8(ascii: "-")) }
        write(digits: whole, count: Self.digitCount(whole))
        write(thousandths: fraction)
    }

    /// A whole number below 2^32 in decimal, with 32-bit arithmetic (the log's coordinates).
    @inlinable @inline(__always)
    mutating func write(smallWhole v: UInt32) {
        let count =
            v < 10 ? 1 : v < 100 ? 2 : v < 1000 ? 3 : v < 10000 ? 4 : v < 100_000 ? 5 : Self.digitCount(UInt64(v))
        var x = v
        var i = n &+ count
        repeat {
            i &-= 1
            let q = x / 10
            base[i] = 0x30 &+ UInt8(truncatingIfNeeded: x &- q &* 10)
            x = q
        } while i > n
        n &+= count
    }

    @usableFromInline
    mutating func writeDescription(_ value: Double) {
        var s = "\(value)"
        s.withUTF8 { write(bytes: $0) }
    }
}
