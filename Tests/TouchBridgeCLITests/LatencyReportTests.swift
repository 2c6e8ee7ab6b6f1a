import Foundation
import InputEvents
import Latency
import Testing
import TextBuffers

@testable import TouchBridgeCLI

/// `latency`'s own parts: a kernel touch-down read from a node's frames, the compositor's touch
/// answered with a frame whose commit and presentation are noted, and the JSON report.
@Suite struct LatencyReportTests {
    let k = Kernel.self

    static let panel = DeviceDescription(
        name: "P", id: InputID(bustype: 3, vendor: 1, product: 2, version: 1),
        absInfo: [
            Kernel.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 1000),
            Kernel.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 500),
        ])

    /// libevdev's state as the events below leave it, set by hand: slot 0's place, the slot.
    final class Axes: AxisValues {
        var values: [UInt16: Int32] = [:]
        var slots: [Int: [UInt16: Int32]] = [:]
        func value(type: UInt16, code: UInt16) -> Int32 { values[code] ?? 0 }
        func slotValue(slot: Int, code: UInt16) -> Int32 { slots[slot]?[code] ?? 0 }
    }

    func event(_ t: Double, _ type: UInt16, _ code: UInt16, _ value: Int32) -> InputEvent {
        InputEvent(time: EventTime(inSeconds: t), type: type, code: code, value: value)
    }

    @Test func aFrameWithANewContactIsOneKernelTouchDownWhereLibevdevSaysItIs() {
        let axes = Axes()
        let run = LatencyRun(Self.panel, values: axes)
        axes.slots[0] = [k.ABS_MT_POSITION_X: 250, k.ABS_MT_POSITION_Y: 250]
        for e in [
            event(1, k.EV_ABS, k.ABS_MT_TRACKING_ID, 7), event(1, k.EV_ABS, k.ABS_MT_POSITION_X, 250),
            event(1, k.EV_ABS, k.ABS_MT_POSITION_Y, 250), event(1, k.EV_SYN, k.SYN_REPORT, 0),
            // The finger moves, then lifts: no new touch-down.
            event(1.01, k.EV_ABS, k.ABS_MT_POSITION_X, 260), event(1.01, k.EV_SYN, k.SYN_REPORT, 0),
            event(1.1, k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), event(1.1, k.EV_SYN, k.SYN_REPORT, 0),
        ] {
            run.take(e)
        }
        #expect(run.kernel == [.init(time: 1, x: 0.25, y: 0.5)])
        // The next tap lands where the last one did, in slot 1: the kernel sends no place (a
        // value unchanged is not sent), and the place is slot 1's as libevdev keeps it.
        axes.values[k.ABS_MT_SLOT] = 1
        axes.slots[1] = [k.ABS_MT_POSITION_X: 1000, k.ABS_MT_POSITION_Y: 0]
        for e in [
            event(2, k.EV_ABS, k.ABS_MT_SLOT, 1), event(2, k.EV_ABS, k.ABS_MT_TRACKING_ID, 8),
            event(2, k.EV_SYN, k.SYN_REPORT, 0),
        ] {
            run.take(e)
        }
        #expect(run.kernel.last == .init(time: 2, x: 1, y: 0))
    }

    @Test func aDeliveredTouchIsAnsweredByTheNextFrameAndItsPresentation() {
        let axes = Axes()
        axes.slots[0] = [k.ABS_MT_POSITION_X: 500, k.ABS_MT_POSITION_Y: 250]
        let run = LatencyRun(Self.panel, values: axes)
        run.touchSince = 0
        // The kernel's touch-down a moment before the compositor delivers it, in the middle.
        let t = LatencyRun.monotonic() - 0.01
        for e in [
            event(t, k.EV_ABS, k.ABS_MT_TRACKING_ID, 1), event(t, k.EV_ABS, k.ABS_MT_POSITION_X, 500),
            event(t, k.EV_ABS, k.ABS_MT_POSITION_Y, 250), event(t, k.EV_SYN, k.SYN_REPORT, 0),
        ] {
            run.take(e)
        }
        run.touchDown(x: 100, y: 100, width: 200, height: 200)
        #expect(!run.settled)
        run.committed(frame: 3)
        run.presented(frame: 3, seconds: 1e6, refresh: 0.016, hardware: true)
        #expect(run.settled)
        #expect(run.refresh == 0.016)
        let s = run.samples()
        #expect(s.count == 1)
        #expect(s.first?.kernel == EventTime(inSeconds: t).inSeconds)
        #expect(s.first?.presented == 1e6)
        #expect(s.first?.committed != nil)
    }

    /// sway announces its seat's touch at the first touch, which reaches no client: that touch is
    /// left out of the pairing, so taps at one place do not all shift by one.
    @Test func aTouchBeforeTheSeatHadTouchIsNeverPaired() {
        let axes = Axes()
        axes.slots[0] = [k.ABS_MT_POSITION_X: 500, k.ABS_MT_POSITION_Y: 250]
        let run = LatencyRun(Self.panel, values: axes)
        let now = LatencyRun.monotonic()
        for (i, t) in [now - 0.5, now - 0.02].enumerated() {
            for e in [event(t, k.EV_ABS, k.ABS_MT_TRACKING_ID, Int32(i + 1)), event(t, k.EV_SYN, k.SYN_REPORT, 0)] {
                run.take(e)
            }
            run.take(event(t + 0.01, k.EV_ABS, k.ABS_MT_TRACKING_ID, -1))
            run.take(event(t + 0.01, k.EV_SYN, k.SYN_REPORT, 0))
        }
        run.touchSince = now - 0.4
        run.touchDown(x: 100, y: 100, width: 200, height: 200)
        #expect(run.undeliverable == 1)
        let s = run.samples()
        #expect(s.count == 2)
        #expect(s.first?.kernel == EventTime(inSeconds: now - 0.5).inSeconds)
        #expect(s.first?.delivered == nil)
        #expect(s.last?.kernel == EventTime(inSeconds: now - 0.02).inSeconds, "paired with the touch after")
        #expect(s.last?.delivered != nil)
    }

    @Test func theJSONHasEverySampleAndEachStagesPercentiles() throws {
        let samples = [
            LatencySample(kernel: 1, delivered: 1.004, committed: 1.005, presented: 1.02),
            LatencySample(kernel: 2, delivered: nil),
        ]
        var b = TextBuffer(capacity: 4096)
        LatencyReport.writeJSON(samples, clock: "CLOCK_MONOTONIC", refresh: 0.016667, hardware: true, into: &b)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(b.bytes)) as? [String: Any])
        #expect(root["clock"] as? String == "CLOCK_MONOTONIC")
        #expect((root["samples"] as? [Any])?.count == 2)
        #expect(root["complete"] as? Int == 1)
        #expect(root["incomplete"] as? Int == 1)
        let summary = try #require(root["summary"] as? [String: [String: Any]])
        #expect(
            Set(summary.keys) == [
                "kernel_to_delivered", "delivered_to_committed", "committed_to_presented", "kernel_to_presented",
            ])
        let whole = try #require(summary["kernel_to_presented"]?["p50"] as? Double)
        #expect(abs(whole - 0.02) < 1e-9)
        var text = TextBuffer(capacity: 4096)
        LatencyReport.writeText(samples, clock: "CLOCK_MONOTONIC", refresh: 0.016667, hardware: true, into: &text)
        let said = String(decoding: text.bytes, as: UTF8.self)
        #expect(said.hasPrefix("1 complete samples of 2 touches, on CLOCK_MONOTONIC; refresh 16.7 ms\n"), "\(said)")
        #expect(said.contains("20.0   kernel → presented (the whole chain)"), "\(said)")
    }
}
