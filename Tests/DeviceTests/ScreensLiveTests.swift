import Evdev
import Foundation
import InputEvents
import ProgramTestSupport
import Testing

/// `touchbridge screens` in the VM with its two displays (1280x800 and 1920x1080, QEMU's EDIDs
/// at 100 dpi) and uinput panels: one the size of the larger display's picture, one of no
/// display's size.
@Suite(
    "screens with the VM's displays",
    .enabled(
        if: DeviceTestGate.enabled && ProcessInfo.processInfo.environment["TOUCHBRIDGE_VM_DISPLAYS"] != nil,
        "needs uinput and the VM's virtio GPUs (make device-test)"), .serialized)
struct ScreensLiveTests {
    @Test func aPanelOfADisplaysSizeGetsThatDisplayAndOneOfNoDisplaysSizeIsSaidToFitNone() throws {
        // 1920x1080 at 100 dpi: 487.7 x 274.3 mm.
        let (large, _) = try createDevice(panelOfSize("TB Screens Large", 488, 274))
        let (small, _) = try createDevice(panelOfSize("TB Screens Small", 100, 60))
        let p = try Spawned(touchbridgeExecutable, ["screens", "--json"])
        #expect(p.wait(timeout: 60) == 0, "\(p.errors)")
        let top = try #require(
            try JSONSerialization.jsonObject(with: Data(p.output.utf8)) as? [String: Any], "\(p.output)")
        let outputs = try #require(top["outputs"] as? [[String: Any]])
        #expect(
            outputs.compactMap { $0["name"] as? String } == vmDisplays.indices.map { "Virtual-\($0 + 1)" },
            "\(p.output)")
        #expect(outputs.allSatisfy { $0["make"] as? String == "RHT" })
        #expect(outputs.allSatisfy { $0["connected"] as? Bool == true })
        #expect((outputs[1]["mode"] as? [Double]) == [1920, 1080])
        let panels = try #require(top["panels"] as? [[String: Any]])
        let byNode = Dictionary(panels.compactMap { p in (p["node"] as? String).map { ($0, p) } }) { a, _ in a }
        let l = try #require(byNode[large.devnode], "\(p.output)")
        #expect(l["output"] as? String == "Virtual-2", "\(l)")
        #expect(l["rule"] as? String == "size", "\(l)")
        let s = try #require(byNode[small.devnode], "\(p.output)")
        #expect(s["output"] is NSNull, "\(s)")
        #expect(s["why"] as? String == "no rule picks one display", "\(s)")
        // The text lists the same, each panel with its display and why.
        let text = try Spawned(touchbridgeExecutable, ["screens"])
        #expect(text.wait(timeout: 60) == 0)
        #expect(text.output.contains("\(large.devnode) \"TB Screens Large\" 488x274 mm: Virtual-2 (the panel's size"))
        // What each compositor reads, for the panel and for its virtual touchscreen.
        let sway = try Spawned(touchbridgeExecutable, ["screens", "--config", "sway"])
        #expect(sway.wait(timeout: 60) == 0)
        #expect(sway.output.contains(#"input "4660:22136:TB_Screens_Large" map_to_output Virtual-2"#), "\(sway.output)")
        #expect(sway.output.contains("# TB Screens Small: no display (no rule picks one display)"))
        let virtual = try Spawned(touchbridgeExecutable, ["screens", "--config", "weston", "--virtual-touchscreen"])
        #expect(virtual.wait(timeout: 60) == 0)
        #expect(
            virtual.output.contains(
                #"ATTRS{name}=="touchbridge: TB Screens Large on Virtual-2", ENV{WL_OUTPUT}="Virtual-2""#),
            "\(virtual.output)")
    }

    @Test func runWithoutAScreenTakesItsPanelsDisplaysMode() throws {
        let k = Kernel.self
        let (large, _) = try createDevice(panelOfSize("TB Screens Run", 488, 274))
        let d = try Spawned(touchbridgeExecutable, ["run", "--json", large.devnode])
        #expect(eventually(timeout: 20) { d.errors.contains(": reading ") }, "\(d.errors)")
        #expect(d.errors.contains("on display Virtual-2 (the panel's size"), "\(d.errors)")
        #expect(d.errors.contains("the screen is 1920x1080"), "\(d.errors)")
        // The panel's middle (1952, 1096 of 0…3904 x 0…2192 units) in the display's 1920x1080
        // points, normalised as libinput does (over max - min + 1): (959.754, 539.754).
        try large.frame([
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, 1), (k.EV_ABS, k.ABS_MT_POSITION_X, 1952),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 1096), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        try large.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0)])
        #expect(d.waitFor("touchesEnded"), "\(d.output)")
        #expect(d.stop() == 0)
        #expect(d.output.contains(#""location":[959.754,539.754]"#), "\(d.output)")
    }

    @Test func touchesWithoutAScreenTakesItsPanelsDisplaysModeToo() throws {
        let (large, _) = try createDevice(panelOfSize("TB Screens Touches", 488, 274))
        let t = try Spawned(touchbridgeExecutable, ["touches", "--json", large.devnode])
        #expect(eventually(timeout: 20) { t.errors.contains(": reading ") }, "\(t.errors)")
        #expect(t.errors.contains("on display Virtual-2"), "\(t.errors)")
        #expect(t.errors.contains("screen 1920x1080)"), "\(t.errors)")
        #expect(t.stop() == 0)
        // Given a screen, it keeps it and matches nothing.
        let given = try Spawned(touchbridgeExecutable, ["touches", "--screen", "800x480", large.devnode])
        #expect(eventually(timeout: 20) { given.errors.contains(": reading ") }, "\(given.errors)")
        #expect(given.errors.contains("screen 800x480)"), "\(given.errors)")
        #expect(!given.errors.contains("on display"), "\(given.errors)")
        #expect(given.stop() == 0)
    }

    @Test func theDaemonFollowsTheDisplaysAndAPinKeepingATouchThatIsDown() throws {
        let k = Kernel.self
        let (large, _) = try createDevice(panelOfSize("TB Screens Follow", 488, 274))
        let d = try Spawned(touchbridgeExecutable, ["run", "--json", "--virtual-touchscreen", large.devnode])
        #expect(eventually(timeout: 20) { d.errors.contains(": reading ") }, "\(d.errors)")
        #expect(d.errors.contains("\"touchbridge: TB Screens Follow on Virtual-2\""), "\(d.errors)")
        // A finger down while the displays' news comes (udev's DRM change): matched again, same
        // display, the finger goes on and ends as it ends.
        try large.frame([
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, 1), (k.EV_ABS, k.ABS_MT_POSITION_X, 1952),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 1096), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        #expect(d.waitFor("touchesBegan"), "\(d.output)")
        let trigger = try Spawned("/bin/udevadm", ["trigger", "--subsystem-match=drm", "--action=change"])
        #expect(trigger.wait(timeout: 30) == 0)
        #expect(eventually(timeout: 20) { d.errors.contains("the displays changed") }, "\(d.errors)")
        try large.frame([(k.EV_ABS, k.ABS_MT_POSITION_X, 2000)])
        try large.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0)])
        #expect(d.waitFor("touchesEnded"), "\(d.output)")
        #expect(!d.output.contains("touchesCancelled"), "\(d.output)")
        #expect(!d.output.contains("\"event\":\"screen\""), "\(d.output)")
        // A pin set in udev: the panel moves to Virtual-1, said as a screen line, with a new
        // virtual touchscreen carrying it.
        let rule = "/run/udev/rules.d/71-tb-screens-pin.rules"
        try installUdevRule(
            rule, #"SUBSYSTEM=="input", ATTRS{name}=="TB Screens Follow", ENV{TOUCHBRIDGE_OUTPUT}="Virtual-1"\#n"#)
        defer { try? installUdevRule(rule, nil) }
        let change = try Spawned("/bin/udevadm", ["trigger", "--action=change", large.devnode])
        #expect(change.wait(timeout: 30) == 0)
        #expect(
            eventually(timeout: 20) {
                d.output.contains(
                    #""event":"screen","device":"\#(large.devnode)","output":"Virtual-1","rule":"pinned","why":"pinned to Virtual-1"}"#
                )
            }, "\(d.output)\n\(d.errors)")
        #expect(
            eventually(timeout: 20) { d.errors.contains("\"touchbridge: TB Screens Follow on Virtual-1\"") },
            "\(d.errors)")
        #expect(d.stop() == 0)
    }
}
