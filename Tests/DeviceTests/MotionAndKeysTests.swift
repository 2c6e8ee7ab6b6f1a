import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing

/// Accelerometers and keys on real kernel devices: a shake through the daemon (its end from
/// the timer, with no event), an unplug mid-shake, an accelerometer plugged in after start,
/// and keyboards read only when asked, with only the keys asked for.
@Suite("Motion and keys on uinput devices", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason), .serialized)
struct MotionAndKeysTests {
    static let k = Kernel.self
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples").path

    static func accelerometer(_ name: String = "TB Test Accelerometer") -> DeviceDescription {
        let axis = AbsInfo(minimum: -1024, maximum: 1023, resolution: 256)
        return DeviceDescription(
            name: name, id: InputID(bustype: 0x19, vendor: 0x1234, product: 0x5a01, version: 1),
            properties: BitSet([k.INPUT_PROP_ACCELEROMETER]),
            codes: [k.EV_SYN: BitSet([k.SYN_REPORT]), k.EV_ABS: BitSet([k.ABS_X, k.ABS_Y, k.ABS_Z])],
            absInfo: [k.ABS_X: axis, k.ABS_Y: axis, k.ABS_Z: axis])
    }

    static func keyboard() -> DeviceDescription {
        DeviceDescription(
            name: "TB Test Media Keys", id: InputID(bustype: 3, vendor: 0x1234, product: 0x5a02, version: 1),
            codes: [
                k.EV_SYN: BitSet([k.SYN_REPORT]),
                k.EV_KEY: BitSet([k.KEY_PLAYPAUSE, k.KEY_NEXTSONG, 28, 30]),  // 28: KEY_ENTER, 30: KEY_A
            ])
    }

    /// 100 Hz samples (in g) into the device.
    func play(_ device: UInputDevice, _ samples: [(Double, Double, Double)]) throws {
        for s in samples {
            try device.frame([
                (Self.k.EV_ABS, Self.k.ABS_X, Int32((s.0 * 256).rounded())),
                (Self.k.EV_ABS, Self.k.ABS_Y, Int32((s.1 * 256).rounded())),
                (Self.k.EV_ABS, Self.k.ABS_Z, Int32((s.2 * 256).rounded())),
            ])
            usleep(10_000)
        }
    }

    func flat(_ n: Int) -> [(Double, Double, Double)] { (0..<n).map { i in (0.01 * Double(i % 3 - 1), 0, 1) } }
    func shaking(_ n: Int) -> [(Double, Double, Double)] { (0..<n).map { i in (i % 6 < 3 ? 1.5 : -1.5, 0, 1) } }

    @Test func aShakeReachesTheFirstResponderEndsByTheTimerAndAnUnplugCancelsTheNext() throws {
        var device: UInputDevice? = try createDevice(Self.accelerometer()).0
        let node = device!.devnode
        let d = try Spawned(touchbridgeExecutable, ["run", "--json", "--scene", "\(Self.examples)/shake.json", node])
        #expect(
            eventually(timeout: 10) { d.errors.contains("shakes become motion events") }, "run reads it: \(d.errors)")
        // Open: what the device reports from now on waits in the kernel for the loop.
        try play(device!, flat(30) + shaking(50))
        #expect(d.waitFor(#""event":"motionBegan","responder":"Attract","subtype":"motionShake""#), "\(d.output)")
        // No more events: the settling time passes on the timer.
        #expect(d.waitFor(#""event":"motionEnded","responder":"KioskController""#, timeout: 5), "\(d.output)")
        try play(device!, shaking(40))
        #expect(
            eventually { d.output.components(separatedBy: "motionBegan").count - 1 == 6 }, "a second shake: \(d.output)"
        )
        device = nil  // unplugged mid-shake
        #expect(d.waitFor(#""event":"motionCancelled","responder":"KioskController""#), "\(d.output)")
        #expect(d.waitFor(#""event":"deviceRemoved""#))
        #expect(d.isRunning, "the daemon keeps running")
        #expect(d.stop() == 0)
    }

    @Test func anAccelerometerPluggedInAfterStartIsRead() throws {
        let d = try Spawned(touchbridgeExecutable, ["run", "--json", "--scene", "\(Self.examples)/shake.json"])
        #expect(eventually(timeout: 10) { d.errors.contains("waiting for one") }, "\(d.errors)")
        let device = try createDevice(Self.accelerometer("TB Test Late Accelerometer")).0
        #expect(
            eventually(timeout: 10) { d.errors.contains("TB Test Late Accelerometer (an accelerometer") }, "\(d.errors)"
        )
        try play(device, flat(20) + shaking(40))
        #expect(d.waitFor(#""event":"motionBegan""#), "\(d.output)")
        #expect(d.stop() == 0)
    }

    @Test func keyboardsAreReadOnlyWhenAskedAndOnlyTheKeysAsked() throws {
        let device = try createDevice(Self.keyboard()).0
        // Not asked: the keyboard is not even opened.
        let plain = try Spawned(touchbridgeExecutable, ["run", "--json"])
        #expect(eventually(timeout: 10) { plain.errors.contains("waiting for one") }, "\(plain.errors)")
        usleep(300_000)
        #expect(!plain.hasOpen(device.devnode))
        #expect(!plain.errors.contains("TB Test Media Keys"))
        #expect(plain.stop() == 0)
        // --keys: media keys become remote-control events; KEY_A and auto-repeat never show.
        let asked = try Spawned(touchbridgeExecutable, ["run", "--json", "--keys"])
        #expect(eventually(timeout: 10) { asked.errors.contains("TB Test Media Keys (keys") }, "\(asked.errors)")
        // Open: what the device reports from now on waits in the kernel for the loop.
        try device.frame([(Self.k.EV_KEY, 30, 1)])
        try device.frame([(Self.k.EV_KEY, 30, 0)])
        try device.frame([(Self.k.EV_KEY, Self.k.KEY_PLAYPAUSE, 1)])
        try device.frame([(Self.k.EV_KEY, Self.k.KEY_PLAYPAUSE, 2)])
        try device.frame([(Self.k.EV_KEY, Self.k.KEY_PLAYPAUSE, 0)])
        #expect(asked.waitFor(#""subtype":"remoteControlTogglePlayPause""#), "\(asked.output)")
        usleep(300_000)
        #expect(
            asked.output.components(separatedBy: #""responder":"Window","subtype":"remoteControlTogglePlayPause""#)
                .count == 2,
            "once, whatever the repeat: \(asked.output)")
        #expect(!asked.output.contains("KEY_A"))
        #expect(!asked.output.contains(#""code":30"#))
        #expect(asked.stop() == 0)
    }
}
