import Foundation
import Glibc
import ProgramTestSupport
import Testing

/// Settings a careless integrator gets wrong are said, not silently ignored: a screen unlike
/// the scene's, a touch where no window is, a panel rule that names no panel, absurd sizes.
@Suite("Careless settings are said")
struct CarelessSettingsTests {
    let kiosk = repositoryDirectory + "/examples/kiosk.json"
    let recording = repositoryDirectory + "/examples/kiosk.evemu"

    @Test func aScreenUnlikeTheScenesIsSaidOnceAndSoIsATouchOnNoWindow() throws {
        let p = try Spawned(touchbridgeExecutable, ["run", "--scene", kiosk, "--screen", "1920x1080", recording])
        #expect(p.wait() == 0)
        let said = p.errors.split(separator: "\n")
        #expect(
            said.filter {
                $0.contains("--screen 1920x1080 is not the screen the scene is laid out for (800x480, its 'screen')")
            }.count == 1, "\(p.errors)")
        // The kiosk's taps land at 2.4 times their place: the first outside the window is said, once.
        #expect(said.filter { $0.contains("where the scene has no window (the screen is 1920x1080)") }.count == 1)
    }

    /// Noise settings under which no touch anywhere could pass are refused with the range.
    @Test(arguments: ["edge:1000000", "pressure:1", "palm:0.000001"])
    func aNoiseSettingThatLetsNothingPassIsRefused(_ setting: String) throws {
        let p = try Spawned(touchbridgeExecutable, ["run", "--noise-filter", setting, recording])
        #expect(p.wait() == 64)
        #expect(p.errors.contains("'\(setting)' sets the"), "\(p.errors)")
    }

    /// kiosk.evemu pressed at 40 % of its pressures: every tap held as too light, and said once
    /// to be likely set wrong; a border as wide as the panel is turned off and said.
    @Test func rulesThatLetNoTouchThroughAreSaid() throws {
        let text = try String(contentsOfFile: recording, encoding: .utf8)
        let light = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let w = line.split(separator: " ")
            guard w.count >= 5, w[0] == "E:", w[2] == "0003", w[3] == "003a", let v = Int(w[4].prefix(4)) else {
                return String(line)
            }
            return "E: \(w[1]) 0003 003a " + String(format: "%04d", v * 4 / 10)
        }
        let path = testTemporaryDirectory + "/light-fingers.evemu"
        try light.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let p = try Spawned(touchbridgeExecutable, ["run", "--noise-filter", "all", "--scene", kiosk, path])
        #expect(p.wait() == 0)
        let said = p.errors.split(separator: "\n").filter {
            $0.contains("has let none of this panel's touches through")
        }
        #expect(said.count == 1, "\(p.errors)")
        #expect(said.first?.contains("(pressure 5)") == true, "\(p.errors)")
        #expect(!p.output.contains("action "), "no tap went through: \(p.output)")
        let wide = try Spawned(touchbridgeExecutable, ["run", "--noise-filter", "edge:3000", recording])
        #expect(wide.wait() == 0)
        #expect(wide.errors.contains("edge:3000 is off on this panel"), "\(wide.errors)")
        #expect(wide.output.contains("touchesBegan"), "the taps go through: \(wide.output)")
    }

    @Test func theScenesOwnScreenSaysNothing() throws {
        let p = try Spawned(touchbridgeExecutable, ["run", "--scene", kiosk, "--screen", "800x480", recording])
        #expect(p.wait() == 0)
        #expect(!p.errors.contains("is not the screen"), "\(p.errors)")
        #expect(!p.errors.contains("no window"), "\(p.errors)")
    }

    @Test func aPanelRuleThatNamesNoPanelIsSaidOnceEach() throws {
        let p = try Spawned(
            touchbridgeExecutable,
            [
                "run", "--scene", kiosk, "--mask", "kiosk-panl=0 0 60 60", "--mask", "kiosk-panl=0 0 60 60",
                "--hysteresis", "touchbridge example panel=0.5", recording,
            ])
        #expect(p.wait() == 0)
        let said = p.errors.split(separator: "\n").filter { $0.contains("matches no recorded panel") }
        #expect(
            said == [
                "touchbridge: --mask 'kiosk-panl' matches no recorded panel (\(recording) 'touchbridge example panel'): not applied"
            ], "\(p.errors)")
    }

    @Test(arguments: ["-800x480", "99999999999x99999999999", "800x0", "inf x480"])
    func anAbsurdScreenIsRefusedWithTheRange(screen: String) throws {
        let p = try Spawned(touchbridgeExecutable, ["run", "--screen", screen, recording])
        #expect(p.wait() == 64)
        #expect(
            p.errors.contains(
                "--screen takes WIDTHxHEIGHT in points, each side above 0 and at most 100000, e.g. 1280x800 (not '\(screen)')"
            ), "\(p.errors)")
    }

    @Test func anAbsurdDurationIsRefusedWithTheRange() throws {
        for (option, value) in [("--ghost-after", "1e300"), ("--socket-stall-limit", "inf")] {
            let p = try Spawned(touchbridgeExecutable, ["run", option, value, recording])
            #expect(p.wait() == 64)
            #expect(p.errors.contains("\(option) takes a number of seconds above 0 to 86400 (a day)"), "\(p.errors)")
        }
    }
}
