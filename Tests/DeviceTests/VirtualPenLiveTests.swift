import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing

/// `run --virtual-touchscreen` on a pen: its virtual device is a pen (a tablet tool to
/// libinput), and libinput reads the tip where the window had it, with its pressure and tilt.
extension PenLiveTests {
    /// The daemon's virtual pen node, from its line on stderr.
    func virtualPenNode(_ d: Spawned) -> String? {
        for line in d.errors.split(separator: "\n") {
            guard let r = line.range(of: "virtual pen /dev/input/event") else { continue }
            return String(line[line.index(r.lowerBound, offsetBy: "virtual pen ".count)...].prefix { !$0.isWhitespace })
        }
        return nil
    }

    @Test func libinputReadsTheVirtualPenAsATabletToolWhereTheWindowHadTheTip() throws {
        let libinputPath = try #require(tool("libinput"), "libinput-tools is not installed")
        let (device, _) = try createDevice(pen("TB Forwarded Pen"))
        // The screen is the pen's size in points, so the virtual pen's millimetres are points.
        let d = try Spawned(
            touchbridgeExecutable, ["run", "--json", "--screen", "254x160", "--virtual-touchscreen", device.devnode])
        #expect(eventually(timeout: 20) { virtualPenNode(d) != nil }, "\(d.errors)")
        let node = try #require(virtualPenNode(d))
        #expect(udevProperty(node, "ID_INPUT_TABLET") == "1", "udev calls the virtual pen a tablet")
        #expect(!d.errors.contains("virtual touchscreen"), "a pen gets no virtual touchscreen: \(d.errors)")
        let theirs = try Spawned(libinputPath, ["debug-events", "--device", node])
        #expect(theirs.waitFor("DEVICE_ADDED"), "libinput reads the virtual pen: \(theirs.errors)")
        try write(device)
        #expect(eventually(timeout: 10) { theirs.output.contains("proximity-out") }, "\(theirs.output)")
        #expect(d.waitFor("touchesEnded"), "\(d.output)")
        usleep(200_000)
        theirs.signal(SIGINT)
        _ = theirs.stop()
        #expect(d.stop() == 0)
        #expect(theirs.output.contains("TABLET_TOOL_PROXIMITY"))
        #expect(theirs.output.contains("proximity-in"))
        let tip = try #require(
            theirs.output.split(separator: "\n").first { $0.contains("TABLET_TOOL_TIP") && $0.contains("down") },
            "\(theirs.output)")
        let (at, tilt, pressure) = libinputTip(tip)
        let began = try #require(
            d.output.split(separator: "\n").first { $0.contains("\"touchesBegan\"") }, "\(d.output)")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(began.utf8)) as? [String: Any])
        let touch = try #require((o["touches"] as? [[String: Any]])?.first)
        let location = try #require(touch["location"] as? [Double])
        try #require(at.count == 2 && tilt.count == 2 && pressure.count == 1, "\(tip)")
        // A tenth of a point is the virtual axes' unit.
        try #require(location.count == 2)
        #expect(abs(at[0] - location[0]) < 0.1, "\(tip) vs \(location)")
        #expect(abs(at[1] - location[1]) < 0.1, "\(tip) vs \(location)")
        #expect(abs(tilt[0] - 2865.0 / 5730 * 180 / .pi) < 0.1, "0.5 rad towards +x: \(tip)")
        #expect(abs(tilt[1]) < 0.1, "0.5 rad towards +x: \(tip)")
        #expect(abs(pressure[0] - 2048.0 / 4095) < 0.01, "\(tip)")
    }
}
