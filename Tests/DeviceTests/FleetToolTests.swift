import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing

/// `run --metrics-file` and `health` on real kernel devices: the file kept up to date while
/// the daemon runs (with the input latency measured), and a live panel's report.
@Suite("Metrics and health on uinput panels", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason), .serialized)
struct FleetToolTests {
    let k = Kernel.self

    @Test func theMetricsFileFollowsTheDaemonWithLatency() throws {
        let (device, _) = try createDevice(VirtualDevices.multitouch())
        let path = NSTemporaryDirectory() + "tb-metrics-\(UUID().uuidString).prom"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let d = try Spawned(
            touchbridgeExecutable, ["run", "--json", "--screen", "800x480", "--metrics-file", path, device.devnode])
        #expect(eventually(timeout: 10) { d.errors.contains(": reading ") }, "run is ready: \(d.errors)")
        #expect(
            eventually {
                (try? String(contentsOfFile: path, encoding: .utf8))?.contains("touchbridge_devices 1") ?? false
            },
            "the file exists from the start, with the panel")
        try device.frame([
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, 1), (k.EV_ABS, k.ABS_MT_POSITION_X, 1000),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 1000), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        for i in 1...5 {
            usleep(20_000)
            try device.frame([(k.EV_ABS, k.ABS_MT_POSITION_X, Int32(1000 + i * 10))])
        }
        try device.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0)])
        #expect(d.waitFor("touchesEnded"))
        // Written at most once a second: the last change arrives by the timer, with no event.
        #expect(
            eventually(timeout: 5) {
                let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                return text.contains(#"touchbridge_touches_total{phase="ended"} 1"#)
                    && text.contains("touchbridge_input_latency_seconds_count 7")
            }, "\((try? String(contentsOfFile: path, encoding: .utf8)) ?? "")")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#"touchbridge_touches_total{phase="began"} 1"#))
        #expect(text.contains("touchbridge_frames_total 7"))
        #expect(text.contains(#"touchbridge_input_latency_seconds_bucket{le="+Inf"} 7"#))
        #expect(!FileManager.default.fileExists(atPath: path + ".tmp"), "written by rename")
        #expect(d.stop() == 0)
    }

    @Test func healthOnALivePanelReportsForTheDuration() throws {
        let (device, _) = try createDevice(VirtualDevices.multitouch())
        let h = try Spawned(
            touchbridgeExecutable, ["health", "--json", "--duration", "3", "--fail-on", "contacts<2", device.devnode])
        #expect(eventually(timeout: 10) { h.errors.contains("measuring") }, "health is reading: \(h.errors)")
        try device.frame([
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, 1), (k.EV_ABS, k.ABS_MT_POSITION_X, 1000),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 1000), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        for i in 1...20 {
            usleep(10_000)
            try device.frame([(k.EV_ABS, k.ABS_MT_POSITION_X, Int32(1000 + i * 10))])
        }
        try device.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0)])
        let status = h.wait(timeout: 15)
        #expect(status == 1, "one contact at most: contacts<2 is met, exit 1; \(h.errors)")
        #expect(h.output.contains(#""contacts":1"#), "\(h.output)")
        #expect(h.output.contains(#""maxSimultaneous":1"#), "\(h.output)")
        #expect(h.errors.contains("contacts<2 met"))
    }
}
