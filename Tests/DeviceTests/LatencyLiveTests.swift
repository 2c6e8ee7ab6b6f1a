import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing

/// `touchbridge latency` as a client of sway on the VM's virtio GPU: taps written into a uinput
/// panel, each write's time noted on CLOCK_MONOTONIC; every tap comes back as a complete sample
/// whose kernel time is the write's and whose moments are in the chain's order.
@Suite(
    "touch-to-photon latency", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason),
    .enabled(if: WaylandSession.isInstalled, "cage, wev, seatd and xwayland (make test installs them)"),
    .serialized)
struct LatencyLiveTests {
    let k = Kernel.self

    static func monotonic() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Writes `taps` taps into `panel`, a tenth of a second down and 0.3 s apart, across it;
    /// each one's write time on CLOCK_MONOTONIC.
    func tap(_ panel: UInputDevice, _ taps: Int) throws -> [Double] {
        var written: [Double] = []
        for i in 0..<taps {
            // Far enough apart (a sixth of the panel) that place tells neighbours apart.
            let x = Int32(400 + 700 * (i % 5))
            let y = Int32(300 + 450 * (i / 5 % 4))
            written.append(Self.monotonic())
            try panel.frame([
                (k.EV_ABS, k.ABS_MT_SLOT, 0), (k.EV_ABS, k.ABS_MT_TRACKING_ID, Int32(i + 1)),
                (k.EV_ABS, k.ABS_MT_POSITION_X, x), (k.EV_ABS, k.ABS_MT_POSITION_Y, y), (k.EV_KEY, k.BTN_TOUCH, 1),
            ])
            Thread.sleep(forTimeInterval: 0.1)
            try panel.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0)])
            Thread.sleep(forTimeInterval: 0.3)
        }
        return written
    }

    /// The latency of `taps` taps written into `panel` (a new one when nil) while
    /// `touchbridge latency` runs as a client of `compositor` (sway or cage), each write's time
    /// noted; the report's JSON. With `unplugAfter`, the new panel is unplugged after that many.
    func measure(
        _ compositor: String, taps: Int, panel given: UInputDevice? = nil, unplugAfter: Int? = nil,
        extra: [String] = []
    ) throws -> (root: [String: Any], written: [Double], said: String) {
        var device: UInputDevice? = try given ?? createDevice(VirtualDevices.multitouch(name: "TB Latency Panel")).0
        let node = try #require(device).devnode
        try #require(MarksCompositor.installed(compositor), "\(compositor) and grim (make test installs them)")
        let session = try MarksCompositor(compositor, drm: "/dev/dri/card1", input: true)
        defer { session.stop() }
        let socket = try #require(session.socket(), "\(session.compositor.errors.suffix(1500))")
        if compositor.hasSuffix("sway") { _ = session.swayIPC() }
        let tool = try Spawned(
            "/usr/bin/env",
            [
                "WAYLAND_DISPLAY=\(socket)", touchbridgeExecutable, "latency", node, "--count", "\(taps)",
                "--json",
            ] + extra)
        #expect(
            eventually(timeout: 90) { tool.errors.contains("tap the panel") },
            "\(tool.errors) \(compositor): \(session.compositor.errors.suffix(3000))")
        // The compositor reads the panel once libinput has it: a second is plenty in the VM.
        Thread.sleep(forTimeInterval: 2)
        let written = try tap(try #require(device), unplugAfter ?? taps)
        // Its last reference dropped (a panel of the test's own), the device is destroyed.
        if unplugAfter != nil { device = nil }
        #expect(tool.wait(timeout: 60) == (unplugAfter == nil ? 0 : 66), "\(tool.errors)")
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(tool.output.utf8)) as? [String: Any],
            "\(tool.output) \(tool.errors)")
        return (root, written, tool.errors)
    }

    @Test func swayAnswersEveryTapAndEachSampleIsCompleteAndInOrder() throws {
        let taps = 20
        let svg = temporaryPath("latency") + ".svg"
        defer { unlink(svg) }
        // A tap before the tool starts, where its first tap will be: the kernel then sends that
        // tap's place no more (a value unchanged is not sent), and the tool has it from libevdev.
        let (panel, _) = try createDevice(VirtualDevices.multitouch(name: "TB Latency Panel"))
        _ = try tap(panel, 1)
        let (root, written, said) = try measure("/usr/bin/sway", taps: taps, panel: panel, extra: ["--svg", svg])
        #expect(root["clock"] as? String == "CLOCK_MONOTONIC")
        let samples = try #require(root["samples"] as? [[String: Any]])
        let complete = samples.filter { $0["complete"] as? Bool == true }
        #expect(complete.count >= taps - 1, "\(samples) \(said)")
        #expect(!samples.contains { $0["kernel"] as? Double == nil }, "every delivered touch paired: \(samples)")
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(picture.contains("\(complete.count) complete samples of \(samples.count) touches"), "\(picture)")
        #expect(picture.components(separatedBy: "class=\"p95\"").count - 1 == 4, "each stage's p95 marked")
        for s in complete {
            let kernel = try #require(s["kernel"] as? Double)
            let delivered = try #require(s["delivered"] as? Double)
            let committed = try #require(s["committed"] as? Double)
            let presented = try #require(s["presented"] as? Double)
            #expect(written.contains { abs($0 - kernel) < 0.05 }, "kernel \(kernel) against the writes \(written)")
            #expect([kernel, delivered, committed, presented] == [kernel, delivered, committed, presented].sorted())
        }
        let summary = try #require(root["summary"] as? [String: [String: Any]])
        let whole = try #require(summary["kernel_to_presented"])
        for p in ["p50", "p95", "p99"] { #expect(whole[p] as? Double != nil, "\(p) in \(whole)") }
    }

    /// The panel unplugged after two of five taps: the two are reported, then the tool says so
    /// and exits 66, as every reader of a panel does.
    @Test func anUnplugReportsTheTapsMadeThenExits66() throws {
        let (root, _, said) = try measure("/usr/bin/sway", taps: 5, unplugAfter: 2)
        let samples = try #require(root["samples"] as? [[String: Any]])
        #expect(samples.filter { $0["kernel"] as? Double != nil }.count == 2, "\(samples) \(said)")
        #expect(said.contains(": the device was unplugged"), "\(said)")
    }

    /// The kiosk's way: the compositor reads touchbridge's corrected virtual touchscreen, libinput
    /// told to leave the panel alone, and the tool reads the panel itself: kernel times stay the
    /// panel's, and the hop is inside the compositor's stage.
    @Test func throughTheVirtualTouchscreenTheKernelTimesStayThePanels() throws {
        let rule = "/run/udev/rules.d/80-tb-latency-through.rules"
        try installUdevRule(
            rule, #"SUBSYSTEM=="input", ATTRS{name}=="TB Latency Through", ENV{LIBINPUT_IGNORE_DEVICE}="1""#)
        defer { try? installUdevRule(rule, nil) }
        let (panel, _) = try createDevice(VirtualDevices.multitouch(name: "TB Latency Through"))
        let property = try Spawned("/bin/udevadm", ["info", "--query=property", panel.devnode])
        _ = property.wait(timeout: 30)
        #expect(property.output.contains("LIBINPUT_IGNORE_DEVICE=1"), "libinput leaves the panel: \(property.output)")
        let daemon = try Spawned(
            touchbridgeExecutable, ["run", "--virtual-touchscreen", "--screen", "1280x800", panel.devnode])
        defer { _ = daemon.stop(timeout: 10) }
        #expect(
            eventually(timeout: 30) { daemon.errors.contains("virtual touchscreen /dev/input/") }, "\(daemon.errors)")
        _ = try Spawned("/bin/udevadm", ["settle", "--timeout=10"]).wait(timeout: 30)
        let taps = 20
        let (root, written, said) = try measure("/usr/bin/sway", taps: taps, panel: panel)
        let samples = try #require(root["samples"] as? [[String: Any]])
        let complete = samples.filter { $0["complete"] as? Bool == true }
        #expect(complete.count >= taps - 1, "\(samples) \(said)")
        for s in complete {
            let kernel = try #require(s["kernel"] as? Double)
            #expect(written.contains { abs($0 - kernel) < 0.05 }, "kernel \(kernel) against the writes \(written)")
        }
        // sway 1.7 announces its seat's touch at the first touch, which reaches no client: said.
        #expect(complete.count == taps || said.contains("before the compositor's seat announced touch"), "\(said)")
        // sway reads the virtual touchscreen alone: no touch delivered that the panel did not make.
        #expect(!samples.contains { $0["kernel"] as? Double == nil }, "\(samples)")
        // The hop keeps each touch where it was: paired by place, not by order alone.
        #expect(!said.contains("paired by order alone"), "\(said)")
        #expect(!daemon.errors.contains("error"), "\(daemon.errors)")
    }

    @Test func cageAnswersEveryTapAndSaysItPresentsNoTimes() throws {
        let (panel, _) = try createDevice(VirtualDevices.multitouch(name: "TB Latency Panel"))
        // cage's client runs as nobody, as the session does: the program and the node are made
        // theirs to run and read (a checkout under /root is not).
        chmod(panel.devnode, 0o666)
        let dir = "/tmp/tb-latency-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        chmod(dir, 0o777)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let taps = 5
        let command =
            "\(OtherUsers.touchbridge) latency \(panel.devnode) --count \(taps) --json > \(dir)/out.json 2> \(dir)/err.txt"
        let session = try WaylandSession(drm: "/dev/dri/card1", headless: false, client: ["/bin/sh", "-c", command])
        defer { session.stop() }
        let said = { (try? String(contentsOfFile: "\(dir)/err.txt", encoding: .utf8)) ?? "" }
        #expect(eventually(timeout: 90) { said().contains("tap the panel") }, "\(said()) \(session.cage.errors)")
        Thread.sleep(forTimeInterval: 2)
        let written = try tap(panel, taps)
        let out = { (try? String(contentsOfFile: "\(dir)/out.json", encoding: .utf8)) ?? "" }
        #expect(eventually(timeout: 60) { out().hasSuffix("}\n") }, "\(said())")
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(out().utf8)) as? [String: Any], "\(out()) \(said())")
        #expect(said().contains("offers no wp_presentation"), "\(said())")
        let samples = try #require(root["samples"] as? [[String: Any]])
        let delivered = samples.filter { $0["delivered"] as? Double != nil && $0["committed"] as? Double != nil }
        #expect(delivered.count >= taps - 1, "\(samples)")
        for s in delivered {
            let kernel = try #require(s["kernel"] as? Double)
            #expect(written.contains { abs($0 - kernel) < 0.05 }, "kernel \(kernel) against the writes \(written)")
            #expect(s["complete"] as? Bool == false, "no presentation time, so not complete")
        }
        #expect(root["incomplete"] as? Int == samples.count)
    }
}
