import Host
import InputEvents
import Pipeline
import Testing
import TouchInput

/// A panel's noise rules as its placement reads them: udev's property, the command line's
/// rule over it, a malformed property said and ignored.
struct NoisePlacementTests {
    @Test func udevsPropertyPutsThemOnAndTheCommandLineWins() throws {
        var info = InputDeviceInfo(
            devnode: "/dev/input/event7", syspath: "", name: "P", kinds: ["touchscreen"], calibration: nil,
            calibrationText: nil, widthMM: nil, heightMM: nil, idPath: "platform-x", isInitialized: true)
        info.properties = ["TOUCHBRIDGE_NOISE_FILTERS": "repeating, edge:2"]
        var warnings: [String] = []
        var options = RunOptions()
        let udev = options.placement(node: "/dev/input/event7", name: "P", info: info) { warnings.append($0) }
        #expect(udev.noise?.rules == NoiseRules(.repeating).union(NoiseRules(.edge)))
        #expect(udev.noise?.settings.edgeUnits == 2)
        options.rules.noise = [(PanelMatch("platform-x"), .none)]
        let cli = options.placement(node: "/dev/input/event7", name: "P", info: info) { warnings.append($0) }
        #expect(cli.noise == NoiseChoice.none)
        info.properties = ["TOUCHBRIDGE_NOISE_FILTERS": "edge\n<0>forged"]
        let bad = RunOptions().placement(node: "/dev/input/event7", name: "P", info: info) { warnings.append($0) }
        #expect(bad.noise == nil)
        #expect(warnings.count == 1, "\(warnings)")
        let said = try #require(warnings.first)
        #expect(
            said.contains(
                #"ignoring TOUCHBRIDGE_NOISE_FILTERS="edge\u{A}<0>forged" ('edge\u{A}<0>forged' names no rule"#),
            "\(said)")
    }
}
