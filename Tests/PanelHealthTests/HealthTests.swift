import InputEvents
import PanelHealth
import Testing

@Suite("Panel health on synthetic recordings")
struct HealthTests {
    /// A finger sliding at 60 Hz for 2 s, resting still (no reports) for 0.5 s, then sliding
    /// on for 1 s: the rate is the panel's 60 Hz and the rest is one idle gap, left out.
    @Test func rateOfASixtyHertzPanel() {
        var p = SyntheticPanel()
        let period = 1.0 / 60
        var t = 1.0
        var x: Int32 = 100
        for _ in 0..<120 {
            p.frame(t, [(0, (x, 500))])
            t += period
            x += 7
        }
        t += 0.5
        for _ in 0..<60 {
            p.frame(t, [(0, (x, 500))])
            t += period
            x += 7
        }
        p.frame(t, [(0, nil)])
        let r = p.report()
        #expect(abs((r.rate.meanHz ?? 0) - 60) < 0.1)
        #expect(abs((r.rate.median ?? 0) - period) < 0.0001)
        #expect(r.rate.idleGaps == 1)
        #expect((r.rate.maximum ?? 1) < period * 1.01)
        #expect(r.perContact.count == 1)
        #expect(r.perContact[0].reports == 181)
        #expect(r.contacts == 1)
        #expect(r.maxSimultaneous == 1)
        #expect(r.stuck.isEmpty)
        #expect(r.ghosts == 0)
    }

    /// A finger resting for 1 s at 100 Hz, its x alternating 3 units either side of where it
    /// landed and its y 1 unit: σ ≈ 3 and 1 units (0.3 and 0.1 mm at 10 units/mm), ranges 6
    /// and 2.
    @Test func jitterOfARestingFinger() throws {
        var p = SyntheticPanel()
        p.frame(1.0, [(0, (2000, 1000))])
        for i in 1...100 {
            let s: Int32 = i % 2 == 0 ? 1 : -1
            p.frame(1.0 + Double(i) * 0.01, [(0, (2000 + 3 * s, 1000 + s))])
        }
        p.frame(2.02, [(0, nil)])
        let j = try #require(p.report().jitter)
        #expect(j.restingPeriods == 1)
        #expect(abs(j.stddev.x - 3) < 0.05)
        #expect(abs(j.stddev.y - 1) < 0.02)
        #expect(j.range.x == 6)
        #expect(j.range.y == 2)
        #expect(abs((j.stddevMM?.x ?? 0) - 0.3) < 0.005)
        #expect(abs((j.rangeMM?.y ?? 0) - 0.2) < 0.0001)
    }

    /// Three one-frame ghosts at one spot, one elsewhere, and a finger that jumps 200 mm in a
    /// frame: four short-lived ghosts, one jump, one recurring spot of three with a mask around it.
    @Test func ghostsAndWhereTheyRecur() {
        var p = SyntheticPanel()
        let period = 1.0 / 60
        // A real finger first, so the panel's period is known.
        var t = 1.0
        for i in 0..<30 {
            p.frame(t, [(0, (Int32(100 + i * 5), 100))])
            t += period
        }
        p.frame(t, [(0, nil)])
        t += 0.5
        for dx: Int32 in [0, 4, -3] {
            p.frame(t, [(1, (3000 + dx, 1500))])
            t += period
            p.frame(t, [(1, nil)])
            t += 0.5
        }
        p.frame(t, [(1, (500, 1800))])
        t += period
        p.frame(t, [(1, nil)])
        t += 0.5
        for i in 0..<10 {
            let x: Int32 = i == 5 ? 2600 : Int32(600 + i * 5)  // 2 000 units = 200 mm in 1/60 s
            p.frame(t, [(2, (x, 900))])
            t += period
        }
        p.frame(t, [(2, nil)])
        let r = p.report()
        #expect(r.shortGhosts.count == 4)
        #expect(r.jumps == 2)  // there and back
        #expect(r.ghosts == 6)
        #expect(r.ghostSpots.count == 1)
        if let spot = r.ghostSpots.first {
            #expect(spot.count == 3)
            #expect(spot.mask.x <= 2997)
            #expect(spot.mask.x + spot.mask.width >= 3004)
            #expect(spot.mask.y <= 1500)
            #expect(spot.mask.y + spot.mask.height >= 1500)
        }
    }

