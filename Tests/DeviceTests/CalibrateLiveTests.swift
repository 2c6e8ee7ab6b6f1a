import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing

/// `touchbridge calibrate` on a live panel: it asks for each mark on standard error, refuses a
/// sliding finger and asks again, and fits the offset the panel has.
@Suite("Calibrate on a uinput panel", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason), .serialized)
struct CalibrateLiveTests {
    let k = Kernel.self

    @Test func aLivePanelIsAskedForEachMarkAndItsOffsetIsFitted() throws {
        let (device, _) = try createDevice(VirtualDevices.multitouch(name: "TB Calibrate Panel"))
        // Screen 1024x576 on 4096x2304 units: 4 units a point; the panel reads 10 points right of every mark.
        let c = try Spawned(touchbridgeExecutable, ["calibrate", "--screen", "1024x576", device.devnode])
        let marks: [(Double, Double)] = [(102.4, 57.6), (921.6, 57.6), (921.6, 518.4), (102.4, 518.4)]
        var id: Int32 = 1
        func touch(_ x: Double, _ y: Double, slide: Int32 = 0) throws {
            let (ux, uy) = (Int32(x * 4) + 40, Int32(y * 4))
            try device.frame([
                (k.EV_ABS, k.ABS_MT_TRACKING_ID, id), (k.EV_ABS, k.ABS_MT_POSITION_X, ux),
                (k.EV_ABS, k.ABS_MT_POSITION_Y, uy), (k.EV_KEY, k.BTN_TOUCH, 1),
            ])
            id += 1
            for i in 1...4 {
                usleep(10_000)
                try device.frame([(k.EV_ABS, k.ABS_MT_POSITION_X, ux + Int32(i % 2) + slide * Int32(i))])
            }
            try device.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0)])
        }
        for (i, mark) in marks.enumerated() {
            #expect(
                eventually(timeout: 10) { c.errors.contains("point \(i + 1) of 4: touch the mark at") }, "\(c.errors)")
            if i == 0 {
                try touch(mark.0, mark.1, slide: 30)
                #expect(eventually { c.errors.contains("point 1: the finger moved") }, "\(c.errors)")
            }
            try touch(mark.0, mark.1)
        }
        #expect(c.wait(timeout: 10) == 0, "\(c.errors)")
        let line = try #require(
            c.output.split(separator: "\n").first { $0.hasPrefix("LIBINPUT_CALIBRATION_MATRIX=") }, "\(c.output)")
        let m = line.split(separator: "\"")[1].split(separator: " ").compactMap { Double($0) }
        let want = [1, 0, -40.0 / 4096, 0, 1, 0]
        #expect(m.count == 6, "\(m)")
        #expect(zip(m, want).allSatisfy { abs($0 - $1) < 0.001 }, "\(m)")
        #expect(
            c.output.contains(#"ATTRS{name}=="TB Calibrate Panel""#) || c.output.contains("ENV{ID_PATH}=="),
            "\(c.output)")
    }
}
