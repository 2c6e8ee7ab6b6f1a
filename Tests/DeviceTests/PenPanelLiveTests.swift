import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing

/// A panel's pen and fingers are two nodes of one device: the pen is placed where its touch
/// node is, whichever comes first.
extension PenLiveTests {
    @Test func aPanelsPenLandsWhereItsTouchNodeIsPlaced() throws {
        let (fingers, stylus) = panelWithPen("TB Placed", product: 0x52a2)
        // The pen first: its touch node, placed by the command line, moves it when it comes.
        let (penDevice, _) = try createDevice(stylus)
        let (touch, _) = try createDevice(fingers)
        #expect(udevProperty(touch.devnode, "LIBINPUT_DEVICE_GROUP") != nil)
        #expect(
            udevProperty(touch.devnode, "LIBINPUT_DEVICE_GROUP")
                == udevProperty(penDevice.devnode, "LIBINPUT_DEVICE_GROUP"))
        let d = try Spawned(
            touchbridgeExecutable,
            [
                "run", "--json", "--screen", "1600x480", "--panel", "\(touch.devnode)=800,0,800,480",
                penDevice.devnode, touch.devnode,
            ])
        #expect(eventually(timeout: 20) { d.errors.components(separatedBy: ": reading ").count == 3 }, "\(d.errors)")
        // The pen's tip in the middle of its digitizer.
        try penDevice.frame([(k.EV_KEY, k.BTN_TOOL_PEN, 1), (k.EV_ABS, k.ABS_X, 12_700), (k.EV_ABS, k.ABS_Y, 8000)])
        try penDevice.frame([(k.EV_KEY, k.BTN_TOUCH, 1), (k.EV_ABS, k.ABS_PRESSURE, 1000)])
        try penDevice.frame([(k.EV_KEY, k.BTN_TOUCH, 0), (k.EV_ABS, k.ABS_PRESSURE, 0)])
        try penDevice.frame([(k.EV_KEY, k.BTN_TOOL_PEN, 0)])
        #expect(d.waitFor("touchesEnded"), "\(d.output)")
        #expect(d.stop() == 0)
        let began = try #require(d.output.split(separator: "\n").first { $0.contains("\"touchesBegan\"") })
        let o = try #require(try JSONSerialization.jsonObject(with: Data(began.utf8)) as? [String: Any])
        let at = try #require((o["touches"] as? [[String: Any]])?.first?["location"] as? [Double])
        // In the window over the touch node's rectangle (800,0 800x480): its middle.
        #expect(at.count == 2, "on the touch node's panel: \(at)")
        #expect(abs(at[0] - 400) < 1, "on the touch node's panel: \(at)")
        #expect(abs(at[1] - 240) < 1, "on the touch node's panel: \(at)")
        #expect(
            d.errors.contains(
                "\(penDevice.devnode): its panel's touch node was placed: mapped anew (screen 1600x480, panel at 800,0 800x480"
            ),
            "\(d.errors)")
    }
}
