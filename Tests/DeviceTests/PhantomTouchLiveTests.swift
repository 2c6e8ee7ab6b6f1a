import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing

/// The noise rules on a live uinput panel, with the corrected virtual touchscreen read by
/// libinput as an app behind the kiosk reads it: a phantom on the border never reaches it, a
/// real finger beside it does.
@Suite(
    "Phantom touches on a live panel, read by libinput", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason),
    .serialized)
struct PhantomTouchLiveTests {
    let k = Kernel.self

    @Test func aPhantomOnTheBorderNeverReachesLibinputAndTheFingerBesideItDoes() throws {
        let libinputPath = try #require(tool("libinput"), "libinput-tools is not installed")
        let (panel, _) = try createDevice(VirtualDevices.multitouch(name: "TB Phantom Source"))
        let d = try Spawned(
            touchbridgeExecutable,
            ["run", "--virtual-touchscreen", "--noise-filter", "edge", "--screen", "800x480", panel.devnode])
        defer { _ = d.stop(timeout: 10) }
        let node = VirtualTouchscreenTests()
        #expect(eventually(timeout: 10) { node.virtualNode(d) != nil }, "\(d.errors)")
        #expect(eventually { d.errors.contains(": reading ") }, "\(d.errors)")
        let theirs = try Spawned(libinputPath, ["debug-events", "--device", try #require(node.virtualNode(d))])
        defer { _ = theirs.stop() }
        #expect(theirs.waitFor("DEVICE_ADDED"))
        func count(_ s: String) -> Int { theirs.output.components(separatedBy: s).count - 1 }
        // The phantom: down on the left border, still, up.
        try panel.frame([
            (k.EV_ABS, k.ABS_MT_SLOT, 0), (k.EV_ABS, k.ABS_MT_TRACKING_ID, 1), (k.EV_ABS, k.ABS_MT_POSITION_X, 0),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 1000), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        usleep(50_000)
        try node.lift(panel)
        // The control: a finger in the middle, moving a little.
        try node.touch(panel, id: 2, at: 2000, 1100, moves: 3)
        try node.lift(panel)
        #expect(eventually { count("TOUCH_UP") == 1 }, "the finger reached libinput: \(theirs.output) \(d.errors)")
        #expect(count("TOUCH_DOWN") == 1, "only the finger: \(theirs.output)")
        #expect(count("TOUCH_CANCEL") == 0, "\(theirs.output)")
        #expect(d.output.contains(" noise edge \(panel.devnode) "), "the phantom is said: \(d.output)")
        #expect(d.errors.contains("filtered as noise (edge)"), "\(d.errors)")
    }
}
