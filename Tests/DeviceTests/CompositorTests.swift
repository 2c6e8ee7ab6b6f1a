import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing

/// touchbridge's virtual devices in front of a real compositor and a real Wayland client: cage
/// with a headless output (1280x720) left of the VM's 1920x1080 display (`Virtual-2`), `wev`
/// across both. A touch device cage does not map to an output spans both, so only a mapped one
/// lands on `Virtual-2`.
@Suite(
    "A real compositor and client",
    .enabled(
        if: DeviceTestGate.enabled && ProcessInfo.processInfo.environment["TOUCHBRIDGE_VM_DISPLAYS"] != nil,
        "needs uinput and the VM's virtio GPUs (make device-test)"), .serialized)
struct CompositorTests {
    let k = Kernel.self
    /// The GPU whose display is `Virtual-2` (1920x1080), and the headless output's width before it.
    let drm = "/dev/dri/card1"
    let headlessWidth = 1280.0

    /// The project's udev rule, installed as the package installs it (for the virtual
    /// devices' `WL_OUTPUT`); removed by `removeRule`.
    func installRule() throws {
        try installUdevRule(installedUdevRulePath, try String(contentsOfFile: projectUdevRulePath, encoding: .utf8))
    }

    func removeRule() { try? installUdevRule(installedUdevRulePath, nil) }

