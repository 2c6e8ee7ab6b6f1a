import Testing
import TouchKit
import TouchTools

@testable import TouchScene

/// `watch`'s model: contacts and their half-second trails, marks that fade, the report rate
/// now and since start, the most contacts at once, the coverage grid, and `c` clearing.
@Suite("Watch model")
struct WatchModelTests {
    func update(_ id: UInt64, _ phase: Touch.Phase, _ x: Double, _ y: Double, slot: Int = 0) -> TouchUpdate {
        TouchUpdate(identifier: id, phase: phase, location: Point(x: x, y: y), slot: slot)
    }

    @Test func trailsAndMarksKeepHalfASecond() {
        var m = WatchModel(screen: Size(width: 800, height: 480))
        m.touches([update(1, .began, 100, 100)], at: 0)
        for i in 1...10 { m.touches([update(1, .moved, 100 + Double(i) * 10, 100)], at: Double(i) * 0.1) }
        let c = m.contacts[0]
        #expect(c.location == Point(x: 200, y: 100))
        #expect(
            c.trail.map(\.time).first.map { $0 >= 0.5 - 1e-9 } == true,
            "nothing older than 0.5 s: \(c.trail.map(\.time))")
        #expect(c.trail.count == 6, "0.5 … 1.0 s")
        #expect(m.marks.isEmpty, "the began mark faded")
        m.touches([update(1, .cancelled, 200, 100)], at: 1.1)
        #expect(m.contacts.isEmpty)
        #expect(m.marks.map(\.kind) == [.cancelled])
        m.advance(to: 1.7)
        #expect(m.marks.isEmpty)
    }

    @Test func ratesMostAtOnceAndCoverage() {
        var m = WatchModel(screen: Size(width: 800, height: 400), coverageColumns: 4, coverageRows: 2)
        for i in 0..<200 { m.reportFrame(at: Double(i) * 0.01) }  // 100 Hz for 2 s
        #expect(m.rateNow == 100)
        #expect(abs(m.rateSinceStart - 100) < 1e-6)
        m.touches([update(1, .began, 10, 10), update(2, .began, 790, 390, slot: 1)], at: 2)
        m.touches([update(3, .began, 450, 10, slot: 2)], at: 2.01)
        m.touches([update(3, .ended, 450, 10, slot: 2)], at: 2.02)
        #expect(m.mostAtOnce == 3)
        #expect(m.contacts.count == 2)
        #expect(
            m.coverage == [
                true, false, true, false,
                false, false, false, true,
            ])
        m.clear()
        #expect(m.frames == 0)
        #expect(m.mostAtOnce == 2)
        #expect(!m.coverage.contains(true))
        #expect(m.contacts.count == 2)
    }

    @Test func theRateAtOneKilohertzOverSeconds() {
        var m = WatchModel(screen: Size(width: 800, height: 480))
        for i in 0..<5000 { m.reportFrame(at: Double(i) * 0.001) }  // 5 s at 1 kHz
        // ±1: the window's edge in floating point.
        #expect(abs(m.rateNow - 1000) <= 1, "\(m.rateNow)")
        #expect(m.frames == 5000, "\(m.rateNow)")
    }
}
