import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing

/// Settings that follow udev at runtime: an edited rule and `udevadm trigger` remap a panel in
/// a running daemon (its touches down cancelled first); SIGHUP re-reads the properties.
@Suite("Panel settings from udev at runtime", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason), .serialized)
struct PanelChangeTests {
    let k = Kernel.self
    let rule = "/run/udev/rules.d/75-tb-change-test.rules"

    func tap(_ panel: UInputDevice, id: Int32, _ x: Int32, _ y: Int32) throws {
        try panel.frame([
            (k.EV_ABS, k.ABS_MT_SLOT, 0), (k.EV_ABS, k.ABS_MT_TRACKING_ID, id), (k.EV_ABS, k.ABS_MT_POSITION_X, x),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, y), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        try panel.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0)])
    }

    /// The window location of the last `touchesEnded` in `text`.
    func lastEnd(_ text: String) -> (Double, Double)? {
        guard let line = text.split(separator: "\n").last(where: { $0.contains("\"touchesEnded\"") }),
            let obj = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let t = (obj["touches"] as? [[String: Any]])?.first, let w = t["window"] as? [Double]
        else { return nil }
        return (w[0], w[1])
    }

    @Test func aChangeEventRemapsThePanelAfterCancellingItsTouches() throws {
        try installUdevRule(rule, nil)
        defer { try? installUdevRule(rule, nil) }
        let (panel, _) = try createDevice(VirtualDevices.multitouch(name: "TB Change Panel"))
        let d = try Spawned(touchbridgeExecutable, ["run", "--json", "--screen", "800x480", panel.devnode])
        #expect(eventually(timeout: 10) { d.errors.contains(": reading ") }, "\(d.errors)")
        try tap(panel, id: 1, 1000, 500)
        #expect(d.waitFor("\"touchesEnded\""))
        let before = try #require(lastEnd(d.output))
        // A finger stays down while the rule changes.
        try panel.frame([
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, 2), (k.EV_ABS, k.ABS_MT_POSITION_X, 2000),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 1000), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        #expect(eventually { d.output.components(separatedBy: "\"touchesBegan\"").count == 3 })
        try installUdevRule(
            rule,
            #"SUBSYSTEM=="input", KERNEL=="event*", ATTRS{name}=="TB Change Panel", ENV{TOUCHBRIDGE_ROTATION}="180""#)
        _ = try Spawned("/bin/udevadm", ["trigger", "--action=change", "--settle", panel.devnode]).wait()
        #expect(
            eventually(timeout: 10) {
                d.errors.contains(
                    "udev properties changed: mapped anew (screen 800x480, panel at 0,0 800x480 rotated 180")
            },
            "\(d.errors)")
        #expect(d.waitFor("\"touchesCancelled\""), "the finger down was cancelled first")
        // It stays ignored until lifted; then a tap lands rotated.
        try panel.frame([(k.EV_ABS, k.ABS_MT_POSITION_X, 2100)])
        try panel.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0)])
        try tap(panel, id: 3, 1000, 500)
        #expect(eventually { d.output.components(separatedBy: "\"touchesEnded\"").count == 3 }, "\(d.output)")
        let after = try #require(lastEnd(d.output))
        #expect(
            abs(after.0 - (800 - before.0)) <= 1,
            "rotated 180: \(before) → \(after)")
        #expect(
            abs(after.1 - (480 - before.1)) <= 1,
            "rotated 180: \(before) → \(after)")
        #expect(
            !d.output.contains("\"touchesMoved\""), "the finger held through the change never moved in the new mapping")
        // SIGHUP with the same properties changes nothing; without the rule, a change maps it back.
        d.signal(SIGHUP)
        usleep(300_000)
        #expect(!d.errors.contains("SIGHUP: mapped anew"))
        try installUdevRule(rule, nil)
        _ = try Spawned("/bin/udevadm", ["trigger", "--action=change", "--settle", panel.devnode]).wait()
        #expect(
            eventually(timeout: 10) {
                d.errors.contains("udev properties changed: mapped anew (screen 800x480, panel at 0,0 800x480, ")
            },
            "\(d.errors)")
        #expect(d.stop() == 0)
    }
}
