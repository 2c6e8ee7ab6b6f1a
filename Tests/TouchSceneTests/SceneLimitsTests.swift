import Testing

@testable import TouchScene

/// What a hostile or careless scene file cannot do: give a duration that overflows a timer,
/// or make loading slow with many keys.
@Suite("Scene files: durations and size")
struct SceneLimitsTests {
    func error(_ json: String) -> String { sceneError(json) }

    let window = #"{ "name": "W", "root": { "name": "A" } }"#

    @Test func anIdleTimeBeyondADayIsRefusedWithItsLine() {
        let e = error("{ \"windows\": [\(window)],\n \"idle\": { \"after\": 1e300 } }")
        #expect(e.hasPrefix("s.json: idle.after: expected a number of seconds above 0 to 86400 (a day)"), "\(e)")
        #expect(e.contains("found 1e+300"), "\(e)")
        #expect(e.hasSuffix("(line 2)"), "\(e)")
    }

    @Test func aCommandTimeoutBeyondADayIsRefusedAsAreZeroAndNegativeOnes() {
        for (value, shown) in [("1e19", "1e+19"), ("86400.5", "86400.5"), ("0", "0"), ("-1", "-1")] {
            let e = error(
                "{ \"windows\": [\(window)],\n \"commands\": { \"go\": { \"run\": [\"/bin/true\"], \"timeout\": \(value) } } }"
            )
            #expect(e.hasPrefix("s.json: commands.go.timeout: expected a number of seconds above 0 to 86400"), "\(e)")
            #expect(e.contains("found \(shown)"), "\(e)")
        }
        #expect(
            error("{ \"windows\": [\(window)],\n \"idle\": { \"after\": 5, \"timeout\": 1e19 } }").contains(
                "idle.timeout"))
    }

    @Test func aRecognizersTimesAreDurationsTooButMayBeZero() {
        for (type, key) in [
            ("longPress", "minimumPressDuration"), ("tap", "maximumIntervalBetweenTaps"), ("swipe", "maximumDuration"),
        ] {
            let json =
                #"{ "windows": [ { "name": "W", "root": { "name": "A", "gestures": [ { "name": "g", "type": "\#(type)", "#
                + #""\#(key)": VALUE } ] } } ] }"#
            let e = error(json.replacingOccurrences(of: "VALUE", with: "1e9"))
            #expect(
                e.contains("\(key): expected a number of seconds from 0 to 86400 (a day), found 1000000000"), "\(e)")
            #expect(error(json.replacingOccurrences(of: "VALUE", with: "0")) == "no error")
        }
    }

    @Test func aDayIsAllowed() throws {
        let s = try scene("{ \"windows\": [\(window)], \"idle\": { \"after\": 86400 } }")
        #expect(s.idle?.after == 86_400)
    }

    @Test func twoHundredThousandActionsLoadAndARepeatedKeyAmongThemIsFoundWithItsLine() throws {
        // Lookups and the duplicate check are by key, not by scanning: a scene of 200,000
        // commands is read once through (it would be 4·10^10 comparisons scanned).
        let commands = (0..<200_000).map { "\"a\($0)\": { \"run\": [\"/bin/true\"] }" }
        let s = try scene("{ \"windows\": [\(window)], \"commands\": {\n\(commands.joined(separator: ",\n")) } }")
        #expect(s.commands.count == 200_000)
        #expect(s.commands.last?.action == "a199999")
        let e = error(
            "{ \"windows\": [\(window)], \"commands\": {\n\(commands.joined(separator: ",\n")),\n\"a7\": 1 } }")
        #expect(e.contains("200002:1: expected each key once in an object ('a7' is repeated)"), "\(e)")
    }
}