    func tap(_ panel: UInputDevice, _ x: Int32, _ y: Int32, id: Int32) throws {
        try panel.frame([
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, id), (k.EV_ABS, k.ABS_MT_POSITION_X, x),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, y), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        try panel.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0)])
    }

    /// Taps the panel a quarter of the way across and down until the client is touched (it
    /// takes input once it has drawn its window, which it says nothing of): whether it was.
    func tapUntilTheClientIsTouched(
        _ panel: UInputDevice, _ session: WaylandSession, at point: (x: Int32, y: Int32) = (976, 548)
    ) -> Bool {
        var id: Int32 = 1
        return eventually(timeout: 90) {
            guard (try? tap(panel, point.x, point.y, id: id)) != nil else { return false }
            id += 1
            return eventually(timeout: 3) { !session.touchDowns.isEmpty }
        }
    }

    /// The virtual devices `run` said it made (`virtual touchscreen /dev/input/eventN "NAME"`).
    func virtualNodes(_ errors: String, _ kind: String) -> [String] {
        errors.split(separator: "\n").compactMap { line -> String? in
            guard let r = line.range(of: "virtual \(kind) ") else { return nil }
            return line[r.upperBound...].split(separator: " ").first.map(String.init)
        }
    }

    /// udev's `WL_OUTPUT` of `node` ("none" without one).
    func wlOutput(_ node: String) throws -> String {
        let p = try Spawned("/bin/udevadm", ["info", "-q", "property", "-n", node])
        _ = p.wait(timeout: 10)
        return p.output.split(separator: "\n").first { $0.hasPrefix("WL_OUTPUT=") }.map { String($0.dropFirst(10)) }
            ?? "none"
    }

    /// Where `run --json` put its touches down (`location` of each touchesBegan).
    func locations(_ output: String) -> [(x: Double, y: Double)] {
        output.split(separator: "\n").filter { $0.contains("\"touchesBegan\"") }.compactMap { line in
            guard let r = line.range(of: "\"location\":[") else { return nil }
            let n = line[r.upperBound...].prefix { $0 != "]" }.split(separator: ",").compactMap { Double($0) }
            return n.count == 2 ? (n[0], n[1]) : nil
        }
    }

    @Test(.enabled(if: WaylandSession.isInstalled, "cage, wev, seatd and xwayland (make test installs them)"))
    func eachPanelsVirtualDevicesCarryItsDisplayAndTheClientIsTouchedThereWithinAPixel() throws {
        try installRule()
        defer { removeRule() }
        // 1920x1080 and 1280x800 at 100 dpi: 487.7 x 274.3 and 325.1 x 203.2 mm.
        let (large, _) = try createDevice(panelOfSize("TB Wayland Large", 488, 274))
        let (small, _) = try createDevice(panelOfSize("TB Wayland Small", 325, 203))
        let d = try Spawned(
            touchbridgeExecutable,
            ["run", "--json", "--grab", "--virtual-touchscreen", "--virtual-pointer", large.devnode, small.devnode])
        #expect(eventually(timeout: 30) { virtualNodes(d.errors, "pointer").count == 2 }, "\(d.errors)")
        #expect(d.errors.contains("\"touchbridge: TB Wayland Large on Virtual-2\""), "\(d.errors)")
        #expect(d.errors.contains("\"touchbridge: TB Wayland Small on Virtual-1\""), "\(d.errors)")
        #expect(d.errors.contains("\"touchbridge pointer: TB Wayland Large on Virtual-2\""), "\(d.errors)")
        // Each virtual device carries its display's name where compositors read it.
        for kind in ["touchscreen", "pointer"] {
            let nodes = virtualNodes(d.errors, kind)
            #expect(
                eventually(timeout: 10) { Set(nodes.compactMap { try? wlOutput($0) }) == ["Virtual-1", "Virtual-2"] },
                "\(kind): \(nodes)")
        }

        let session = try WaylandSession(drm: drm)
        defer { session.stop() }
        #expect(
            session.waitForTheClient(),
            "client: \(session.client.suffix(2000))\ncage: \(session.cage.errors.suffix(2000))")
        // A quarter of the way across and down the large panel: the client is touched on
        // Virtual-2 where touchbridge put the touch.
        #expect(tapUntilTheClientIsTouched(large, session), "\(session.client.suffix(3000))")
        #expect(d.stop() == 0)
        let placed = try #require(locations(d.output).first, "\(d.output)")
        #expect(abs(placed.x - 480) < 1, "\(placed)")
        #expect(abs(placed.y - 270) < 1, "\(placed)")
        let down = try #require(session.touchDowns.first)
        #expect(abs(down.x - (headlessWidth + placed.x)) <= 1, "\(down) for \(placed)")
        #expect(abs(down.y - placed.y) <= 1, "\(down) for \(placed)")
    }

    @Test(.enabled(if: WaylandSession.isInstalled, "cage, wev, seatd and xwayland (make test installs them)"))
    func theRuleScreensPrintsForWestonAndCageMapsTheVirtualTouchscreenToo() throws {
        removeRule()  // the project's rule would set the same: only the printed one here
        let (large, _) = try createDevice(panelOfSize("TB Wayland Printed", 488, 274))
        let printed = try Spawned(touchbridgeExecutable, ["screens", "--config", "weston", "--virtual-touchscreen"])
        #expect(printed.wait(timeout: 60) == 0, "\(printed.errors)")
        #expect(printed.output.contains("ENV{WL_OUTPUT}=\"Virtual-2\""), "\(printed.output)")
        let rule = "/run/udev/rules.d/71-touchbridge-outputs.rules"
        try installUdevRule(rule, printed.output)
        defer { try? installUdevRule(rule, nil) }
        let d = try Spawned(touchbridgeExecutable, ["run", "--json", "--grab", "--virtual-touchscreen", large.devnode])
        #expect(eventually(timeout: 30) { virtualNodes(d.errors, "touchscreen").count == 1 }, "\(d.errors)")
        let node = try #require(virtualNodes(d.errors, "touchscreen").first)
        #expect(eventually(timeout: 10) { (try? wlOutput(node)) == "Virtual-2" }, "\(node)")
        let session = try WaylandSession(drm: drm)
        defer { session.stop() }
        #expect(session.waitForTheClient(), "client: \(session.client.suffix(2000))")
        #expect(tapUntilTheClientIsTouched(large, session), "\(session.client.suffix(3000))")
        #expect(d.stop() == 0)
        let placed = try #require(locations(d.output).first, "\(d.output)")
        let down = try #require(session.touchDowns.first)
        #expect(abs(down.x - (headlessWidth + placed.x)) <= 1, "\(down) for \(placed)")
        #expect(abs(down.y - placed.y) <= 1, "\(down) for \(placed)")
    }

    @Test(.enabled(if: WaylandSession.isInstalled, "cage, wev, seatd and xwayland (make test installs them)"))
    func aPanelMountedTurnedOnItsDisplayTouchesTheClientWhereItWasTouched() throws {
        try installRule()
        defer { removeRule() }
        // A portrait panel mounted turned 90° clockwise on the landscape display, pinned to it.
        let (turned, _) = try createDevice(panelOfSize("TB Wayland Turned", 274, 488))
        let d = try Spawned(
            touchbridgeExecutable,
            [
                "run", "--json", "--grab", "--virtual-touchscreen", "--output", "Virtual-2", "--rotate", "90",
                turned.devnode,
            ]
        )
        #expect(eventually(timeout: 30) { virtualNodes(d.errors, "touchscreen").count == 1 }, "\(d.errors)")
        #expect(d.errors.contains("on display Virtual-2 (pinned to Virtual-2): the screen is 1920x1080"), "\(d.errors)")
        let session = try WaylandSession(drm: drm)
        defer { session.stop() }
        #expect(
            session.waitForTheClient(),
            "client: \(session.client.suffix(2000))\ncage: \(session.cage.errors.suffix(2000))")
        // A quarter of the way across and down the panel (548 of 2192, 976 of 3904 units).
        #expect(tapUntilTheClientIsTouched(turned, session, at: (548, 976)), "\(session.client.suffix(3000))")
        #expect(d.stop() == 0)
        let placed = try #require(locations(d.output).first, "\(d.output)")
        // Turned 90° clockwise: the panel's x runs down the screen, its y from right to left.
        #expect(abs(placed.x - 1440) < 1, "\(placed)")
        #expect(abs(placed.y - 270) < 1, "\(placed)")
        let down = try #require(session.touchDowns.first)
        #expect(abs(down.x - (headlessWidth + placed.x)) <= 1, "\(down) for \(placed)")
        #expect(abs(down.y - placed.y) <= 1, "\(down) for \(placed)")
    }

    @Test(.enabled(if: WaylandSession.isInstalled, "cage, wev, seatd and xwayland (make test installs them)"))
    func theVirtualPointerClicksTheClientWhereThePanelWasTapped() throws {
        try installRule()
        defer { removeRule() }
        let (large, _) = try createDevice(panelOfSize("TB Wayland Pointer", 488, 274))
        let d = try Spawned(touchbridgeExecutable, ["run", "--json", "--grab", "--virtual-pointer", large.devnode])
        #expect(eventually(timeout: 30) { virtualNodes(d.errors, "pointer").count == 1 }, "\(d.errors)")
        // Virtual-2 alone: an absolute pointer spans the outputs cage has.
        let session = try WaylandSession(drm: drm, headless: false)
        defer { session.stop() }
        #expect(session.waitForTheClient(), "client: \(session.client.suffix(2000))")
        var id: Int32 = 1
        let clicked = eventually(timeout: 90) {
            try? large.frame([
                (k.EV_ABS, k.ABS_MT_TRACKING_ID, id), (k.EV_ABS, k.ABS_MT_POSITION_X, 976),
                (k.EV_ABS, k.ABS_MT_POSITION_Y, 548), (k.EV_KEY, k.BTN_TOUCH, 1),
            ])
            usleep(30_000)
            try? large.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0)])
            id += 1
            return eventually(timeout: 3) { session.pointerButtons.contains { $0.contains("(released)") } }
        }
        #expect(clicked, "client: \(session.client.suffix(2000))")
        #expect(d.stop() == 0)
        let placed = try #require(locations(d.output).first, "\(d.output)")
        let at = try #require(session.pointerPositions.last, "\(session.client.suffix(2000))")
        // The left button pressed and released where the finger was.
        #expect(abs(at.x - placed.x) <= 1, "\(at) for \(placed)")
        #expect(abs(at.y - placed.y) <= 1, "\(at) for \(placed)")
        #expect(session.pointerButtons.first?.contains("272 (left), state: 1 (pressed)") == true)
    }
}
