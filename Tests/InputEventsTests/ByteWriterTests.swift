@testable import InputEvents
import Testing

/// The writer's own rounding against the standard library's, and a number written once and
/// repeated: both are on the log's hot path, and neither may change a byte.
@Suite("Writing numbers into reserved room")
struct ByteWriterTests {
    @Test func roundingIsHalfAwayFromZeroAsTheStandardLibrarysIs() {
        var values: [Double] = [0, 0.5, 1.5, 2.5, 0.49999999999999994, 1.4999999999999998, 4_503_599_627_370_495.5,
                                4_503_599_627_370_497, 8.9e18, 123_456.5, 99.999_999_999]
        var g = XorShift(state: 0x9e37_79b9_7f4a_7c15)   // the same values every run
        for _ in 0..<10_000 { values.append(Double.random(in: 0..<1e7, using: &g)) }
        for _ in 0..<1_000 { values.append(Double(Int.random(in: 0..<1_000_000, using: &g)) + 0.5) }
        for y in values {
            #expect(ByteWriter.roundedUnits(y) == UInt64(y.rounded()), "\(y)")
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
