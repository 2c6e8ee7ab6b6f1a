import Displays
import Testing

/// The lines each compositor reads to map a touch device to a display.
@Suite("Compositor configuration")
struct CompositorConfigTests {
    @Test func eachCompositorsLineNamesTheDeviceAsItDoes() {
        let name = "ELAN Touchscreen"
        #expect(
            CompositorConfig.sway.line(device: name, vendor: 0x04F3, product: 0x2537, output: "eDP-1")
                == #"input "1267:9527:ELAN_Touchscreen" map_to_output eDP-1"#)
        #expect(
            CompositorConfig.labwc.line(device: name, vendor: 0, product: 0, output: "eDP-1")
                == #"<touch deviceName="ELAN Touchscreen" mapToOutput="eDP-1" />"#)
        #expect(
            CompositorConfig.weston.line(device: name, vendor: 0, product: 0, output: "HDMI-A-1")
                == #"SUBSYSTEM=="input", KERNEL=="event*", ATTRS{name}=="ELAN Touchscreen", ENV{WL_OUTPUT}="HDMI-A-1""#)
        #expect(
            CompositorConfig.x11.line(device: name, vendor: 0, product: 0, output: "HDMI-A-1")
                == #"xinput map-to-output "ELAN Touchscreen" HDMI-1"#)
    }

    @Test func namesWithQuotesAndMarkupStayOneArgument() {
        let odd = #"Panel "A" & <B>"#
        #expect(
            CompositorConfig.labwc.line(device: odd, vendor: 0, product: 0, output: "DP-1").contains(
                "deviceName=\"Panel &quot;A&quot; &amp; &lt;B&gt;\""))
        #expect(
            CompositorConfig.x11.line(device: odd, vendor: 0, product: 0, output: "DP-1").contains(
                #""Panel \"A\" & <B>""#))
        #expect(
            CompositorConfig.sway.line(device: odd, vendor: 1, product: 2, output: "DP-1").hasPrefix(
                #"input "1:2:Panel_\"A\"_&_<B>""#))
    }

    @Test func xNamesTheConnectorsAsModesettingDoes() {
        #expect(CompositorConfig.x11Output("HDMI-A-2") == "HDMI-2")
        #expect(CompositorConfig.x11Output("eDP-1") == "eDP-1")
        #expect(CompositorConfig.x11Output("DP-3") == "DP-3")
        #expect(CompositorConfig.x11Output("Virtual-1") == "Virtual-1")
    }

    @Test func aDeviceWithoutADisplayIsACommentWithWhy() {
        #expect(
            CompositorConfig.sway.unmatched(device: "X", why: "no display is connected")
                == "# X: no display (no display is connected)")
        #expect(CompositorConfig.labwc.unmatched(device: "X", why: "w").hasPrefix("<!--"))
    }

    @Test func aHostileNameStaysInsideItsLineForEveryCompositor() {
        let name = "Evil\n<0>\"Panel\""
        for c in CompositorConfig.allCases {
            let line = c.line(device: name, vendor: 1, product: 2, output: "HDMI-A-1")
            #expect(!line.contains("\n"), "\(c): \(line)")
            #expect(!c.unmatched(device: name, why: "none").contains("\n"), "\(c)")
        }
        #expect(
            CompositorConfig.weston.line(device: name, vendor: 0, product: 0, output: "HDMI-A-1").contains(
                #"ATTRS{name}=="Evil?<0>?Panel?""#))
        #expect(
            CompositorConfig.labwc.line(device: name, vendor: 0, product: 0, output: "HDMI-A-1").contains(
                #"deviceName="Evil\u{A}&lt;0&gt;&quot;Panel&quot;""#))
    }
}
