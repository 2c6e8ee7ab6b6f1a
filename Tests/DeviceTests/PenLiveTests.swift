import Evdev
import Foundation
import Glibc
import InputEvents
import PipelineChecks
import ProgramTestSupport
import Testing

/// A pen on a display as the kernel presents it (a uinput pen node: BTN_TOOL_PEN, the eraser,
/// BTN_TOUCH, pressure, tilt, height; INPUT_PROP_DIRECT), read by libinput's tablet interface
/// and by touchbridge: the daemon finds it, and the tip's place, pressure and tilt agree.
@Suite("A pen on a display", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason), .serialized)
struct PenLiveTests {
    let k = Kernel.self

    /// A pen on USB (SamplePen's: 254x160 mm, pressure 0…4095, tilt 5730 units a radian).
    func pen(_ name: String) -> DeviceDescription { SamplePen.description(name: name, bus: 0x03) }

    /// In at (127, 80) mm, the tip down at half pressure tilted 0.5 rad towards +x, a stroke to
    /// (137, 80), up, away.
    func write(_ device: UInputDevice) throws {
        try device.frame([
            (k.EV_KEY, k.BTN_TOOL_PEN, 1), (k.EV_ABS, k.ABS_X, 12_700), (k.EV_ABS, k.ABS_Y, 8000),
            (k.EV_ABS, k.ABS_DISTANCE, 20),
        ])
        usleep(20_000)
        try device.frame([
            (k.EV_KEY, k.BTN_TOUCH, 1), (k.EV_ABS, k.ABS_PRESSURE, 2048), (k.EV_ABS, k.ABS_TILT_X, 2865),
            (k.EV_ABS, k.ABS_DISTANCE, 0),
        ])
        for i in 1...5 {
            usleep(10_000)
            try device.frame([(k.EV_ABS, k.ABS_X, Int32(12_700 + i * 200))])
        }
        usleep(10_000)
        try device.frame([(k.EV_KEY, k.BTN_TOUCH, 0), (k.EV_ABS, k.ABS_PRESSURE, 0), (k.EV_ABS, k.ABS_DISTANCE, 10)])
        usleep(20_000)
        try device.frame([(k.EV_KEY, k.BTN_TOOL_PEN, 0)])
    }

    /// What libinput's TABLET_TOOL_TIP (or _AXIS) line says: the tip's place (mm), its tilts
    /// (degrees) and its pressure (0…1), each empty when the line has none.
    func libinputTip(_ line: Substring) -> (at: [Double], tilt: [Double], pressure: [Double]) {
        let at =
            numbers(after: "s\t", in: line).isEmpty ? numbers(after: "s ", in: line) : numbers(after: "s\t", in: line)
        return (at, numbers(after: "tilt:", in: line), numbers(after: "pressure:", in: line))
    }

    /// The numbers after `key` in `line` (`127.00*/80.00` → [127, 80]).
    func numbers(after key: String, in line: Substring) -> [Double] {
        guard let r = line.range(of: key) else { return [] }
        let rest = line[r.upperBound...].drop { $0 == " " || $0 == "\t" }
        let word = rest.prefix { !$0.isWhitespace }
        return word.split(separator: "/").compactMap { Double($0.filter { $0 != "*" }) }
    }

    @Test func libinputsTabletEventsAndTouchesAgreeOnTheTip() throws {
        let libinputPath = try #require(tool("libinput"), "libinput-tools is not installed")
        let (device, info) = try createDevice(pen("TB Display Pen"))
        #expect(info?.isTablet == true, "udev calls it a tablet: \(String(describing: info?.kinds))")
        let theirs = try Spawned(libinputPath, ["debug-events", "--device", device.devnode])
        // Points are millimetres: the screen is the pen's own size.
        let mine = try Spawned(touchbridgeExecutable, ["touches", "--json", "--screen", "254x160", device.devnode])
        #expect(theirs.waitFor("DEVICE_ADDED"), "libinput is ready: \(theirs.errors)")
        #expect(eventually(timeout: 10) { mine.errors.contains(": reading ") }, "\(mine.errors)")
        #expect(mine.errors.contains("pen: its tip is the contact, hovering reported"), "\(mine.errors)")
        try write(device)
        #expect(eventually(timeout: 10) { theirs.output.contains("proximity-out") }, "\(theirs.output)")
        #expect(eventually(timeout: 10) { mine.output.contains(#""phase":"ended""#) }, "\(mine.output)")
        usleep(200_000)
        theirs.signal(SIGINT)
        _ = mine.stop()
        _ = theirs.stop()
        // libinput: TABLET_TOOL_TIP … x/y (mm) tilt: X/Y (degrees) pressure: P (0…1) down
        let tip = try #require(
            theirs.output.split(separator: "\n").first { $0.contains("TABLET_TOOL_TIP") && $0.contains("down") },
            "\(theirs.output)")
        let (at, tilt, pressure) = libinputTip(tip)
        // touchbridge: the began contact of the tip.
        let began = try #require(
            mine.output.split(separator: "\n").first {
                $0.contains(#""phase":"began""#) && !$0.contains(#""event":"hover""#)
            },
            "\(mine.output)")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(began.utf8)) as? [String: Any])
        let location = try #require(o["location"] as? [String: Double])
        #expect(o["tool"] as? String == "pen", "\(o)")
        #expect(o["tiltX"] as? Int == 2865, "\(o)")
        #expect(o["pressure"] as? Int == 2048, "\(o)")
        try #require(at.count == 2 && tilt.count == 2 && pressure.count == 1, "\(tip)")
        #expect(abs(at[0] - location["x"]!) < 0.05, "\(tip) vs \(location)")
        #expect(abs(at[1] - location["y"]!) < 0.05, "\(tip) vs \(location)")
        #expect(abs(tilt[0] - 2865.0 / 5730 * 180 / .pi) < 0.05, "\(tip)")
        #expect(abs(tilt[1]) < 0.05, "\(tip)")
        #expect(abs(pressure[0] - 2048.0 / 4095) < 0.01, "\(tip)")
    }

    @Test func theDaemonFindsAPenOnADisplayAndNotOneOnADesk() throws {
        var desk = pen("TB Desk Tablet")
        desk.properties = BitSet([])
        let (tablet, tabletInfo) = try createDevice(desk)
        #expect(tabletInfo?.isTablet == true)
        let (found, _) = try createDevice(pen("TB Found Pen"))
        let d = try Spawned(touchbridgeExecutable, ["run", "--json", "--screen", "254x160"])
        #expect(eventually(timeout: 20) { d.errors.contains("\(found.devnode): reading TB Found Pen") }, "\(d.errors)")
        try write(found)
        #expect(d.waitFor("touchesEnded"), "\(d.output)")
        #expect(d.stop() == 0)
        #expect(d.output.contains(#""type":"pencil""#), "\(d.output)")
        #expect(!d.errors.contains(tablet.devnode), "a pen tablet on a desk is not read: \(d.errors)")
    }
}

