import Testing

@testable import Displays

/// Each matching rule, in its order, and what is said when several displays fit or none does.
@Suite("Matching a touchscreen to its display")
struct DisplayMatchTests {
    static let usb: UInt16 = 0x03
    static let i2c: UInt16 = 0x18

    /// A connected display on `name` with `edid`.
    func display(_ name: String, _ edid: [UInt8]?, connected: Bool = true) -> Connector {
        let status = Array((connected ? "connected\n" : "disconnected\n").utf8)
        return Connector(entry: "card0-" + name, read: { $0 == "status" ? status : $0 == "edid" ? edid ?? [] : nil })!
    }

    var laptop: Connector { display("eDP-1", RealEDIDs.auoB156XTN022) }
    var monitor: Connector { display("HDMI-A-1", RealEDIDs.dellE2219HN) }

    @Test func aPinWinsAndAPinToNoDisplayIsSaid() {
        let pinned = DisplayMatch.match(
            PanelFacts(name: "ELAN Touchscreen", bus: Self.i2c, pin: "HDMI-A-1"), among: [laptop, monitor])
        #expect(pinned.output == "HDMI-A-1")
        #expect(pinned.rule == .pinned)
        let missing = DisplayMatch.match(PanelFacts(name: "x", bus: Self.usb, pin: "DP-3"), among: [laptop, monitor])
        #expect(missing.output == nil)
        #expect(missing.why.contains("DP-3"))
    }

    @Test func aBuiltInPanelGoesToTheBuiltInDisplay() {
        let m = DisplayMatch.match(PanelFacts(name: "ELAN Touchscreen", bus: Self.i2c), among: [monitor, laptop])
        #expect(m.output == "eDP-1", "\(m.why)")
        #expect(m.rule == .builtIn, "\(m.why)")
    }

    @Test func aUSBPanelOfTheMonitorsSizeGoesToTheMonitor() {
        // 477 x 266 mm: within 5 % of the Dell's 476 x 268, far from the laptop's 344 x 193.
        let m = DisplayMatch.match(
            PanelFacts(name: "eGalax Inc. USB TouchController", bus: Self.usb, size: (477, 266)),
            among: [laptop, monitor])
        #expect(m.output == "HDMI-A-1", "\(m.why)")
        #expect(m.rule == .size, "\(m.why)")
        // Turned a quarter: the same glass.
        let portrait = DisplayMatch.match(
            PanelFacts(name: "x", bus: Self.usb, size: (268, 476)), among: [laptop, monitor])
        #expect(portrait.output == "HDMI-A-1")
        #expect(portrait.rule == .size)
        #expect(!DisplayMatch.fits((452, 268), PhysicalSize(width: 476, height: 268, fromDetailedTiming: true)))
    }

    @Test func twoMonitorsOfTheSameSizeAreATieTheEDIDRuleSettles() {
        let second = display("DP-1", RealEDIDs.auoB156XTN022)
        let same = display("DP-2", RealEDIDs.dellE2219HN)
        // The size rule finds two; the device's vendor names Dell's maker, on two as well; said.
        let tie = DisplayMatch.match(
            PanelFacts(name: "Touch", bus: Self.usb, size: (476, 268), usbVendor: "Dell Computer Corp."),
            among: [monitor, same, second])
        #expect(tie.output == nil, "\(tie.why)")
        #expect(tie.why.contains("size: HDMI-A-1, DP-2"), "\(tie.why)")
        #expect(tie.why.contains("edid"), "\(tie.why)")
        // The panel's name names the laptop panel's part: the EDID rule picks it.
        let named = DisplayMatch.match(
            PanelFacts(name: "B156XTN02.2 touch", bus: Self.usb), among: [monitor, second])
        #expect(named.output == "DP-1", "\(named.why)")
        #expect(named.rule == .edid, "\(named.why)")
    }

    @Test func aKioskWithATouchMonitorBesideALaptopsOwnTouchPanel() {
        // A 17-inch 5:4 touch frame on the SyncMaster (USB, 338 x 271 mm) and the laptop's own
        // I2C panel on its unnamed LG panel: each to its display, by different rules.
        let laptop = display("eDP-1", RealEDIDs.lgDisplay0201)
        let kiosk = display("DP-1", RealEDIDs.samsungSyncMaster)
        let frame = DisplayMatch.match(
            PanelFacts(name: "eGalax Inc. USB TouchController", bus: Self.usb, size: (338, 271)),
            among: [laptop, kiosk])
        #expect(frame.output == "DP-1", "\(frame.why)")
        #expect(frame.rule == .size, "\(frame.why)")
        let own = DisplayMatch.match(PanelFacts(name: "ELAN2514:00 04F3:2A9B", bus: Self.i2c), among: [laptop, kiosk])
        #expect(own.output == "eDP-1", "\(own.why)")
        #expect(own.rule == .builtIn, "\(own.why)")
        // A USB frame of the laptop panel's size, a 4:3 one of neither: said, never guessed.
        let small = DisplayMatch.match(PanelFacts(name: "x", bus: Self.usb, size: (309, 175)), among: [laptop, kiosk])
        #expect(small.output == "eDP-1")
        #expect(small.rule == .size)
        let neither = DisplayMatch.match(
            PanelFacts(name: "x", bus: Self.usb, size: (304, 228)), among: [laptop, kiosk])
        #expect(neither.output == nil, "\(neither.why)")
        #expect(neither.rule == nil, "\(neither.why)")
    }

    @Test func theOnlyDisplayConnectedAndNoneAtAll() {
        let off = display("DP-1", nil, connected: false)
        let only = DisplayMatch.match(PanelFacts(name: "x", bus: Self.usb), among: [monitor, off])
        #expect(only.output == "HDMI-A-1")
        #expect(only.rule == .onlyDisplay)
        let none = DisplayMatch.match(PanelFacts(name: "x", bus: Self.usb), among: [off])
        #expect(none.output == nil)
        #expect(none.why == "no display is connected")
        let two = DisplayMatch.match(PanelFacts(name: "x", bus: Self.usb), among: [monitor, laptop])
        #expect(two.output == nil)
        #expect(two.why == "no rule picks one display")
    }
}
