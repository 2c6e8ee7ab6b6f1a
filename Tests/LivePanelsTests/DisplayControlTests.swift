import Host
import ProgramTestSupport
import Sysfs
import Testing

@testable import LivePanels

/// The host's questions about a live panel's display, answered from a sysfs tree laid out as
/// the kernel does: an eDP panel with its own backlight, and an HDMI monitor with none.
@Suite("A live display as the host sees it")
struct DisplayControlTests {
    @Test func theLevelIsReadAndSetThroughTheConnectorsBacklight() throws {
        let root = makeFileTree([
            "class/drm/card0-eDP-1/dpms": "On\n", "class/drm/card0-eDP-1/status": "connected\n",
            "class/drm/card0-eDP-1/intel_backlight/max_brightness": "200\n",
            "class/drm/card0-eDP-1/intel_backlight/brightness": "50\n",
            "class/drm/card0-HDMI-A-1/dpms": "Off\n", "class/drm/card0-HDMI-A-1/status": "connected\n",
        ])
        let displays: any DisplayControl = DisplayPower(root: root)
        #expect(displays.brightness(of: "eDP-1") == 0.25)
        #expect(!displays.isOff("eDP-1"))
        #expect(displays.setBrightness(0.5, of: "eDP-1") == nil)
        #expect(displays.brightness(of: "eDP-1") == 0.5)
        #expect(displays.isOff("HDMI-A-1"))
        #expect(displays.brightness(of: "HDMI-A-1") == nil)
        guard case .noBacklight(let why)? = displays.setBrightness(0.5, of: "HDMI-A-1") else {
            Issue.record("a display without a backlight is refused as such")
            return
        }
        #expect(why.contains("HDMI-A-1"))
    }
}