extension PenLiveTests {
    /// A panel named `name` as its fingers' node and its pen's, two nodes of one USB device (the
    /// same ids, phys `…/input0` and `…/input1`), which libinput's udev helper groups.
    func panelWithPen(_ name: String, product: UInt16) -> (fingers: DeviceDescription, pen: DeviceDescription) {
        var fingers = VirtualDevices.multitouch(name: name + " Touch")
        fingers.id = InputID(bustype: 0x03, vendor: 0x56a, product: product, version: 1)
        let phys = "usb-" + name.lowercased().replacingOccurrences(of: " ", with: "-")
        fingers.phys = phys + "/input0"
        var stylus = pen(name + " Pen")
        stylus.id = fingers.id
        stylus.phys = phys + "/input1"
        return (fingers, stylus)
    }

    /// A panel's pen and fingers as two nodes of one device (the same ids and phys: libinput's
    /// udev helper gives them one LIBINPUT_DEVICE_GROUP): a palm resting before the pen comes
    /// near is cancelled, and a finger while it is near begins nothing.
    @Test func aPensNearnessCancelsItsPanelsFingers() throws {
        let (fingers, stylus) = panelWithPen("TB Arbitration", product: 0x52a1)
        let (touch, touchInfo) = try createDevice(fingers)
        let (penDevice, penInfo) = try createDevice(stylus)
        let group = udevProperty(touch.devnode, "LIBINPUT_DEVICE_GROUP")
        #expect(
            group != nil,
            "\(String(describing: touchInfo)) \(String(describing: penInfo))")
        #expect(
            group == udevProperty(penDevice.devnode, "LIBINPUT_DEVICE_GROUP"),
            "\(String(describing: touchInfo)) \(String(describing: penInfo))")
        let d = try Spawned(
            touchbridgeExecutable, ["run", "--json", "--screen", "800x480", touch.devnode, penDevice.devnode])
        #expect(eventually(timeout: 20) { d.errors.components(separatedBy: ": reading ").count == 3 }, "\(d.errors)")
        // A palm comes down, then the pen comes near.
        try touch.frame([
            (k.EV_ABS, k.ABS_MT_SLOT, 0), (k.EV_ABS, k.ABS_MT_TRACKING_ID, 1), (k.EV_ABS, k.ABS_MT_POSITION_X, 500),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 500), (k.EV_KEY, k.BTN_TOUCH, 1),
        ])
        #expect(d.waitFor("touchesBegan"), "\(d.output)")
        try penDevice.frame([(k.EV_KEY, k.BTN_TOOL_PEN, 1), (k.EV_ABS, k.ABS_X, 12_700), (k.EV_ABS, k.ABS_Y, 8000)])
        #expect(d.waitFor("touchesCancelled"), "the palm is cancelled: \(d.output)")
        try touch.frame([
            (k.EV_ABS, k.ABS_MT_SLOT, 1), (k.EV_ABS, k.ABS_MT_TRACKING_ID, 2), (k.EV_ABS, k.ABS_MT_POSITION_X, 900),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 900),
        ])
        try penDevice.frame([(k.EV_KEY, k.BTN_TOUCH, 1), (k.EV_ABS, k.ABS_PRESSURE, 1000)])
        try penDevice.frame([(k.EV_KEY, k.BTN_TOUCH, 0), (k.EV_ABS, k.ABS_PRESSURE, 0)])
        #expect(d.waitFor("touchesEnded"), "\(d.output)")
        #expect(d.stop() == 0)
        let began = d.output.split(separator: "\n").filter { $0.contains("\"touchesBegan\"") }
        #expect(
            began.count == 2,
            "the finger near the pen began nothing: \(d.output)")
        #expect(
            began[1].contains(#""type":"pencil""#),
            "the finger near the pen began nothing: \(d.output)")
        #expect(d.errors.contains("pen and touch arbitration"), "\(d.errors)")
    }
}
