import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing

/// examples/swift-kiosk, the Swift app on `Kiosk`, as its user runs it: on a uinput panel,
/// with a card reader (a FIFO) in the same loop through `Kiosk.watch`; SIGTERM mid-touch
/// ends it cleanly. `make test` builds the example before the device tests.
@Suite(
    "The Swift kiosk example on a live panel", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason), .serialized)
struct SwiftKioskTests {
    let k = Kernel.self
    let binary = repositoryDirectory + "/examples/swift-kiosk/.build/debug/swift-kiosk"
    /// The panel's default screen is 967.56x544.25 points (256x144 mm at 96 dpi): 4.2333 units a point.
    func units(_ x: Double, _ y: Double) -> (Int32, Int32) { (Int32(x * 4096 / 967.56), Int32(y * 2304 / 544.25)) }

    func press(_ panel: UInputDevice, id: Int32, from a: (Double, Double), to b: (Double, Double), steps: Int) throws {
        let start = units(a.0, a.1)
        try panel.frame([
            (k.EV_ABS, k.ABS_MT_SLOT, 0), (k.EV_ABS, k.ABS_MT_TRACKING_ID, id),
            (k.EV_ABS, k.ABS_MT_POSITION_X, start.0),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, start.1), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        for i in 1...max(steps, 1) {
            usleep(15_000)
            let f = Double(i) / Double(max(steps, 1))
            let p = units(a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f)
            try panel.frame([(k.EV_ABS, k.ABS_MT_POSITION_X, p.0), (k.EV_ABS, k.ABS_MT_POSITION_Y, p.1)])
        }
    }

    func lift(_ panel: UInputDevice) throws {
        try panel.frame([(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1), (k.EV_KEY, k.BTN_TOUCH, 0)])
        usleep(15_000)
    }

    @Test func aCardThenASignatureSubmittedThenSigtermMidTouch() throws {
        try #require(access(binary, X_OK) == 0, "build the example first: make example-test")
        let fifo = temporaryPath("card-reader")
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let (panel, _) = try createDevice(VirtualDevices.multitouch(name: "TB Swift Kiosk Panel"))
        let app = try Spawned(binary, [panel.devnode], environment: ["SWIFT_KIOSK_CARD_READER": fifo])
        #expect(eventually(timeout: 10) { app.errors.contains(": reading ") }, "\(app.errors)")
        // The card reader: a line in the FIFO, read in the kiosk's loop.
        let w = open(fifo, O_WRONLY | O_NONBLOCK)
        #expect(w >= 0, "the kiosk holds the reader open")
        _ = "4711\n".withCString { write(w, $0, 5) }
        close(w)
        #expect(app.waitFor("swift-kiosk: card 4711: please sign"), "\(app.output)\n\(app.errors)")
        // A stroke on the pad, then Submit.
        try press(panel, id: 1, from: (200, 200), to: (400, 300), steps: 8)
        try lift(panel)
        try press(panel, id: 2, from: (840, 494), to: (840, 494), steps: 1)
        try lift(panel)
        #expect(app.waitFor("swift-kiosk: submitted 1 stroke"), "\(app.output)\n\(app.errors)")
        // A finger on the pad, and the service stopped: a clean exit, nothing submitted.
        try press(panel, id: 3, from: (300, 300), to: (320, 300), steps: 2)
        usleep(100_000)
        #expect(app.stop() == 0, "\(app.errors)")
        #expect(app.output.components(separatedBy: "submitted").count == 2, "\(app.output)")
    }
}
