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
        while x >= 10 { x /= 10; c += 1 }
        return c
    }

    /// `value` in decimal, like printf's `%lld`.
    @inlinable
    public mutating func write(decimal value: Int64) {
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
        let scale = Self.power(d)
        let scaled = value.magnitude * scale
        guard scaled < 9.0e18 else { writeDescription(value); return }
        let units = Self.roundedUnits(scaled)
        let whole = units / UInt64(scale), fraction = units % UInt64(scale)
        if value < 0 && units != 0 { write(byte: UInt8(ascii: "-")) }
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
        guard value.isFinite else { write("null"); return }
        if value == 0 { write("0.0"); return }      // no pressure, no radius: most panels
        if maxDecimals == 3 { writeCompactThousandths(value); return }
        var d = min(max(maxDecimals, 1), 9)
        let scale = Self.power(d)
        let scaled = value.magnitude * scale
        guard scaled < 9.0e18 else { writeDescription(value); return }
        let units = Self.roundedUnits(scaled)
        let whole = units / UInt64(scale)
        var fraction = units % UInt64(scale)
        while d > 1 && fraction % 10 == 0 {
            fraction /= 10
            d -= 1
        }
        if value < 0 && units != 0 { write(byte: UInt8(ascii: "-")) }
        write(digits: whole, count: Self.digitCount(whole))
        write(byte: UInt8(ascii: "."))
        write(digits: fraction, count: d)
    }

    /// `write(compact:)` with three decimals, the log's points: the divisions by constants
    /// become multiplications (the general path divides by a power of ten it looks up).
    @inlinable
    mutating func writeCompactThousandths(_ value: Double) {
        let scaled = value.magnitude * 1000
        guard scaled < 9.0e18 else { writeDescription(value); return }
        let units = Self.roundedUnits(scaled)
        let whole = units / 1000
        var fraction = units &- whole &* 1000
        var d = 3
        if fraction % 10 == 0 {
            fraction /= 10
            d = 2
            if fraction % 10 == 0 { fraction /= 10; d = 1 }
        }
        if value < 0 && units != 0 { write(byte: UInt8(ascii: "-")) }
        write(digits: whole, count: Self.digitCount(whole))
        write(byte: UInt8(ascii: "."))
        write(digits: fraction, count: d)
    }

    @usableFromInline
    mutating func writeDescription(_ value: Double) {
        var s = "\(value)"
        s.withUTF8 { write(bytes: $0) }
    }

    /// A time as seconds with microseconds, `S.UUUUUU`.
    @inlinable
    public mutating func write(time: EventTime) {
        write(decimal: time.seconds)
        write(byte: UInt8(ascii: "."))
        write(digits: UInt64(max(0, time.microseconds)), count: 6)
    }
}
