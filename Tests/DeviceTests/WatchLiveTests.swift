import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing

/// `touchbridge watch` on live uinput panels in a real terminal (tmux): a 1 kHz flood read to
/// the last frame while the picture skips frames, asleep once the panel is quiet, and the
/// terminal given back when the panel is unplugged under a finger.
@Suite("watch on live panels", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason), .serialized)
struct WatchLiveTests {
    let k = Kernel.self

    /// `make bench-watch` measures the release build at 1 kHz (BENCHMARKS.md); `make test` the
    /// debug build, at the pace a debug build keeps under emulation.
    static let environment = ProcessInfo.processInfo.environment
    static let binary = environment["TOUCHBRIDGE_WATCH_BINARY"] ?? touchbridgeExecutable
    static let intervalMicroseconds = UInt32(environment["TOUCHBRIDGE_WATCH_INTERVAL_US"] ?? "") ?? 5000
    static let fingers = Int32(environment["TOUCHBRIDGE_WATCH_FINGERS"] ?? "") ?? 5

    func watch(_ node: String, _ options: [String] = []) throws -> TmuxTerminal {
        let t = try TmuxTerminal(
            columns: 80, rows: 24, [Self.binary, "watch", "--screen", "800x480"] + options + [node])
        // The debug interface is read over the VM's 9p share under emulation: on a loaded host
        // its first picture took more than 10 s once (a fresh clone's run). Waited for, not timed.
        #expect(t.waitFor("TB Test MT Panel", timeout: 60), "watch is drawing: \(t.screen)")
        return t
    }

    /// The status's frame count and SYN_DROPPED.
    func counters(_ screen: [String]) -> (frames: Int, dropped: Int)? {
        guard let rate = screen.first(where: { $0.hasPrefix("rate ") }), let f = rate.range(of: "since start, "),
            let down = screen.first(where: { $0.hasPrefix("down ") }), let d = down.range(of: "SYN_DROPPED ")
        else { return nil }
        guard let frames = Int(rate[f.upperBound...].prefix { $0.isNumber }),
            let dropped = Int(down[d.upperBound...].prefix { $0.isNumber })
        else { return nil }
        return (frames, dropped)
    }

    /// CPU ticks (user + system) a process has used.
    func cpuTicks(_ pid: pid_t) -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    @Test func aFloodIsReadToTheLastFrameWhileThePictureSkipsAndTheQuietPanelCostsNothing() throws {
        let (device, _) = try createDevice(VirtualDevices.multitouch())
        let t = try watch(device.devnode)
        let pid = try #require(t.pid)
        let before = (writes: t.writes()?.calls ?? 0, ticks: cpuTicks(pid) ?? 0)
        // The fingers down one by one, 3000 frames of all of them moving, the lifts.
        let n = Self.fingers
        try device.dragFingers(n, frames: 3000, interval: Self.intervalMicroseconds)
        let frames = 3000 + 2 * Int(n)
        // Every frame read; only on a busy machine (a debug build under emulation) may the kernel
        // drop some, which the benchmarks measure (make bench-watch) rather than this test.
        #expect(
            eventually(timeout: 30) { counters(t.screen).map { $0.frames == frames || $0.dropped > 0 } ?? false },
            "every frame read: \(t.screen)")
        if let c = counters(t.screen), c.dropped > 0 {
            print("watch flood: the kernel dropped events (a busy machine)")
        }
        #expect(t.screen.contains { $0.contains("most \(n) at once") })
        let during = (writes: (t.writes()?.calls ?? 0) - before.writes, ticks: (cpuTicks(pid) ?? 0) - before.ticks)
        print(
            "watch flood: \(n) fingers, \(frames) frames \(Self.intervalMicroseconds) us apart: "
                + "\(counters(t.screen).map { "\($0.frames) read, \($0.dropped) SYN_DROPPED" } ?? "?"), "
                + "\(during.writes) writes to the terminal, \(during.ticks) CPU ticks")
        // Quiet: once the marks have faded and the rate's second has passed, nothing runs.
        #expect(eventually(timeout: 10) { t.screen.contains { $0.hasPrefix("rate 0/s now") } }, "\(t.screen)")
        usleep(300_000)
        let (writes, ticks) = (t.writes(), cpuTicks(pid))
        usleep(2_000_000)
        #expect(writes != nil, "no writes while the panel is quiet")
        #expect(t.writes()?.calls == writes?.calls, "no writes while the panel is quiet")
        #expect(ticks != nil, "no CPU while the panel is quiet")
        #expect(cpuTicks(pid) == ticks, "no CPU while the panel is quiet")
        t.send("q")
        #expect(eventually { t.exitStatus != nil })
        #expect(t.exitStatus == 0)
        #expect(t.isRestored)
    }

    @Test func grabbedWhileWatchedThePanelReachesNoOtherReader() throws {
        let (device, _) = try createDevice(VirtualDevices.multitouch())
        let other = try Spawned(touchbridgeExecutable, ["touches", device.devnode])
        #expect(eventually { other.hasOpen(device.devnode) })
        let t = try watch(device.devnode, ["--grab"])
        try device.frame([
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, 1), (k.EV_ABS, k.ABS_MT_POSITION_X, 1000),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 1000), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        #expect(t.waitFor("down 1"), "\(t.screen)")
        try device.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0)])
        #expect(t.waitFor("down 0"), "\(t.screen)")
        t.send("q")
        #expect(eventually { t.exitStatus == 0 }, "\(t.screen)")
        // Released at exit: the other reader sees the next touch, and saw none before.
        try device.frame([
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, 2), (k.EV_ABS, k.ABS_MT_POSITION_X, 2000),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 1000), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        #expect(other.waitFor("began"))
        #expect(other.stop() == 0)
        #expect(!other.output.contains("tid=1"), "\(other.output)")
        #expect(other.output.contains("tid=2"), "\(other.output)")
    }

    @Test func anUnplugUnderAFingerGivesTheTerminalBackAndSaysSo() throws {
        var (device, _) = try createDevice(VirtualDevices.multitouch())
        let node = device.devnode
        let t = try watch(node)
        try device.frame([
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, 1), (k.EV_ABS, k.ABS_MT_POSITION_X, 1000),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 1000), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        #expect(t.waitFor("down 1"), "\(t.screen)")
        device = try UInputDevice(VirtualDevices.multitouch(name: "TB Test Other Panel"))  // the first one is destroyed
        #expect(eventually(timeout: 10) { t.exitStatus != nil }, "\(t.screen)")
        #expect(t.exitStatus == 66, "\(t.screen)")
        #expect(t.isRestored, "\(t.screen)")
        #expect(t.screen.contains { $0.contains(node) && $0.contains("unplugged") }, "\(t.screen)")
        _ = device
    }
}
