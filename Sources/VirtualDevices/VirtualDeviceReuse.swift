import Evdev
import InputEvents
import Pipeline
import Runtime
import TouchInput
import TouchKit
import TouchScene

/// A virtual device made for a panel's rectangle on the screen.
package protocol PanelSizedDevice: AnyObject {
    /// The rectangle's size in screen points.
    var width: Double { get }
    var height: Double { get }
    /// The display it was made for (compositors read that when the device appears).
    var output: String? { get }
    /// How far that display's picture turns upright (its axes are in the display's own orientation).
    var turn: ScreenMapper.Rotation { get }
    /// Where the rectangle starts on the screen space.
    func place(at origin: Point)
}

extension VirtualPointer: PanelSizedDevice {}
extension VirtualTouchscreen: PanelSizedDevice {}

/// The virtual devices made for panels, by each panel's lasting name (udev's `ID_PATH`, else
/// its name): a panel that returns, or is mapped anew at the same size, gets the device it had,
/// so a compositor keeps its mapping; one mapped at another size, or on another display (or one
/// turned otherwise), gets a new one.
package struct VirtualDeviceReuse<Device: PanelSizedDevice> {
    private var byKey: [String: Device] = [:]
    /// Each attached panel's lasting name, by its number.
    private var keyOf: [Int: String] = [:]

    /// `panel`'s device, placed where the panel lands: the one `key` had when its size and
    /// display are the panel's, else the one `make` makes for the size and the panel's
    /// millimetres (turned with the mapping).
    mutating func device(
        for panel: Panel, key: String,
        make: (_ size: Size, _ millimetres: (Double, Double)?) throws(DeviceError) -> Device
    ) throws(DeviceError) -> Device {
        let size = Size(width: panel.mapper.width, height: panel.mapper.height)
        let device: Device
        if let old = byKey[key], old.width == size.width, old.height == size.height,
            old.output == panel.placement.output, old.turn == panel.placement.displayTurn
        {
            device = old
        } else {
            let turned = panel.mapper.rotation.swapsSides
            let mm = panel.description.positionSizeMM.map { turned ? ($0.height, $0.width) : ($0.width, $0.height) }
            device = try make(size, mm)
            byKey[key] = device
        }
        device.place(at: Point(x: panel.placement.rect?.minX ?? 0, y: panel.placement.rect?.minY ?? 0))
        keyOf[panel.number] = key
        return device
    }

    /// The lasting name `panel` was attached under, nil when it has no device.
    func key(of panel: Panel) -> String? { keyOf[panel.number] }

    /// The panel is gone: its device stays for its return.
    mutating func detach(_ panel: Panel) { keyOf[panel.number] = nil }
}
