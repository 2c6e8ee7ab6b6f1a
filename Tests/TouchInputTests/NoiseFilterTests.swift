import InputEvents
import Testing
import TouchInput

/// Each noise rule as a table of rows (time, slot, touching, position, pressure, size →
/// verdict), with its negative controls: a real finger's touch beside each phantom pattern.
/// The panel has 16 units per millimetre, 4096 units a side (256 mm).
@Suite("Noise rules, table by table")
struct NoiseFilterTests {
    @Test func farApartTapsBeginningTogetherAreBothNoise() {
        var t = NoiseTable("far-apart")
        #expect(
            t.mismatches([
                row(0, 0, true, 100, 100, .pass),
                row(10, 1, true, 3000, 3000, .dropped),
                row(20, 0, true, 100, 101, .cancelled),
                row(30, 1, false, 3000, 3000, .held),
                row(40, 0, false, 100, 101, .held),
            ]) == [])
        #expect(t.rules == [.farApart, .farApart])
        #expect(t.filter.counts[NoiseRule.farApart.rawValue] == 2)
    }

    @Test func farApartControlsTapsApartInTimeNearOrMovingGoOn() {
        var apartInTime = NoiseTable("far-apart")
        #expect(
            apartInTime.mismatches([
                row(0, 0, true, 100, 100, .pass), row(50, 0, false, 100, 100, .pass),
                row(500, 1, true, 3000, 3000, .pass), row(550, 1, false, 3000, 3000, .pass),
            ]) == [])
        var near = NoiseTable("far-apart")
        #expect(
            near.mismatches([
                row(0, 0, true, 1000, 1000, .pass), row(20, 1, true, 1800, 1000, .pass),
                row(80, 0, false, 1000, 1000, .pass), row(90, 1, false, 1800, 1000, .pass),
            ]) == [])
        var moving = NoiseTable("far-apart")
        #expect(
            moving.mismatches([
                row(0, 0, true, 100, 100, .pass), row(10, 0, true, 140, 100, .pass),
                row(20, 1, true, 3000, 3000, .pass), row(30, 0, true, 180, 100, .pass),
            ]) == [])
    }

    @Test func aTouchBeginningInLineWithOneDownIsARowOfNoise() {
        var t = NoiseTable("aligned")
        #expect(
            t.mismatches([
                row(0, 0, true, 1000, 1000, .pass),
                row(100, 1, true, 1002, 3000, .dropped),
                row(110, 1, true, 1002, 3010, .held),
                row(120, 1, false, 1002, 3010, .held),
                row(130, 0, false, 1000, 1000, .pass),
                // The control: a second finger 0.6 mm off in x.
                row(200, 2, true, 1000, 1000, .pass),
                row(300, 3, true, 1010, 3000, .pass),
            ]) == [])
        #expect(t.rules == [.aligned])
    }

    @Test func aSpotThatFiresForMoreThanTwoSecondsIsNoise() {
        var t = NoiseTable("single-position")
        var rows: [NoiseRow] = []
        for i in 0..<10 {
            let ms = Double(i) * 300
            let verdict: NoiseRow.Expect = ms > 2000 ? .dropped : .pass
            rows.append(row(ms, 0, true, 2000, 2000, verdict))
            rows.append(row(ms + 50, 0, false, 2000, 2000, verdict == .pass ? .pass : .held))
        }
        #expect(t.mismatches(rows) == [])
        #expect(t.rules == [.singlePosition, .singlePosition, .singlePosition])
    }

    @Test func aStillTouchOnAFiringSpotIsCancelledAtItsNextReportAndAsItLiftsJudgedOnItsOwnTime() {
        var t = NoiseTable("single-position")
        #expect(
            t.mismatches([
                row(0, 0, true, 2000, 2000, .pass), row(50, 0, false, 2000, 2000, .pass),
                row(1000, 0, true, 2001, 2000, .pass), row(2200, 0, true, 2001, 2001, .cancelled),
                row(2500, 0, false, 2001, 2001, .held),
                // Lifting, a touch is judged on its own time alone: five taps on one point, the
                // last lifting 2.08 s after the first landed, are a finger's.
                row(10_000, 0, true, 1000, 1000, .pass), row(10_080, 0, false, 1000, 1000, .pass),
                row(10_500, 0, true, 1000, 1000, .pass), row(10_580, 0, false, 1000, 1000, .pass),
                row(11_000, 0, true, 1000, 1000, .pass), row(11_080, 0, false, 1000, 1000, .pass),
                row(11_500, 0, true, 1000, 1000, .pass), row(11_580, 0, false, 1000, 1000, .pass),
                row(12_000, 0, true, 1000, 1000, .pass), row(12_080, 0, false, 1000, 1000, .pass),
            ]) == [])
    }

    @Test func aTouchHeldStillOnOnePointForMoreThanTwoSecondsIsNoiseAndOneThatStirsIsNot() {
        var t = NoiseTable("single-position")
        #expect(
            t.mismatches([
                row(0, 0, true, 2000, 2000, .pass), row(3000, 0, false, 2000, 2000, .cancelled),
                row(5000, 1, true, 1000, 1000, .pass), row(5500, 1, true, 1004, 1001, .pass),
                row(8000, 1, false, 1004, 1001, .pass),
            ]) == [])
    }

    @Test func singlePositionControlsARealFingerTappingOneButtonFiveTimes() {
        var taps = NoiseTable("single-position,repeating")
        let places: [(Double, Double)] = [(2000, 2000), (2010, 1995), (1990, 2008), (2005, 2012), (1996, 1990)]
        var rows: [NoiseRow] = []
        for (i, (x, y)) in places.enumerated() {
            rows.append(row(Double(i) * 500, 0, true, x, y, .pass))
            rows.append(row(Double(i) * 500 + 80, 0, false, x, y, .pass))
        }
        #expect(taps.mismatches(rows) == [])
    }

    @Test func aControllersPeriodicPhantomIsHeldFromItsThirdLanding() {
        var t = NoiseTable("repeating")
        let period = 12_864.0
        #expect(
            t.mismatches([
                row(0, 0, true, 500, 2500, .pass), row(60, 0, false, 500, 2500, .pass),
                row(period, 0, true, 500, 2500, .pass), row(period + 60, 0, false, 500, 2500, .pass),
                row(2 * period, 0, true, 500, 2500, .held), row(2 * period + 60, 0, false, 500, 2500, .dropped),
                row(3 * period, 0, true, 500, 2500, .held), row(3 * period + 60, 0, false, 500, 2500, .dropped),
                // A finger there that moves is let through, and the point is no longer periodic.
                row(40_000, 0, true, 500, 2500, .held), row(40_050, 0, true, 600, 2500, .release),
                row(40_100, 0, false, 600, 2500, .pass),
            ]) == [])
        #expect(t.rules == [.repeating, .repeating])
    }

    @Test func repeatingControlsTapsOnOnePointAtIrregularIntervalsAndInAPersonsRhythm() {
        var t = NoiseTable("repeating")
        var rows: [NoiseRow] = []
        for ms in [0.0, 700, 1500, 2100, 3000] {
            rows.append(row(ms, 0, true, 500, 2500, .pass))
            rows.append(row(ms + 60, 0, false, 500, 2500, .pass))
        }
        // Five taps on one point exactly 500 ms apart: faster than any period looked for.
        for i in 0..<5 {
            rows.append(row(5000 + Double(i) * 500, 0, true, 900, 900, .pass))
            rows.append(row(5060 + Double(i) * 500, 0, false, 900, 900, .pass))
        }
        #expect(t.mismatches(rows) == [])
    }

    @Test func aTouchOnTheBorderIsHeldUntilItMovesInwardAndDroppedIfItLiftsFirst() {
        var t = NoiseTable("edge")
        #expect(
            t.mismatches([
                row(0, 0, true, 1, 2000, .held), row(10, 0, true, 1, 2010, .held),
                row(20, 0, true, 30, 2010, .release), row(30, 0, false, 30, 2010, .pass),
                row(100, 1, true, 4095, 1000, .held), row(150, 1, false, 4095, 1000, .dropped),
                // The control: a finger moving off the edge began inside.
                row(200, 2, true, 100, 2000, .pass), row(210, 2, true, 0, 2000, .pass),
                row(220, 2, false, 0, 2000, .pass),
            ]) == [])
        #expect(t.rules == [.edge])
    }

    /// Forty fingers down (a panel of 64 slots), then a forty-first on the border: judged as the
    /// first would be, held, and begun once it moves inward.
    @Test func everyTouchIsJudgedWhateverHowManyAreDown() {
        var t = NoiseTable("edge", description: Panels.multitouch(slots: 64))
        var rows = (0..<40).map { row(Double($0), $0, true, 500 + Double($0) * 50, 2000, .pass) }
        rows += [row(100, 40, true, 1, 1000, .held), row(110, 40, true, 40, 1000, .release)]
        rows += [row(120, 41, true, 4095, 1000, .held), row(130, 41, false, 4095, 1000, .dropped)]
        #expect(t.mismatches(rows) == [])
        #expect(t.rules == [.edge])
    }

    /// A recording whose time runs back: the press after the jump is no bounce of the release
    /// before it, whose time is not comparable with its own.
    @Test func timeThatRunsBackIsNotJudgedAcrossTheJump() {
        var t = NoiseTable("debounce", description: Panels.single())
        #expect(
            t.mismatches([
                row(5000, -1, true, 1000, 1000, .pass), row(5050, -1, false, 1000, 1000, .pass),
                row(2000, -1, true, 1000, 1000, .pass), row(2050, -1, false, 1000, 1000, .pass),
                row(2060, -1, true, 1000, 1000, .dropped), row(2100, -1, false, 1000, 1000, .held),
            ]) == [])
    }

    /// Five touches and not one through: the rules are said to be likely wrong, once.
    @Test func aFilterThatLetsNothingThroughSaysSoOnce() {
        var t = NoiseTable("pressure")
        var said: [Int] = []
        for i in 0..<8 {
            _ = t.play(row(Double(i) * 500, 0, true, 2000, 2000, .held, pressure: 100))
            _ = t.play(row(Double(i) * 500 + 80, 0, false, 2000, 2000, .dropped, pressure: 100))
            if t.filter.swallowsEverything(at: Double(i) * 0.5 + 1.08) { said.append(i) }
        }
        #expect(said == [4], "said at the fifth touch, and only then")
        var fine = NoiseTable("pressure")
        _ = fine.play(row(0, 0, true, 2000, 2000, .pass))
        _ = fine.play(row(80, 0, false, 2000, 2000, .pass))
        for i in 1..<8 {
            _ = fine.play(row(Double(i) * 500, 0, true, 2000, 2000, .held, pressure: 100))
            _ = fine.play(row(Double(i) * 500 + 80, 0, false, 2000, 2000, .dropped, pressure: 100))
        }
        let swallowed = fine.filter.swallowsEverything(at: 100)
        #expect(!swallowed, "one touch went through")
    }

    @Test func aBorderAsWideAsThePanelIsTurnedOffAndSaid() throws {
        let choice = try NoiseChoice.parse("edge:2048,pressure").get()
        let f = try #require(
            NoiseFilter(choice, description: Panels.multitouch(), mapper: ScreenMapper(device: Panels.multitouch())!))
        #expect(!f.rules.contains(.edge))
        #expect(f.rules.contains(.pressure))
        #expect(f.refused?.contains("edge:2048 is off on this panel") == true, "\(f.refused ?? "")")
    }

    @Test func aLightTouchIsHeldUntilItsPressureReachesAFingers() {
        var t = NoiseTable("pressure")
        #expect(
            t.mismatches([
                row(0, 0, true, 1000, 1000, .held, pressure: 500),
                row(10, 0, true, 1000, 1000, .release, pressure: 900),
                row(20, 0, false, 1000, 1000, .pass, pressure: 900),
                row(100, 1, true, 2000, 1000, .held, pressure: 300),
                row(150, 1, false, 2000, 1000, .dropped, pressure: 300),
                // The controls: light but real presses, 0.20 and 0.24 of the axis.
                row(200, 2, true, 1000, 2000, .pass, pressure: 819),
                row(250, 2, false, 1000, 2000, .pass, pressure: 819),
                row(300, 3, true, 1000, 2000, .pass, pressure: 983),
                row(350, 3, false, 1000, 2000, .pass, pressure: 983),
            ]) == [])
    }

    @Test func aTouchAsLargeAsTheAxisAllowsIsAPalm() {
        var t = NoiseTable("palm")
        #expect(
            t.mismatches([
                row(0, 0, true, 1000, 1000, .dropped, major: 4095),
                row(10, 0, false, 1000, 1000, .held, major: 4095),
                row(100, 1, true, 2000, 1000, .pass, major: 200),
                row(110, 1, true, 2000, 1000, .cancelled, major: 4095),
                row(120, 1, false, 2000, 1000, .held, major: 4095),
                // The control: a large but real finger.
                row(200, 2, true, 2000, 2000, .pass, major: 3000),
                row(210, 2, false, 2000, 2000, .pass, major: 3000),
            ]) == [])
    }

    @Test func aResistiveSampleThatJumpsIsDroppedUnlessTheNextFollowsIt() {
        // 100…3999 without a resolution: about 7.7 units a millimetre at 96 dpi on 1920 points.
        var t = NoiseTable("variance", description: Panels.single())
        #expect(
            t.mismatches([
                row(0, -1, true, 1000, 1000, .pass), row(10, -1, true, 1010, 1000, .pass),
                row(20, -1, true, 1020, 1000, .pass), row(30, -1, true, 2000, 2000, .held),
                row(40, -1, true, 1030, 1000, .pass),
                row(50, -1, true, 1100, 1000, .held), row(60, -1, true, 1110, 1000, .pass),
                row(70, -1, false, 1110, 1000, .pass),
            ]) == [])
    }

    @Test func aResistivePressSoonAfterARelease() {
        var t = NoiseTable("debounce", description: Panels.single())
        #expect(
            t.mismatches([
                row(0, -1, true, 1000, 1000, .pass), row(100, -1, false, 1000, 1000, .pass),
                row(120, -1, true, 1000, 1000, .dropped), row(200, -1, false, 1000, 1000, .held),
                row(300, -1, true, 1000, 1000, .pass), row(400, -1, false, 1000, 1000, .pass),
            ]) == [])
    }

    @Test func eachPanelTakesOnlyTheRulesThatReadIt() throws {
        let all = try NoiseChoice.parse("all").get()
        let mt = try #require(
            NoiseFilter(all, description: Panels.multitouch(), mapper: ScreenMapper(device: Panels.multitouch())!))
        #expect(!mt.rules.contains(.variance))
        #expect(!mt.rules.contains(.debounce))
        #expect(mt.rules.contains(.farApart))
        let st = try #require(
            NoiseFilter(all, description: Panels.single(), mapper: ScreenMapper(device: Panels.single())!))
        #expect(st.rules.contains(.debounce))
        #expect(!st.rules.contains(.aligned))
        let none = NoiseFilter(
            try NoiseChoice.parse("variance").get(), description: Panels.multitouch(),
            mapper: ScreenMapper(device: Panels.multitouch())!)
        #expect(none == nil)
    }

    @Test func listsParseWithSettingsAndSayWhatIsWrong() throws {
        #expect(try NoiseChoice.parse("all").get().rules == .all)
        #expect(try NoiseChoice.parse("none").get().rules.isEmpty)
        let c = try NoiseChoice.parse("edge, pressure:0.25,debounce:60").get()
        #expect(c.rules.names == "edge,pressure,debounce")
        #expect(c.settings.pressureFraction == 0.25)
        #expect(c.settings.debounce == 0.060)
        for bad in [
            "bogus", "all,edge", "pressure:2", "pressure:1", "palm:0.000001", "edge:1000000", "edge:-1", "far-apart:x",
            "",
        ] {
            guard case .failure(let e) = NoiseChoice.parse(bad) else {
                Issue.record("'\(bad)' was taken")
                continue
            }
            #expect(e.description.contains("rules: all, none, far-apart"))
        }
    }
}
