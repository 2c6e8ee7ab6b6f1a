import Output
import Testing

/// The rate limit of lines a person reads: a burst, then a steady rate, the rest counted.
@Suite("A token bucket")
struct TokenBucketTests {
    /// Whether each of `count` lines at `time` may be written.
    func takes(_ b: inout TokenBucket, _ count: Int, at time: Double) -> [Bool] {
        (0..<count).map { _ in b.take(at: time) }
    }

    @Test func aBurstThenTheRateAndTheRefusedCounted() {
        var b = TokenBucket(burst: 3, perSecond: 2)
        #expect(takes(&b, 5, at: 10) == [true, true, true, false, false])
        #expect(b.refused == 2)
        // Half a second: one more line.
        #expect(takes(&b, 2, at: 10.5) == [true, false])
        let refused = b.takeRefused()
        #expect(refused == 3)
        #expect(b.refused == 0)
    }

    @Test func aLongQuietRefillsOnlyToTheBurst() {
        var b = TokenBucket(burst: 2, perSecond: 1)
        #expect(takes(&b, 2, at: 0) == [true, true])
        #expect(takes(&b, 4, at: 1000) == [true, true, false, false])
    }

    @Test func aClockThatGoesBackGivesNothingExtra() {
        var b = TokenBucket(burst: 1, perSecond: 1)
        #expect(takes(&b, 1, at: 5) == [true])
        #expect(takes(&b, 1, at: 1) == [false])
    }
}
