import Evdev
import Foundation
import InputEvents
import ProgramTestSupport
import Testing

/// A display whose panel is mounted turned: the VM's third display (1600x900, 406x228 mm),
/// which the kernel's `video=Virtual-3:panel_orientation=left_side_up` says stands left side
/// up, as a TV standing in portrait. A touchscreen laminated on it reports in the panel's own
/// orientation, so its touches turn with the picture.
extension CompositorTests {
    /// The turned display's GPU.
    var turnedDRM: String { "/dev/dri/card2" }

    @Test func screensSaysTheTurnedDisplayAndThePanelOnItTurnsItsTouches() throws {
        try #require(ProcessInfo.processInfo.environment["TOUCHBRIDGE_VM_DISPLAYS"]?.contains(":left_side_up") == true)
        let (panel, _) = try createDevice(panelOfSize("TB Turned Screens", 406, 228))
        let p = try Spawned(touchbridgeExecutable, ["screens", "--json"])
        #expect(p.wait(timeout: 60) == 0, "\(p.errors)")
        let top = try #require(
            try JSONSerialization.jsonObject(with: Data(p.output.utf8)) as? [String: Any], "\(p.output)")
        let outputs = try #require(top["outputs"] as? [[String: Any]])
        let orientations = outputs.map { "\($0["name"] ?? ""): \($0["orientation"] ?? "")" }
        #expect(orientations.contains("Virtual-3: left_side_up"), "\(orientations)")
        #expect(orientations.contains("Virtual-2: <null>"), "a display the kernel says nothing of: \(orientations)")
        let panels = try #require(top["panels"] as? [[String: Any]])
        let mine = try #require(panels.first { $0["node"] as? String == panel.devnode }, "\(p.output)")
        #expect(mine["output"] as? String == "Virtual-3", "\(mine)")
        #expect(mine["rotation"] as? Int == 90, "\(mine)")
        let text = try Spawned(touchbridgeExecutable, ["screens"])
        #expect(text.wait(timeout: 60) == 0)
        #expect(
            text.output.contains(
                "Virtual-3: connected, 1600x900, RHT QEMU Monitor, 406x228 mm, mounted left side up (turned 90)"),
            "\(text.output)")
    }

    /// The daemon's window stands upright (900x1600) and the panel's touches turn with it;
    /// the virtual touchscreen reports in the display's own orientation, where the compositor
    /// shows the picture, so the client is touched where the finger is.
    @Test(.enabled(if: WaylandSession.isInstalled, "cage, wev, seatd and xwayland (make test installs them)"))
    func theWindowStandsUprightAndTheClientIsTouchedWhereTheFingerIs() throws {
        try installRule()
        defer { removeRule() }
        let (panel, _) = try createDevice(panelOfSize("TB Turned Wayland", 406, 228))
        let d = try Spawned(touchbridgeExecutable, ["run", "--json", "--grab", "--virtual-touchscreen", panel.devnode])
        #expect(eventually(timeout: 30) { virtualNodes(d.errors, "touchscreen").count == 1 }, "\(d.errors)")
        #expect(
            d.errors.contains(
                "on display Virtual-3 (the panel's size"),
            "\(d.errors)")
        #expect(
            d.errors.contains("the screen is 900x1600, turned 90 (its panel is mounted left side up)"), "\(d.errors)")
        let node = try #require(virtualNodes(d.errors, "touchscreen").first)
        #expect(eventually(timeout: 10) { (try? wlOutput(node)) == "Virtual-3" }, "\(node)")
        let session = try WaylandSession(drm: turnedDRM)
        defer { session.stop() }
        #expect(
            session.waitForTheClient(),
            "client: \(session.client.suffix(2000))\ncage: \(session.cage.errors.suffix(2000))")
        // A quarter of the way across and down the panel (812 of 3248, 456 of 1824 units).
        #expect(tapUntilTheClientIsTouched(panel, session, at: (812, 456)), "\(session.client.suffix(3000))")
        #expect(d.stop() == 0)
        let placed = try #require(locations(d.output).first, "\(d.output)")
        // Upright, the panel's left side is the top: its x runs down the window, its y from right to left.
        #expect(abs(placed.x - 675) < 1, "\(placed)")
        #expect(abs(placed.y - 400) < 1, "\(placed)")
        // The compositor shows the display as the panel is (cage does not turn it): the client
        // is touched a quarter of the way across and down the display's own 1600x900.
        let down = try #require(session.touchDowns.first)
        #expect(abs(down.x - (headlessWidth + 400)) <= 1, "\(down) for \(placed)")
        #expect(abs(down.y - 225) <= 1, "\(down) for \(placed)")
    }
}
