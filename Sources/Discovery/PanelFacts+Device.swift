import Displays
import InputEvents

extension PanelFacts {
    /// A touchscreen's facts from udev's record and, when it could be opened, its description:
    /// its bus and its position axes' size (range over resolution), else udev's
    /// `ID_INPUT_WIDTH_MM`/`HEIGHT_MM`; its pin and USB vendor from udev (`TOUCHBRIDGE_OUTPUT`,
    /// `ID_VENDOR_FROM_DATABASE`).
    public init(info: InputDeviceInfo, description d: DeviceDescription?) {
        var size = d?.positionSizeMM
        if size == nil, let w = info.widthMM, let h = info.heightMM, w > 0, h > 0 { size = (Double(w), Double(h)) }
        self.init(
            name: info.name, bus: d?.id.bustype ?? 0, size: size, pin: info.properties["TOUCHBRIDGE_OUTPUT"],
            usbVendor: info.properties["ID_VENDOR_FROM_DATABASE"])
    }
}
