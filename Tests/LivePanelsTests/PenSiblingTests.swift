import Testing
import TouchInput
import TouchKit

@testable import Pipeline

/// A panel's pen node takes its touch node's mapping (they are one panel), unless its own udev
/// properties place it.
@Suite("A pen on its panel")
struct PenSiblingTests {
    func touch() -> PanelPlacement {
        var p = PanelPlacement()
        p.group = "3/56a/52a0:usb-0000:00:14.0-2"
        p.rect = Rect(x: 800, y: 0, width: 800, height: 480)
        p.rotation = .quarter
        p.displayTurn = .quarter
        p.calibration = ScreenMapper.Calibration([1.02, 0, -0.01, 0, 0.98, 0.01])!
        p.output = "HDMI-A-2"
        p.corrections[Masks.self] = [Rect(x: 0, y: 0, width: 40, height: 40)]
        return p
    }

    func pen(group: String? = "3/56a/52a0:usb-0000:00:14.0-2") -> PanelPlacement {
        var p = PanelPlacement()
        p.group = group
        p.output = "HDMI-A-1"
        return p
    }

    @Test func thePenTakesItsTouchNodesRectangleRotationCalibrationAndDisplay() {
        let shared = pen().sharingMapping(of: touch(), properties: ["ID_INPUT_TABLET": "1"])
        let t = touch()
        #expect(shared.rect == t.rect)
        #expect(shared.rotation == .quarter)
        #expect(shared.displayTurn == .quarter)
        #expect(shared.calibration == t.calibration)
        #expect(shared.output == "HDMI-A-2")
        #expect(shared.corrections[Masks.self] == nil, "the touch layer's ghost masks are not the pen's")
    }

    @Test func aPenPlacedByItsOwnPropertiesOrOfAnotherDeviceStaysAsItIs() {
        for key in PanelPlacement.ownPlacementProperties {
            #expect(pen().sharingMapping(of: touch(), properties: [key: "1"]) == pen(), "\(key)")
        }
        #expect(pen(group: "another").sharingMapping(of: touch(), properties: [:]) == pen(group: "another"))
        #expect(pen(group: nil).sharingMapping(of: touch(), properties: [:]) == pen(group: nil))
    }
}
