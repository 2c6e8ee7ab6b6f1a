import Doctor
import Testing

/// Each link's verdict from what was read: which is broken, the problem said, the fix given.
@Suite struct LinkTests {
    let s = Subject(name: "eGalax Inc. eGalaxTouch EXC7200-7368v1.010", node: "/dev/input/event3")

    func egalax(driver: String?) throws -> HIDDevice {
        var d = try #require(HIDDevice.read("0003:0EEF:7224.0001", in: try RecordedFiles(tree: "kiosk")))
        d.driver = driver
        return d
    }

    func module(loaded: Bool = false, builtIn: Bool = false, installed: Bool = true, blacklistedBy: String? = nil)
        -> KernelModule
    {
        KernelModule(
            name: "hid_multitouch", loaded: loaded, builtIn: builtIn, installed: installed, blacklistedBy: blacklistedBy
        )
    }

    @Test func aMultitouchControllerOnHidGenericIsBrokenWithTheFixForWhyHidMultitouchIsMissing() throws {
        let d = try egalax(driver: "hid-generic")
        let blacklisted = DriverLink.check(d, multitouch: module(blacklistedBy: "/etc/modprobe.d/b.conf:3"), as: s)
        #expect(!blacklisted.ok)
        #expect(blacklisted.found == "USB 0003:0EEF:7224.0001, bound to hid-generic")
        #expect(
            blacklisted.problem
                == "This multitouch controller is bound to hid-generic: hid-multitouch is blacklisted by /etc/modprobe.d/b.conf:3."
        )
        #expect(blacklisted.fix == "sudo sed -i '3s/^/# /' /etc/modprobe.d/b.conf && sudo modprobe hid-multitouch")
        let onCmdline = DriverLink.check(
            d, multitouch: module(blacklistedBy: "the kernel command line (modprobe.blacklist)"), as: s)
        #expect(onCmdline.fix == "sudo modprobe hid-multitouch")
        #expect(DriverLink.check(d, multitouch: module(), as: s).fix == "sudo modprobe hid-multitouch")
        let missing = DriverLink.check(d, multitouch: module(installed: false), as: s)
        #expect(missing.problem?.contains("no hid-multitouch module") == true)
        let loaded = DriverLink.check(d, multitouch: module(loaded: true), as: s)
        #expect(
            loaded.fix == "echo 0003:0EEF:7224.0001 | sudo tee /sys/bus/hid/drivers/hid-generic/unbind && "
                + "echo 0003:0EEF:7224.0001 | sudo tee /sys/bus/hid/drivers/hid-multitouch/bind")
    }

    @Test func aControllerOnHidMultitouchOrItsOwnDriverHoldsAndOneWithNoneIsBroken() throws {
        #expect(DriverLink.check(try egalax(driver: "hid-multitouch"), multitouch: module(loaded: true), as: s).ok)
        #expect(DriverLink.check(try egalax(driver: "wacom"), multitouch: module(loaded: true), as: s).ok)
        let none = DriverLink.check(try egalax(driver: nil), multitouch: module(loaded: true), as: s)
        #expect(!none.ok)
        #expect(none.problem == "This multitouch controller has no driver although hid-multitouch is loaded.")
        #expect(none.fix == "echo 0003:0EEF:7224.0001 | sudo tee /sys/bus/hid/drivers/hid-multitouch/bind")
        var singleTouch = try egalax(driver: "hid-generic")
        singleTouch.group = 1
        singleTouch.descriptor.hasContactIdentifier = false
        #expect(
            DriverLink.check(singleTouch, multitouch: module(), as: s).ok, "hid-generic drives a single-touch screen")
    }

    @Test func aNodeOnAnotherSeatOrNotCalledATouchscreenIsBroken() {
        let caps = NodeFacts.Capabilities(
            direct: true, slots: 10, axes: ["x 0–4095 (16/mm)"], mouseMode: false, isPen: false)
        let good = NodeFacts(node: "/dev/input/event3", kinds: ["touchscreen"], properties: [:], capabilities: caps)
        let ok = NodeLink.check(good, name: s.name, as: s)
        #expect(ok.ok)
        #expect(ok.found == "/dev/input/event3 (touchscreen), direct, 10 slots, x 0–4095 (16/mm)")
        var seat = good
        seat.properties["ID_SEAT"] = "seat1"
        let other = NodeLink.check(seat, name: s.name, as: s)
        #expect(!other.ok)
        #expect(other.problem?.contains("on seat1, not seat0") == true)
        #expect(other.fix?.contains("ENV{ID_SEAT}=\"seat0\"") == true)
        var mouse = NodeFacts(node: "/dev/input/event3", kinds: ["mouse"], properties: [:], capabilities: caps)
        mouse.capabilities?.mouseMode = true
        let m = NodeLink.check(mouse, name: s.name, as: s)
        #expect(!m.ok)
        #expect(m.problem?.contains("mouse mode") == true)
        #expect(m.fix?.contains("ENV{TOUCHBRIDGE_PANEL}=\"1\"") == true)
        mouse.properties["TOUCHBRIDGE_PANEL"] = "1"
        #expect(NodeLink.check(mouse, name: s.name, as: s).ok, "marked as a panel, touchbridge takes it")
    }

    @Test func aGrabIsTheServicesOwnOrAnotherProgramsWithItsProcess() {
        let evtest = GrabLink.Holder(pid: 812, command: "evtest --grab /dev/input/event3")
        let service = GrabLink.Holder(pid: 400, command: "/usr/bin/touchbridge run --grab")
        #expect(GrabLink.check(.free, service: nil, as: s).ok)
        #expect(GrabLink.check(.grabbed(holders: [service]), service: 400, as: s).ok)
        let other = GrabLink.check(.grabbed(holders: [service, evtest]), service: 400, as: s)
        #expect(!other.ok)
        #expect(
            other.problem
                == "Process 812 (evtest --grab /dev/input/event3) holds an exclusive grab, so no other program gets its events."
        )
        #expect(other.fix == "sudo kill 812")
        let unseen = GrabLink.check(.grabbed(holders: []), service: nil, as: s)
        #expect(!unseen.ok)
        #expect(unseen.fix?.hasPrefix("sudo touchbridge doctor /dev/input/event3") == true)
    }

    @Test func listeningSaysSilenceOrTheRate() {
        let silent = EventsLink.check(EventsLink.Heard(seconds: 5, frames: 0, span: 0), reset: "R", as: s)
        #expect(!silent.ok)
        #expect(silent.found == "listened 5 s: no events")
        #expect(silent.fix == "R")
        let heard = EventsLink.check(EventsLink.Heard(seconds: 2.5, frames: 21, span: 0.2), reset: "R", as: s)
        #expect(heard.found == "listened 2.5 s: 21 frames at 100 Hz")
    }

    @Test func theDisplayIsMatchedOrPinnedByARule() {
        #expect(DisplayLink.check(output: nil, why: "", connected: [], name: s.name, as: s).ok)
        #expect(
            DisplayLink.check(
                output: "HDMI-A-1", why: "the only display connected", connected: ["HDMI-A-1"], name: s.name, as: s
            ).ok)
        let tie = DisplayLink.check(
            output: nil, why: "two displays of its size", connected: ["HDMI-A-1", "DP-1"], name: s.name, as: s)
        #expect(!tie.ok)
        #expect(tie.fix?.contains("ENV{TOUCHBRIDGE_OUTPUT}=\"HDMI-A-1\"") == true)
    }

    @Test func aCompositorsMappingIsReadFromSwayLabwcAndUdev() {
        let sway = """
            output HDMI-A-1 pos 0 0
            input "3823:1:eGalax_Inc._eGalaxTouch_EXC7200-7368v1.010" map_to_output DP-1
            """
        #expect(CompositorMapping.sway(sway, device: s.name) == "DP-1")
        #expect(CompositorMapping.sway("input type:touch map_to_output HDMI-A-2", device: s.name) == "HDMI-A-2")
        #expect(CompositorMapping.sway("input type:pointer accel_profile flat", device: s.name) == nil)
        let rc =
            #"<labwc><touch deviceName="other" mapToOutput="DP-2"/><touch deviceName="\#(s.name)" mapToOutput="HDMI-A-1"/></labwc>"#
        #expect(CompositorMapping.labwc(rc, device: s.name) == "HDMI-A-1")
        let c = CompositorFacts(name: "weston", pid: 77, mappedTo: .some(nil), source: "udev's WL_OUTPUT")
        let unmapped = CompositorLink.check(c, output: "DP-1", connected: 2, device: s.name, as: s)
        #expect(!unmapped.ok)
        #expect(
            unmapped.problem == "weston maps it to no display, but it is on DP-1: its touches land on the wrong screen."
        )
        #expect(unmapped.fix?.contains("ENV{WL_OUTPUT}=\"DP-1\"") == true)
        #expect(CompositorLink.check(c, output: "DP-1", connected: 1, device: s.name, as: s).ok, "one display")
        let swayWrong = CompositorFacts(
            name: "sway", pid: 9, mappedTo: .some("HDMI-A-1"), source: "sway's map_to_output")
        #expect(
            CompositorLink.check(swayWrong, output: "DP-1", connected: 2, device: s.name, as: s).fix
                == "swaymsg input type:touch map_to_output DP-1")
    }

    @Test func theServiceIsRunningReadingAndAnsweringOrSaidWhyNot() {
        func facts(_ load: String?, _ active: String?, holds: Bool? = true, socket: Bool? = true) -> ServiceFacts {
            ServiceFacts(
                loadState: load, activeState: active, mainPID: 40, holdsNode: holds, socketAnswers: socket,
                socket: "/run/touchbridge/events.sock", warnings: ["w1"])
        }
        #expect(ServiceLink.check(facts(nil, nil), tagged: true, as: s).ok)
        #expect(ServiceLink.check(facts("not-found", "inactive"), tagged: true, as: s).ok)
        let running = ServiceLink.check(facts("loaded", "active"), tagged: true, as: s)
        #expect(running.ok)
        #expect(running.found == "touchbridge.service active (40), reads it, socket answers; last warnings: w1")
        #expect(!ServiceLink.check(facts("loaded", "active", holds: false), tagged: true, as: s).ok)
        #expect(ServiceLink.check(facts("loaded", "active", holds: false), tagged: false, as: s).ok)
        #expect(!ServiceLink.check(facts("loaded", "active", socket: false), tagged: true, as: s).ok)
        #expect(
            ServiceLink.check(facts("loaded", "failed"), tagged: true, as: s).fix?.hasPrefix("sudo systemctl restart")
                == true)
        #expect(
            ServiceLink.check(facts("loaded", "inactive"), tagged: true, as: s).fix
                == "sudo systemctl enable --now touchbridge.service")
    }
}
