import Discovery
import Testing
import TextBuffers

@testable import Displays
@testable import TouchBridgeCLI
@testable import TouchTools

/// `screens --config … --virtual-touchscreen` names each panel's virtual device as it will be:
/// a touchscreen's virtual touchscreen, a pen's virtual pen, by their own product ids.
@Suite("screens --config for the virtual devices")
struct ScreensConfigTests {
    func panel(_ name: String, isPen: Bool) -> PanelDisplays.Panel {
        PanelDisplays.Panel(
            node: "/dev/input/event5", name: name, vendor: 0x56a, product: 0x52a0,
            facts: PanelFacts(name: name, bus: 0x18),
            match: DisplayMatch(output: "eDP-1", rule: .builtIn, why: "built in"),
            isPen: isPen)
    }

    @Test func aPensVirtualDeviceIsThePenProductAndATouchscreensTheTouchscreenProduct() {
        let found = PanelDisplays(
            connectors: [],
            panels: [panel("Wacom HID 52A0 Finger", isPen: false), panel("Wacom HID 52A0 Pen", isPen: true)])
        var b = TextBuffer()
        ScreensCommand.writeConfig(.sway, found, virtual: true, into: &b)
        let text = b.string
        #expect(
            text.contains(#"input "29794:1:touchbridge:_Wacom_HID_52A0_Finger_on_eDP-1" map_to_output eDP-1"#),
            "\(text)")
        #expect(
            text.contains(#"input "29794:3:touchbridge:_Wacom_HID_52A0_Pen_on_eDP-1" map_to_output eDP-1"#), "\(text)")
        var own = TextBuffer()
        ScreensCommand.writeConfig(.sway, found, virtual: false, into: &own)
        #expect(own.string.contains(#"input "1386:21152:Wacom_HID_52A0_Pen" map_to_output eDP-1"#), "\(own.string)")
    }
}
