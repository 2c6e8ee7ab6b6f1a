import Testing

@testable import LivePanels
@testable import Pipeline

/// Which panels `--reset-on-wake` resets when a display comes back on.
@Suite struct SilentPanelsTests {
    typealias R = SilentPanels.Reading

    @Test func aPanelSilentFromTheDisplaysDarkToItsLightIsResetAndOneThatSpokeIsNot() {
        var s = SilentPanels()
        #expect(
            s.displays(["HDMI-A-1": true, "DP-1": true], panels: []) == .init(), "the first news only sets the states")
        let before = [R(panel: 1, output: "HDMI-A-1", events: 40), R(panel: 2, output: "HDMI-A-1", events: 12)]
        #expect(s.displays(["HDMI-A-1": false, "DP-1": true], panels: before) == .init(wentOff: ["HDMI-A-1"]))
        // Panel 2 woke the display itself (it delivered); panel 1 said nothing.
        let after = [R(panel: 1, output: "HDMI-A-1", events: 40), R(panel: 2, output: "HDMI-A-1", events: 19)]
        #expect(s.displays(["HDMI-A-1": true, "DP-1": true], panels: after) == .init(cameOn: ["HDMI-A-1"], reset: [1]))
        #expect(s.displays(["HDMI-A-1": true, "DP-1": true], panels: after) == .init(), "once, at the wake")
    }

    @Test func aPanelMatchedToNoDisplayWhileItsDisplayWasUnpluggedIsStillItsOwn() {
        var s = SilentPanels()
        _ = s.displays(["HDMI-A-1": true], panels: [])
        _ = s.displays(["HDMI-A-1": false], panels: [R(panel: 1, output: "HDMI-A-1", events: 3)])
        #expect(s.displays(["HDMI-A-1": true], panels: [R(panel: 1, output: nil, events: 3)]).reset == [1])
    }

    @Test func aPanelThatNeverDeliveredOrIsOnAnotherDisplayIsLeftAlone() {
        var s = SilentPanels()
        _ = s.displays(["HDMI-A-1": true], panels: [])
        let panels = [
            R(panel: 1, output: "HDMI-A-1", events: 0), R(panel: 2, output: "DP-1", events: 5),
            R(panel: 3, output: nil, events: 5),
        ]
        _ = s.displays(["HDMI-A-1": false], panels: panels)
        #expect(s.displays(["HDMI-A-1": true], panels: panels).reset.isEmpty)
    }

    @Test func aDisplayUnpluggedAndPluggedAgainIsAWake() {
        var s = SilentPanels()
        let panels = [R(panel: 4, output: "HDMI-A-2", events: 7)]
        _ = s.displays(["HDMI-A-2": true], panels: panels)
        #expect(s.displays([:], panels: panels) == .init(wentOff: ["HDMI-A-2"]), "gone from the list: off")
        #expect(s.displays(["HDMI-A-2": true], panels: panels).reset == [4])
    }
}
