import Foundation
import Glibc
import ProgramTestSupport
import Testing

/// The noise rules on a recording of every phantom pattern, each beside a real finger's control
/// on its own button (`examples/phantom-touches.evemu` on a 4x4 grid of buttons b<col><row>,
/// whose scene turns every rule on): off, every phantom presses its button; on, none does, every
/// control does, and each filtered touch is said.
@Suite("Phantom touches filtered before a button")
struct PhantomTouchTests {
    let scene = repositoryDirectory + "/examples/phantom-touches.json"
    let recording = repositoryDirectory + "/examples/phantom-touches.evemu"
    /// Where each pattern's phantoms land, and its control.
    let phantoms = ["b00", "b33", "b13", "b20", "b02", "b12", "b03"]
    let controls = ["b10", "b11", "b30", "b32", "b22", "b23"]

    func actions(_ arguments: [String]) throws -> (counts: [String: Int], run: Spawned) {
        let p = try Spawned(touchbridgeExecutable, ["run", "--json", "--scene", scene] + arguments + [recording])
        #expect(p.wait() == 0, "\(p.errors)")
        var counts: [String: Int] = [:]
        for line in p.output.split(separator: "\n") where line.contains("\"event\":\"action\"") {
            if let r = line.range(of: #""action":"b\d\d""#, options: .regularExpression) {
                counts[String(line[r].dropFirst(10).dropLast()), default: 0] += 1
            }
        }
        return (counts, p)
    }

    @Test func withoutTheFiltersEveryPhantomPressesItsButton() throws {
        let (counts, run) = try actions(["--noise-filter", "none"])
        for b in phantoms { #expect(counts[b] == 1, "\(b): \(counts)") }
        #expect(counts["b01"] == 4, "the periodic phantom's four landings: \(counts)")
        #expect(!run.output.contains("\"noise\""))
    }

    @Test func withThemNoPhantomPressesAndEveryControlDoes() throws {
        let (counts, run) = try actions([])
        for b in phantoms { #expect(counts[b] == nil, "\(b) pressed: \(counts)") }
        for b in controls { #expect(counts[b] == 1, "\(b): \(counts)") }
        #expect(counts["b21"] == 5, "five taps of a real finger on one button: \(counts)")
        // A periodic phantom's first two landings are taps like any; from its third it is held.
        #expect(counts["b01"] == 2, "\(counts)")
        let said = run.output.split(separator: "\n").filter { $0.contains("\"event\":\"noise\"") }
        let rules = said.compactMap { l in l.range(of: #""rule":"[a-z-]+""#, options: .regularExpression).map { l[$0] }
        }
        #expect(
            rules.map { String($0.dropFirst(8).dropLast()) } == [
                "far-apart", "far-apart", "aligned", "single-position", "repeating", "repeating", "edge", "pressure",
                "palm",
            ], "\(said)")
        #expect(run.errors.contains("filtered as noise (far-apart)"), "\(run.errors)")
    }

    @Test func oneRuleAloneFiltersOnlyItsPattern() throws {
        let (counts, _) = try actions(["--noise-filter", "edge"])
        #expect(counts["b02"] == nil, "\(counts)")
        for b in phantoms where b != "b02" { #expect(counts[b] == 1, "\(b): \(counts)") }
    }

    @Test func aPanelNamedByMatchGetsTheRulesAndAnotherNameNone() throws {
        let named = try actions(["--noise-filter", "none", "--noise-filter", "touchbridge example panel=palm"])
        #expect(named.counts["b03"] == nil, "\(named.counts)")
        #expect(named.counts["b02"] == 1, "\(named.counts)")
        let other = try actions(["--noise-filter", "none", "--noise-filter", "another panel=palm"])
        #expect(other.counts["b03"] == 1, "\(other.counts)")
        #expect(
            other.run.errors.contains("--noise-filter 'another panel' matches no recorded panel"), "\(other.run.errors)"
        )
    }

    @Test func theScenesKeyIsTheDefaultAndAWrongRuleThereIsSaidWithItsPlace() throws {
        let text = try String(contentsOfFile: scene, encoding: .utf8)
        let pressure = temporaryPath("phantom-pressure.json")
        try text.replacingOccurrences(of: "\"noiseFilters\": \"all\"", with: "\"noiseFilters\": [\"pressure\"]")
            .write(toFile: pressure, atomically: true, encoding: .utf8)
        let p = try Spawned(touchbridgeExecutable, ["run", "--json", "--scene", pressure, recording])
        #expect(p.wait() == 0, "\(p.errors)")
        #expect(p.output.contains("\"rule\":\"pressure\""), "\(p.output)")
        #expect(!p.output.contains("\"action\":\"b12\""))
        #expect(p.output.contains("\"action\":\"b03\""), "the palm rule is not on: \(p.output)")
        let bad = temporaryPath("phantom-bad.json")
        try text.replacingOccurrences(of: "\"noiseFilters\": \"all\"", with: "\"noiseFilters\": \"pressur\"")
            .write(toFile: bad, atomically: true, encoding: .utf8)
        let refused = try Spawned(touchbridgeExecutable, ["run", "--scene", bad, recording])
        #expect(refused.wait() == 65)
        #expect(refused.errors.contains("noiseFilters: expected"), "\(refused.errors)")
        #expect(refused.errors.contains("(line 2)"), "\(refused.errors)")
        #expect(refused.errors.contains("'pressur' names no rule"), "\(refused.errors)")
    }

    @Test(arguments: ["bogus", "all,edge", "pressure:7"])
    func aWrongListIsAUsageError(list: String) throws {
        let p = try Spawned(touchbridgeExecutable, ["run", "--noise-filter", list, recording])
        #expect(p.wait() == 64)
        #expect(p.errors.contains("--noise-filter takes [MATCH=]all|none|RULE[:VALUE]"), "\(p.errors)")
    }
}
