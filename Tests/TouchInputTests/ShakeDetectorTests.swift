import InputEvents
import Testing
import TouchInput

/// The shake detector on synthetic accelerometer streams (256 units/g, 100 Hz): a resting
/// device and a slow tilt are no shake; a shake begins after its minimum time, ends after the
/// settling time, is cancelled when it runs too long or the device goes.
@Suite("Shakes from an accelerometer")
struct ShakeDetectorTests {
    static let k = Kernel.self
    static let accelerometer = DeviceDescription(
        name: "test accelerometer", id: InputID(bustype: 0x19, vendor: 1, product: 1, version: 1),
        properties: BitSet([k.INPUT_PROP_ACCELEROMETER]),
        codes: [k.EV_SYN: BitSet([k.SYN_REPORT]), k.EV_ABS: BitSet([k.ABS_X, k.ABS_Y, k.ABS_Z])],
        absInfo: [
            k.ABS_X: AbsInfo(minimum: -1024, maximum: 1023, resolution: 256),
            k.ABS_Y: AbsInfo(minimum: -1024, maximum: 1023, resolution: 256),
            k.ABS_Z: AbsInfo(minimum: -1024, maximum: 1023, resolution: 256),
        ])

    /// Feeds samples (in g) at 100 Hz from `start`; returns the changes with their times.
    static func feed(_ d: inout ShakeDetector, from start: Double, _ samples: [(Double, Double, Double)])
        -> [ShakeDetector.Change]
    {
        var out: [ShakeDetector.Change] = []
        for (i, s) in samples.enumerated() {
            let t = EventTime(totalMicroseconds: Int64(((start + Double(i) * 0.01) * 1e6).rounded()))
            for (code, v) in [(k.ABS_X, s.0), (k.ABS_Y, s.1), (k.ABS_Z, s.2)] {
                _ = d.process(InputEvent(time: t, type: k.EV_ABS, code: code, value: Int32((v * 256).rounded())))
            }
            if let c = d.process(InputEvent(time: t, type: k.EV_SYN, code: k.SYN_REPORT, value: 0)) { out.append(c) }
        }
        return out
    }

    static func flat(_ n: Int, noise: Double = 0.01) -> [(Double, Double, Double)] {
        (0..<n).map { i in (noise * Double(i % 3 - 1), noise * Double(i % 2), 1) }
    }

    static func shaking(_ n: Int, hz: Double = 6, g: Double = 1.5) -> [(Double, Double, Double)] {
        (0..<n).map { i in (g * sinForTests(2 * Double.pi * hz * Double(i) * 0.01), 0, 1) }
    }

    @Test func aRestingDeviceAndASlowTiltAreNoShake() {
        var d = ShakeDetector(description: Self.accelerometer)
        var changes = Self.feed(&d, from: 1, Self.flat(200))
        // 90° over 3 s.
        let tilt = (0..<300).map { i -> (Double, Double, Double) in
            let a = Double(i + 1) / 300 * Double.pi / 2
            return (sinForTests(a), 0, sinForTests(Double.pi / 2 - a))
        }
        changes += Self.feed(&d, from: 3, tilt)
        #expect(changes.isEmpty)
        #expect(d.deadline == nil)
        #expect(!d.isShaking)
    }

    @Test func aShakeBeginsAfterItsMinimumTimeAndEndsWhenCalm() {
        var d = ShakeDetector(description: Self.accelerometer)
        _ = Self.feed(&d, from: 1, Self.flat(100))
        let during = Self.feed(&d, from: 2, Self.shaking(80))
        #expect(during.count == 1)
        guard case .began(let t) = during.first else {
            Issue.record("no began: \(during)")
            return
        }
        // Shaking is first seen a few samples in; it must last 0.15 s before the shake begins.
        #expect(t >= 2.15)
        #expect(t < 2.3)
        #expect(d.isShaking)
        #expect(d.deadline != nil)
        let after = Self.feed(&d, from: 2.8, Self.flat(100))
        guard case .ended(let e) = after.first, after.count == 1 else {
            Issue.record("no end: \(after)")
            return
        }
        // The last strong sample, plus the 0.4 s settling time.
        #expect(e > 2.8)
        #expect(e <= 2.8 + 0.4 + 0.01)
    }

    @Test func aBriefJoltIsNoShake() {
        var d = ShakeDetector(description: Self.accelerometer)
        _ = Self.feed(&d, from: 1, Self.flat(100))
        let jolt = [(2.0, 0.0, 1.0), (-1.5, 0.0, 1.0), (0, 0, 1.0)] + Self.flat(100)
        #expect(Self.feed(&d, from: 2, jolt).isEmpty)
    }

    @Test func aShakeThatRunsTooLongIsCancelledAndNeedsCalmBeforeTheNext() {
        var d = ShakeDetector(description: Self.accelerometer)
        _ = Self.feed(&d, from: 1, Self.flat(100))
        let changes = Self.feed(&d, from: 2, Self.shaking(700))
        #expect(changes.count == 2)
        guard case .began(let b) = changes.first, case .cancelled(let c) = changes.last else {
            Issue.record("\(changes)")
            return
        }
        #expect(abs(c - b - 5) < 0.2)  // five seconds after the shaking started
        #expect(!d.isShaking)
    }

    @Test func timePassingWithoutSamplesEndsAShake() {
        var d = ShakeDetector(description: Self.accelerometer)
        _ = Self.feed(&d, from: 1, Self.flat(100))
        _ = Self.feed(&d, from: 2, Self.shaking(40))
        let deadline = d.deadline
        #expect(deadline != nil)
        #expect(d.advance(to: (deadline ?? 0) - 0.01) == nil)
        #expect(d.advance(to: deadline ?? 0) == .ended(deadline ?? 0))
    }

    @Test func theDeviceGoingAwayCancelsAShake() {
        var d = ShakeDetector(description: Self.accelerometer)
        _ = Self.feed(&d, from: 1, Self.flat(100))
        _ = Self.feed(&d, from: 2, Self.shaking(40))
        #expect(d.cancel(at: 2.5) == .cancelled(2.5))
        #expect(d.cancel(at: 2.6) == nil)
    }

    @Test func onlyAccelerometersQualify() {
        #expect(ShakeDetector.isAccelerometer(Self.accelerometer))
        var notOne = Self.accelerometer
        notOne.properties = BitSet([Self.k.INPUT_PROP_DIRECT])
        #expect(!ShakeDetector.isAccelerometer(notOne))
    }
}

/// sin without Foundation (a short Taylor series after range reduction; enough for tests).
func sinForTests(_ x: Double) -> Double {
    var a = x.truncatingRemainder(dividingBy: 2 * Double.pi)
    if a > Double.pi { a -= 2 * Double.pi } else if a < -Double.pi { a += 2 * Double.pi }
    var term = a
    var sum = a
    for n in 1..<12 {
        term *= -a * a / Double((2 * n) * (2 * n + 1))
        sum += term
    }
    return sum
}
