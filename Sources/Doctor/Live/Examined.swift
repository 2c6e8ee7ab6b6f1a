import Discovery
import Evdev
import InputEvents

/// One device `doctor` checks: an input node (with its HID device when it has one), a HID
/// digitizer its driver made no node of, or an I2C touch controller no driver took.
package struct Examined {
    package var subject: Subject
    package var hid: HIDDevice?
    package var info: InputDeviceInfo?
    package var i2c: I2CController?

    init(info: InputDeviceInfo, hid: HIDDevice? = nil) {
        subject = Subject(name: info.name, node: info.devnode)
        self.info = info
        self.hid = hid
    }

    init(hid: HIDDevice) {
        subject = Subject(name: hid.name, node: nil)
        self.hid = hid
    }

    init(i2c: I2CController) {
        subject = Subject(name: "\(i2c.name) (I2C \(i2c.client))", node: nil)
        self.i2c = i2c
    }
}
