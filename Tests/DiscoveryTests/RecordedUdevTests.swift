import Discovery
import Displays
import InputEvents
import Testing

/// What udev said of a device, as a recording keeps it (`libinput record`'s properties): the
/// classification, the calibration, the size and the properties touchbridge keeps, read as
/// the live device's record would be.
struct RecordedUdevTests {
    let properties = [
        "ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1", "ID_INPUT_KEY": "1",
        "LIBINPUT_CALIBRATION_MATRIX": "0 1 0 -1 0 1", "ID_INPUT_WIDTH_MM": "217", "ID_INPUT_HEIGHT_MM": "136",
        "ID_PATH": "pci-0000:00:14.0-usb-0:2:1.0", "TOUCHBRIDGE_OUTPUT": "HDMI-A-1", "LIBINPUT_FUZZ_35": "8",
        "ID_VENDOR_FROM_DATABASE": "ILI Technology Corp.", "DEVNAME": "/dev/input/event7", "ID_SERIAL": "1234",
    ]

    @Test func aRecordedTouchscreenIsClassifiedAndMappedAsUdevSaidIt() throws {
        let info = InputDeviceInfo(recordedAt: "panel.evemu", name: "ILITEK Multi-Touch", udevProperties: properties)
        #expect(info.isTouchscreen)
        #expect(!info.hasKeys, "a touchscreen's BTN_TOUCH is not a device with keys")
        #expect(info.calibration == [0, 1, 0, -1, 0, 1])
        #expect(info.widthMM == 217)
        #expect(info.heightMM == 136)
        #expect(info.idPath == "pci-0000:00:14.0-usb-0:2:1.0")
        #expect(info.libinputFuzz == [0x35: 8])
    }

    @Test func onlyThePropertiesTouchbridgeUsesAreKept() {
        let info = InputDeviceInfo(recordedAt: "panel.evemu", name: "ILITEK Multi-Touch", udevProperties: properties)
        #expect(Set(info.properties.keys) == ["TOUCHBRIDGE_OUTPUT", "LIBINPUT_FUZZ_35", "ID_VENDOR_FROM_DATABASE"])
    }

    @Test(arguments: ["1 0 0 0 1", "1 0 0 0 1 0 7", "1 0 x 0 1 0", "1 0 inf 0 1 0", ""])
    func aCalibrationThatIsNotSixFiniteNumbersIsRefused(_ text: String) {
        #expect(InputDeviceInfo.parseCalibration(text) == nil)
    }

    @Test func aPanelsFactsComeFromUdevWhenTheDeviceCouldNotBeOpened() throws {
        let info = InputDeviceInfo(recordedAt: "panel.evemu", name: "ILITEK Multi-Touch", udevProperties: properties)
        let facts = PanelFacts(info: info, description: nil)
        let size = try #require(facts.size)
        #expect(size.width == 217)
        #expect(size.height == 136)
        #expect(facts.pin == "HDMI-A-1")
        #expect(facts.usbVendor == "ILI Technology Corp.")
    }
}
