import Discovery
import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing
import TouchInput

/// Marks where the finger goes, seen as the person at the panel sees them: a real compositor
/// on the VM's virtio displays, a uinput panel pinned to one, and `grim`'s screenshot of the
/// output while `calibrate` waits for its first mark or `spots` shows a held finger.
@Suite(
    "Marks on the screen",
    .enabled(
        if: DeviceTestGate.enabled && ProcessInfo.processInfo.environment["TOUCHBRIDGE_VM_DISPLAYS"] != nil,
        "needs uinput and the VM's virtio GPUs (make device-test)"), .serialized)
struct MarksOnScreenTests {
    let k = Kernel.self

    /// The yellow of the mark asked for.
    static func waiting(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Bool { r > 200 && g > 150 && b < 90 }
    /// The blue of a finger's ring.
    static func ring(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Bool { r < 80 && g > 140 && b > 200 }

    /// sway on GPU `drm` (Virtual-2's by default) and its socket; a failure when sway or grim
    /// is missing (make test installs them), never a quiet pass.
    func sway(drm: String = "/dev/dri/card1") throws -> (session: MarksCompositor, socket: String) {
        try #require(MarksCompositor.installed("/usr/bin/sway"), "sway and grim (make test installs them)")
        let session = try MarksCompositor("/usr/bin/sway", drm: drm)
        guard let socket = session.socket() else {
            session.stop()
            throw SessionError(message: "sway did not listen: \(session.compositor.errors.suffix(1500))")
        }
        return (session, socket)
    }

    /// touchbridge `arguments` as a client of the compositor at `socket`.
    func client(_ socket: String, _ arguments: [String]) throws -> Spawned {
        try Spawned("/usr/bin/env", ["WAYLAND_DISPLAY=\(socket)", touchbridgeExecutable] + arguments)
    }

    /// The point `calibrate` asks for first (`touch the mark at X,Y`).
    func firstMark(_ errors: String) -> (x: Double, y: Double)? {
        guard let r = errors.range(of: "touch the mark at ") else { return nil }
        let n = errors[r.upperBound...].prefix { $0 != " " }.split(separator: ",").compactMap { Double($0) }
        return n.count == 2 ? (n[0], n[1]) : nil
    }

    /// `calibrate` on a panel pinned to `output` under `compositor`, until it draws; the
    /// screenshot's crosshair centre against the prompt's point, turned as the display is.
    func crosshair(_ program: String, drm: String, output: String) throws -> (
        centre: (x: Double, y: Double, count: Int), expected: (x: Double, y: Double), errors: String
    ) {
        try #require(MarksCompositor.installed(program), "\(program) and grim (make test installs them)")
        let session = try MarksCompositor(program, drm: drm)
        defer { session.stop() }
        let socket = try #require(session.socket(), "\(session.compositor.errors)")
        let panel = try DoctorLiveTests.uinputPanel()
        let calibrate = try client(socket, ["calibrate", panel.devnode, "--output", output])
        defer { _ = calibrate.stop(timeout: 10) }
        #expect(eventually(timeout: 30) { firstMark(calibrate.errors) != nil }, "\(calibrate.errors)")
        let mark = try #require(firstMark(calibrate.errors), "\(calibrate.errors)")
        var shot: Picture?
        _ = eventually(timeout: 20) {
            shot = try? session.screenshot(output)
            return (shot?.centre(of: Self.waiting).count ?? 0) > 20
        }
        let picture = try #require(shot, "grim: no picture; \(session.compositor.errors.suffix(1500))")
        // A display the compositor did not turn shows the panel's picture as mounted: the mark
        // is where the finger goes on the glass, the display's own pixel.
        let screen = (w: Double(picture.width), h: Double(picture.height))
        let turned = program.hasSuffix("sway") && output == "Virtual-3" && screen.w > screen.h
        let expected = turned ? (x: mark.y, y: 900 - mark.x) : mark
        return (picture.centre(of: Self.waiting), expected, calibrate.errors)
    }

    /// Puts a finger down (tracking id `id`) at the fractions `fx`, `fy` of the panel and holds
    /// it; where it lands on the 1920x1080 screen.
    func holdFinger(_ panel: UInputDevice, _ d: DeviceDescription, id: Int32, _ fx: Double, _ fy: Double) throws
        -> ScreenPoint
    {
        let x = try #require(d.absInfo[k.ABS_MT_POSITION_X])
        let y = try #require(d.absInfo[k.ABS_MT_POSITION_Y])
        let at = (
            x: x.minimum + Int32(Double(x.maximum - x.minimum) * fx),
            y: y.minimum + Int32(Double(y.maximum - y.minimum) * fy)
        )
        try panel.frame([
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, id), (k.EV_ABS, k.ABS_MT_POSITION_X, at.x),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, at.y), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        let mapper = try #require(
            ScreenMapper(device: d, calibration: .identity, rotation: .none, screen: (width: 1920, height: 1080)))
        return mapper.map(DevicePoint(x: Double(at.x), y: Double(at.y)))
    }

    /// The centre of the ring `output` shows, once one is shown (count 0: none in 20 s).
    func ringShown(_ session: MarksCompositor, _ output: String) -> (x: Double, y: Double, count: Int) {
        var ring = (x: 0.0, y: 0.0, count: 0)
        _ = eventually(timeout: 20) {
            ring = (try? session.screenshot(output))?.centre(of: Self.ring) ?? ring
            return ring.count > 50
        }
        return ring
    }

    @Test func swayShowsTheFirstMarkWhereThePromptSays() throws {
        let r = try crosshair("/usr/bin/sway", drm: "/dev/dri/card1", output: "Virtual-2")
        #expect(r.errors.contains("drawing on an overlay on Virtual-2 (layer shell"), "\(r.errors)")
        #expect(abs(r.centre.x - r.expected.x) <= 2, "\(r.centre) vs \(r.expected)")
        #expect(abs(r.centre.y - r.expected.y) <= 2, "\(r.centre) vs \(r.expected)")
    }

    @Test func aDisplayMountedLeftSideUpShowsTheMarkWhereTheFingerGoes() throws {
        let r = try crosshair("/usr/bin/sway", drm: "/dev/dri/card2", output: "Virtual-3")
        #expect(r.errors.contains("the screen is 900x1600, turned 90"), "\(r.errors)")
        #expect(abs(r.centre.x - r.expected.x) <= 2, "\(r.centre) vs \(r.expected)")
        #expect(abs(r.centre.y - r.expected.y) <= 2, "\(r.centre) vs \(r.expected)")
    }

    @Test func cageWithoutOverlaysShowsAFullscreenWindow() throws {
        let r = try crosshair("/usr/bin/cage", drm: "/dev/dri/card1", output: "Virtual-2")
        #expect(r.errors.contains("drawing on a fullscreen window on Virtual-2"), "\(r.errors)")
        #expect(abs(r.centre.x - r.expected.x) <= 2, "\(r.centre) vs \(r.expected)")
        #expect(abs(r.centre.y - r.expected.y) <= 2, "\(r.centre) vs \(r.expected)")
    }

    @Test func spotsRingsAHeldFingerOverWhatRuns() throws {
        let (session, socket) = try sway()
        defer { session.stop() }
        let panel = try DoctorLiveTests.uinputPanel()
        let d = try EvdevDevice.openNode(panel.devnode).description
        let spots = try client(socket, ["spots", panel.devnode, "--output", "Virtual-2"])
        defer { _ = spots.stop(timeout: 10) }
        #expect(
            eventually(timeout: 30) { spots.errors.contains("drawing on an overlay on Virtual-2") }, "\(spots.errors)")
        let expected = try holdFinger(panel, d, id: 7, 0.3, 0.6)
        let ring = ringShown(session, "Virtual-2")
        #expect(ring.count > 50, "no ring: \(spots.errors)")
        #expect(abs(ring.x - expected.x) <= 3, "\(ring) vs \(expected)")
        #expect(abs(ring.y - expected.y) <= 3, "\(ring) vs \(expected)")
        // The finger lifted, the ring goes.
        try panel.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0)])
        #expect(
            eventually(timeout: 20) { ((try? session.screenshot("Virtual-2"))?.centre(of: Self.ring).count ?? 1) == 0 })
    }

    @Test func spotsShowsAPensHoverAndItsTipWhereTheyAre() throws {
        let (session, socket) = try sway()
        defer { session.stop() }
        let path = repositoryDirectory + "/examples/qualify-pen.evemu"
        let recording = try EvemuParser(file: path).parse(Array(try String(contentsOfFile: path, encoding: .utf8).utf8))
        let (pen, _) = try createDevice(recording.description)
        let d = recording.description
        let spots = try client(socket, ["spots", pen.devnode, "--output", "Virtual-2"])
        defer { _ = spots.stop(timeout: 10) }
        #expect(
            eventually(timeout: 30) { spots.errors.contains("drawing on an overlay on Virtual-2") }, "\(spots.errors)")
        let x = try #require(d.absInfo[k.ABS_X])
        let y = try #require(d.absInfo[k.ABS_Y])
        let at = (x: x.minimum + (x.maximum - x.minimum) * 2 / 5, y: y.minimum + (y.maximum - y.minimum) / 3)
        let mapper = try #require(
            ScreenMapper(device: d, calibration: .identity, rotation: .none, screen: (width: 1920, height: 1080)))
        let expected = mapper.map(DevicePoint(x: Double(at.x), y: Double(at.y)))
        func magenta(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Bool { r > 200 && g < 140 && b > 160 }
        func shown(_ least: Int) -> (x: Double, y: Double, count: Int) {
            var c = (x: 0.0, y: 0.0, count: 0)
            _ = eventually(timeout: 20) {
                c = (try? session.screenshot("Virtual-2"))?.centre(of: magenta) ?? c
                return c.count > least
            }
            return c
        }
        // Hovering: an outline where the pen is.
        try pen.frame([
            (k.EV_KEY, k.BTN_TOOL_PEN, 1), (k.EV_ABS, k.ABS_X, at.x), (k.EV_ABS, k.ABS_Y, at.y),
            (k.EV_ABS, k.ABS_DISTANCE, 10),
        ])
        let hover = shown(20)
        #expect(abs(hover.x - expected.x) <= 3, "\(hover) vs \(expected)")
        #expect(abs(hover.y - expected.y) <= 3, "\(hover) vs \(expected)")
        // The tip down, pressed hard: a dot, larger than the outline's ring of pixels.
        let pressure = try #require(d.absInfo[k.ABS_PRESSURE])
        try pen.frame([
            (k.EV_KEY, k.BTN_TOUCH, 1), (k.EV_ABS, k.ABS_DISTANCE, 0), (k.EV_ABS, k.ABS_PRESSURE, pressure.maximum),
        ])
        let tip = shown(hover.count + 200)
        #expect(tip.count > hover.count + 200, "a dot: \(tip) after \(hover)")
        #expect(abs(tip.x - expected.x) <= 3, "\(tip) vs \(expected)")
        #expect(abs(tip.y - expected.y) <= 3, "\(tip) vs \(expected)")
    }

    @Test func runWithSpotsShowsTheFingersOfThePanelItReads() throws {
        let (session, socket) = try sway()
        defer { session.stop() }
        let panel = try DoctorLiveTests.uinputPanel()
        let d = try EvdevDevice.openNode(panel.devnode).description
        let run = try client(socket, ["run", "--json", "--spots", "--output", "Virtual-2", panel.devnode])
        #expect(eventually(timeout: 30) { run.errors.contains("drawing on an overlay on Virtual-2") }, "\(run.errors)")
        let expected = try holdFinger(panel, d, id: 3, 0.5, 0.25)
        let ring = ringShown(session, "Virtual-2")
        #expect(abs(ring.x - expected.x) <= 3, "\(ring) vs \(expected): \(run.errors)")
        #expect(abs(ring.y - expected.y) <= 3, "\(ring) vs \(expected): \(run.errors)")
        // The daemon got the same touch: spots takes nothing from it.
        #expect(eventually(timeout: 10) { run.output.contains("\"touchesBegan\"") }, "\(run.output)")
        try panel.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0)])
        #expect(run.stop(timeout: 10) == 0, "\(run.errors)")
        // Its spots ended with it.
        #expect(
            eventually(timeout: 10) {
                (try? Spawned("/usr/bin/pgrep", ["-f", "touchbridge-cli spots"]).wait(timeout: 10)) == 1
            })
    }

    @Test func aDisplayTheCompositorDoesNotShowIsDrawnOnItself() throws {
        // sway drives Virtual-2 alone; the panel is on Virtual-1, which no one holds.
        let (session, socket) = try sway()
        defer { session.stop() }
        let panel = try DoctorLiveTests.uinputPanel()
        let calibrate = try client(socket, ["calibrate", panel.devnode, "--output", "Virtual-1"])
        defer { _ = calibrate.stop(timeout: 10) }
        #expect(eventually(timeout: 30) { firstMark(calibrate.errors) != nil }, "\(calibrate.errors)")
        #expect(calibrate.errors.contains("drawing on Virtual-1 itself (KMS, /dev/dri/card0)"), "\(calibrate.errors)")
        let mark = try #require(firstMark(calibrate.errors))
        var centre = (x: 0.0, y: 0.0, count: 0)
        _ = eventually(timeout: 20) {
            centre = (try? QEMUScreen.dump("gpu0"))??.centre(of: Self.waiting) ?? centre
            return centre.count > 20
        }
        #expect(abs(centre.x - mark.x) <= 2, "\(centre) vs \(mark)")
        #expect(abs(centre.y - mark.y) <= 2, "\(centre) vs \(mark)")
    }

    @Test func aCompositorThatEndsLeavesThePromptsGoingOn() throws {
        let (session, socket) = try sway()
        let panel = try DoctorLiveTests.uinputPanel()
        let calibrate = try client(socket, ["calibrate", panel.devnode, "--output", "Virtual-2"])
        #expect(eventually(timeout: 30) { firstMark(calibrate.errors) != nil }, "\(calibrate.errors)")
        session.stop()
        #expect(eventually(timeout: 20) { calibrate.errors.contains("was taken away") }, "\(calibrate.errors)")
        // Still asking, in the terminal: stopped now, it is unfinished, not crashed.
        #expect(calibrate.isRunning)
        #expect(calibrate.stop(timeout: 10) == 75, "\(calibrate.errors)")
    }

    @Test func withNoCompositorTheMarksGoStraightOnTheDisplay() throws {
        _ = try Spawned("/bin/udevadm", ["trigger", "--subsystem-match=drm", "--action=add"]).wait(timeout: 30)
        let panel = try DoctorLiveTests.uinputPanel()
        let calibrate = try Spawned(
            "/usr/bin/env",
            ["-u", "WAYLAND_DISPLAY", touchbridgeExecutable, "calibrate", panel.devnode, "--output", "Virtual-1"])
        #expect(
            eventually(timeout: 30) { firstMark(calibrate.errors) != nil }, "\(calibrate.errors)")
        #expect(calibrate.errors.contains("drawing on Virtual-1 itself (KMS, /dev/dri/card0)"), "\(calibrate.errors)")
        // What QEMU shows of the display: the crosshair on the prompt's point.
        let mark = try #require(firstMark(calibrate.errors))
        var shot: Picture?
        _ = eventually(timeout: 20) {
            shot = try? QEMUScreen.dump("gpu0")
            return (shot?.centre(of: Self.waiting).count ?? 0) > 20
        }
        if let centre = shot?.centre(of: Self.waiting) {
            #expect(abs(centre.x - mark.x) <= 2, "\(centre) vs \(mark)")
            #expect(abs(centre.y - mark.y) <= 2, "\(centre) vs \(mark)")
        } else {
            #expect(ProcessInfo.processInfo.environment["TOUCHBRIDGE_VM_JOB"] == nil, "no screendump")
        }
        // Stopped before any mark: unfinished, its own status, and the console's picture given back.
        #expect(calibrate.stop(timeout: 10) == 75, "\(calibrate.errors)")
        #expect(calibrate.errors.contains("unfinished: stopped after 0 of 4 points"), "\(calibrate.errors)")
    }
}