    /// A finger down with no report for 8 s, then lifted; another still down and silent for
    /// 6 s when the recording ends: both stuck, with their silences.
    @Test func stuckContacts() {
        var p = SyntheticPanel()
        p.frame(1.0, [(0, (100, 100))])
        p.frame(1.01, [(0, (102, 100))])
        p.frame(9.01, [(0, nil)])
        p.frame(10.0, [(1, (900, 900))])
        p.frame(16.0, [(3, (50, 50))])
        let r = p.report()
        #expect(r.stuck.map(\.slot) == [0, 1])
        #expect(abs(r.stuck[0].silence - 8) < 0.001)
        #expect(abs(r.stuck[1].silence - 6) < 0.001)
        var strict = HealthSettings()
        strict.stuckAfter = 7
        #expect(p.report(settings: strict).stuck.map(\.slot) == [0])
    }

    /// Painting every cell but the top-left 2×2 (a dead corner): 140 of 144 cells touched,
    /// the corner's cells empty in the grid.
    @Test func coverageShowsADeadCorner() {
        var p = SyntheticPanel()
        var t = 1.0
        for row in 0..<9 {
            for col in 0..<16 where !(row < 2 && col < 2) {
                let x = Int32(Double(col) * 250 + 125)
                let y = Int32(Double(row) * 2000 / 9 + 100)
                p.frame(t, [(0, (x, y))])
                t += 0.01
                p.frame(t, [(0, (x + 1, y))])
                t += 0.01
                p.frame(t, [(0, nil)])
                t += 0.05
            }
        }
        let c = p.report().coverage
        #expect(c.touched == 140)
        #expect(c.counts[0][0] == 0)
        #expect(c.counts[1][1] == 0)
        #expect(c.counts[0][2] > 0)
        #expect(c.counts[8][15] > 0)
    }

    /// Three fingers at once, SYN_DROPPED, pressure seen against the declared range.
    @Test func countsAndRanges() {
        var p = SyntheticPanel()
        p.frame(1.0, [(0, (100, 100)), (1, (200, 200)), (2, (300, 300))], pressure: 40)
        p.frame(1.01, [(0, (101, 100)), (1, (201, 200)), (2, (301, 300))], pressure: 90)
        p.dropped(1.02)
        p.frame(1.03, [(0, nil), (1, nil), (2, nil)])
        let r = p.report()
        #expect(r.maxSimultaneous == 3)
        #expect(r.slots == 10)
        #expect(r.synDropped == 1)
        #expect(r.pressure?.seen?.minimum == 40)
        #expect(r.pressure?.seen?.maximum == 90)
        #expect(r.pressure?.declared?.maximum == 255)
    }

    @Test func failCriteria() throws {
        var p = SyntheticPanel()
        for i in 0..<60 { p.frame(1.0 + Double(i) / 60, [(0, (Int32(100 + i), 100))]) }
        p.frame(2.0, [(0, nil)])
        let r = p.report()
        let met = try FailCriteria(parsing: "rate<100, ghosts>0,jitter<=1").met(by: r)
        // The rate (60 Hz) is under 100; no ghost; no resting finger, so jitter is unavailable.
        #expect(met.map(\.criterion.figure) == ["rate", "jitter"])
        #expect(met[1].value == nil)
        #expect(try FailCriteria(parsing: "rate<50").met(by: r).isEmpty)
        #expect(throws: HealthUsageError.self) { try FailCriteria(parsing: "speed<3") }
        #expect(throws: HealthUsageError.self) { try FailCriteria(parsing: "rate<fast") }
        do {
            _ = try FailCriteria(parsing: "jitter>0.1mm")
            Issue.record("a unit is not a number")
        } catch {
            #expect("\(error)" == "--fail-on: '0.1mm' in 'jitter>0.1mm' is not a number", "the criterion as written")
        }
    }

    @Test func jsonIsOneObjectWithTheFigures() {
        var p = SyntheticPanel()
        for i in 0..<10 { p.frame(1.0 + Double(i) / 100, [(0, (Int32(100 + i), 100))]) }
        p.frame(1.2, [(0, nil)])
        let text = HealthJSON.write(p.report())
        #expect(text.hasPrefix("{\"device\":\"synthetic panel\""))
        #expect(text.hasSuffix("}\n"))
        #expect(text.filter { $0 == "\n" }.count == 1)
        #expect(text.contains("\"meanHz\":100.0"))
        #expect(text.contains("\"grid\":[\""))
    }
}
