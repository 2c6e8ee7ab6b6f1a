import Discovery
import Evdev
import HostTestSupport
import InputEvents
import PipelineTestSupport
import Testing
import TouchInput
import TouchKit

@testable import Host
@testable import Pipeline
@testable import TouchScene

/// Touch controllers in mouse mode (PenMount, Elo, IRTOUCH): absolute positions with
/// `BTN_LEFT` as the contact and no `BTN_TOUCH`. Read as a single-touch panel only when the
/// integrator marks them (udev's `TOUCHBRIDGE_PANEL=1`, `--panel-device`), never guessed.
@Suite("Touch controllers in mouse mode")
struct MouseModeTests {
    /// A controller in mouse mode: 0…2047 on both axes, left and right buttons.
    static func controller(name: String = "PenMount USB") -> DeviceDescription {
        let axis = AbsInfo(minimum: 0, maximum: 2047)
        return DeviceDescription(
            name: name, id: InputID(bustype: 3, vendor: 0x14e1, product: 0x6000, version: 1),
            properties: BitSet([]),
            codes: [k.EV_KEY: BitSet([k.BTN_LEFT, k.BTN_RIGHT]), k.EV_ABS: BitSet([k.ABS_X, k.ABS_Y])],
            absInfo: [k.ABS_X: axis, k.ABS_Y: axis])
    }

    /// A tap with the left button at (`x`, `y`) of 800x480 points.
    static func tap(_ r: inout TestRecording, at t: Double, _ x: Double, _ y: Double) {
        r.frame(
            at: t,
            [
                (k.EV_ABS, k.ABS_X, Int32(x / 800 * 2048)), (k.EV_ABS, k.ABS_Y, Int32(y / 480 * 2048)),
                (k.EV_KEY, k.BTN_LEFT, 1),
            ]
        )
        r.frame(at: t + 0.08, [(k.EV_KEY, k.BTN_LEFT, 0)])
    }

    @Test func onlyAMarkedControllerIsAPanelAndItsLeftButtonIsTheContact() {
        let d = Self.controller()
        #expect(TouchProtocol.contactKey(of: d, marked: false) == k.BTN_TOUCH)
        #expect(touchscreenProblem(d)?.contains("TOUCHBRIDGE_PANEL=1 or --panel-device") == true)
        #expect(TouchProtocol.contactKey(of: d, marked: true) == k.BTN_LEFT)
        #expect(touchscreenProblem(d, contactKey: k.BTN_LEFT) == nil)
        // A touchscreen stays one, marked or not; a relative mouse is never a panel.
        #expect(TouchProtocol.contactKey(of: examplePanel(), marked: true) == k.BTN_TOUCH)
        var mouse = Self.controller(name: "a mouse")
        mouse.codes[k.EV_ABS] = nil
        mouse.codes[k.EV_REL] = BitSet([0x00, 0x01])  // REL_X, REL_Y
        #expect(TouchProtocol.contactKey(of: mouse, marked: true) == k.BTN_TOUCH)
        #expect(touchscreenProblem(mouse, contactKey: TouchProtocol.contactKey(of: mouse, marked: true)) != nil)
    }

    @Test func theLeftButtonBeginsMovesAndEndsOneContact() {
        var tracker = ContactTracker(description: Self.controller(), ids: ContactIDs(), contactKey: k.BTN_LEFT)
        var phases: [ContactPhase] = []
        var r = TestRecording(description: Self.controller())
        r.frame(at: 1, [(k.EV_ABS, k.ABS_X, 100), (k.EV_ABS, k.ABS_Y, 200), (k.EV_KEY, k.BTN_LEFT, 1)])
        r.frame(at: 1.01, [(k.EV_ABS, k.ABS_X, 120)])
        r.frame(at: 1.02, [(k.EV_KEY, k.BTN_RIGHT, 1)])  // the right button is no contact
        r.frame(at: 1.03, [(k.EV_KEY, k.BTN_LEFT, 0)])
        for e in r.events { tracker.process(e) { phases += $0.contacts.map(\.phase) } }
        #expect(phases == [.began, .moved, .ended])
        // Unmarked (BTN_TOUCH as the contact), the same stream makes no contact at all.
        var plain = ContactTracker(description: Self.controller(), ids: ContactIDs())
        var none = 0
        for e in r.events { plain.process(e) { none += $0.contacts.count } }
        #expect(none == 0)
    }

    @Test func aMarkedControllersTapPressesAButtonOfTheScene() throws {
        var r = TestRecording(description: Self.controller())
        Self.tap(&r, at: 1, 160, 380)  // the middle of Coffee
        let path = try r.file("mouse-mode")
        let scene = try Scene.read(path: "\(examplesDirectory)/kiosk.json")
        var options = RunOptions()
        options.rules.panelDevices = [PanelMatch(path)]
        let sink = MemorySink()
        try Runner(recordings: [path], scene: scene, options: options, sink: sink).run()
        #expect(sink.lines.contains { $0.contains("touchesBegan Coffee") }, "\(sink.text)")
        #expect(sink.lines.contains { $0.contains("orderCoffee") }, "\(sink.text)")
        // Unmarked, it is refused, with what would mark it.
        #expect {
            try Runner(recordings: [path], scene: scene, options: RunOptions(), sink: MemorySink()).run()
        } throws: { "\($0)".contains("mouse mode") && "\($0)".contains("--panel-device") }
    }

    @Test func udevsMarkAndAPanelDeviceRuleMarkByNodeLinkOrName() {
        var info = InputDeviceInfo(
            devnode: "/dev/input/event9", syspath: "", name: "PenMount USB", kinds: ["mouse"], calibration: nil,
            calibrationText: nil, widthMM: nil, heightMM: nil, idPath: "pci-0000:00:14.0-usb-0:2:1.0",
            isInitialized: true)
        var rules = PanelRules()
        #expect(!rules.marks(node: info.devnode, name: info.name, info: info))
        info.properties["TOUCHBRIDGE_PANEL"] = "1"
        #expect(rules.marks(node: info.devnode, name: info.name, info: info))
        #expect(info.isMarkedPanel)
        info.properties = [:]
        for pattern in ["/dev/input/event9", "PenMount USB", "pci-0000:00:14.0-usb-0:2:1.0"] {
            rules.panelDevices = [PanelMatch(pattern)]
            #expect(rules.marks(node: info.devnode, name: info.name, info: info), "\(pattern)")
        }
        rules.panelDevices = [PanelMatch("/dev/input/event3")]
        #expect(!rules.marks(node: info.devnode, name: info.name, info: info))
        var options = RunOptions()
        options.rules.panelDevices = [PanelMatch("PenMount USB")]
        #expect(options.placement(node: "/dev/input/event9", name: "PenMount USB", info: nil) { _ in }.markedPanel)
    }
}
