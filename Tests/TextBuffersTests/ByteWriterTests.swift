import Testing

@testable import TextBuffers

/// The writer's own rounding against the standard library's, and a number written once and
/// repeated: both are on the log's hot path, and neither may change a byte.
@Suite("Writing numbers into reserved room")
struct ByteWriterTests {
    @Test func roundingIsHalfAwayFromZeroAsTheStandardLibrarysIs() {
        var values: [Double] = [
            0, 0.5, 1.5, 2.5, 0.49999999999999994, 1.4999999999999998, 4_503_599_627_370_495.5,
            4_503_599_627_370_497, 8.9e18, 123_456.5, 99.999_999_999,
        ]
        var g = XorShift(state: 0x9e37_79b9_7f4a_7c15)  // the same values every run
        for _ in 0..<10_000 { values.append(Double.random(in: 0..<1e7, using: &g)) }
        for _ in 0..<1_000 { values.append(Double(Int.random(in: 0..<1_000_000, using: &g)) + 0.5) }
        for y in values {
            #expect(ByteWriter.roundedUnits(y) == UInt64(y.rounded()), "\(y)")
        }
    }

    @Test func thousandthsWriteWhatTheGeneralPathWrites() {
        // The general path, for three decimals: scale, round, drop trailing zeros.
        func reference(_ v: Double) -> String {
            let units = UInt64((v.magnitude * 1000).rounded())
            var fraction = String(units % 1000)
            fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
            while fraction.count > 1 && fraction.hasSuffix("0") { fraction.removeLast() }
            return (v < 0 && units != 0 ? "-" : "") + String(units / 1000) + "." + fraction
        }
        var g = XorShift(state: 0x2545_f491_4f6c_dd1d)
        var values: [Double] = [
            0, -0.0, 0.0005, -0.0004, 1, 120, 0.4, 33.333, 378.125, -12.5, 999.9995, 1e12 + 0.25,
            4_294_967_295.5, 4_294_967_296.001, -5e9 - 0.125, 99_999.99, 100_000.01, 9.5, 10,
            // Either side of the 32-bit path's end (4 294 967.295) and of its digit pairs.
            4_294_967.2944, 4_294_967.2946, 4_294_967.295, -4_294_967.2949, 9_999.9996, 99.9995, 9.9995,
        ]
        for _ in 0..<20_000 { values.append(Double.random(in: -5_000..<5_000, using: &g)) }
        for _ in 0..<2_000 { values.append(Double.random(in: 10_000..<4_400_000, using: &g)) }  // five to seven digits
        for _ in 0..<2_000 { values.append(Double.random(in: -1e13..<1e13, using: &g)) }  // beyond 32 bits
        for v in values {
            var b = TextBuffer()
            b.write(maxBytes: 64) { w in w.write(compact: v) }
            #expect(b.string == reference(v), "\(v)")
        }
    }

    @Test func decimalsAreWhatTheStandardLibraryWrites() {
        // The one- and two-digit quick path, its edges and the general path either side.
        var values: [Int64] = Array(-120...120) + [999, 1_000, Int64(Int32.max), Int64(Int32.min), .max, .min]
        var g = XorShift(state: 0x1234_5678_9abc_def1)
        for _ in 0..<2_000 { values.append(Int64.random(in: -1_000_000...1_000_000, using: &g)) }
        for v in values {
            var b = TextBuffer()
            b.write(maxBytes: 64) { w in w.write(decimal: v) }
            #expect(b.string == String(v), "\(v)")
        }
    }

    @Test func repeatedBytesAreTheSameNumberWrittenAgain() {
        var b = TextBuffer()
        b.write(maxBytes: 128) { w in
            w.write("[")
            let start = w.count
            w.write(compact: 378.125)
            w.write(",")
            w.write(compact: -0.5)
            let length = w.count - start
            w.write("] [")
            w.repeatBytes(from: start, count: length)
            w.write("]")
        }
        #expect(b.string == "[378.125,-0.5] [378.125,-0.5]")
    }
}

/// A seeded generator, so the values tried are the same every run.
struct XorShift: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}
