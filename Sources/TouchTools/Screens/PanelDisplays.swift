import Displays
import Evdev
import InputEvents
import TouchInput

/// The displays there are and the touchscreens, each with the display the matching rules give
/// it and why (`touchbridge screens`).
package struct PanelDisplays {
    /// A touchscreen, what it tells of its display, and the display it got.
    package struct Panel {
        package var node: String
        package var name: String
        /// Its vendor and product ids (0 when it could not be opened).
        package var vendor: UInt16
        package var product: UInt16
        package var facts: PanelFacts
        package var match: DisplayMatch
    }

    /// The DRM connectors, in udev's order.
    package var connectors: [Connector]
    /// The touchscreens, in event-number order.
    package var panels: [Panel]

    /// What udev says now; a touchscreen that cannot be opened is matched on udev's word alone.
    package static func live() throws -> PanelDisplays {
        let discovery = try DeviceDiscovery()
        let connectors = discovery.connectors()
        let panels = discovery.touchscreens().filter(\.isInitialized).map { info in
            let d = try? EvdevDevice.openNode(info.devnode).description
            let facts = facts(info, description: d)
            return Panel(
                node: info.devnode, name: info.name, vendor: d?.id.vendor ?? 0, product: d?.id.product ?? 0,
                facts: facts, match: DisplayMatch.match(facts, among: connectors))
        }
        return PanelDisplays(connectors: connectors, panels: panels)
    }

    /// A touchscreen's facts: its bus and its position axes' size (range over resolution) from
    /// its description, else udev's `ID_INPUT_WIDTH_MM`/`HEIGHT_MM`; its pin and USB vendor from
    /// udev (`TOUCHBRIDGE_OUTPUT`, `ID_VENDOR_FROM_DATABASE`).
    package static func facts(_ info: InputDeviceInfo, description d: DeviceDescription?) -> PanelFacts {
        var size: (width: Double, height: Double)?
        if let d {
            let codes = TouchProtocol(d).positionCodes
            if let x = d.absInfo[codes.x], let y = d.absInfo[codes.y], x.resolution > 0, y.resolution > 0 {
                size = (
                    Double(Int64(x.maximum) - Int64(x.minimum)) / Double(x.resolution),
                    Double(Int64(y.maximum) - Int64(y.minimum)) / Double(y.resolution)
                )
            }
        }
        if size == nil, let w = info.widthMM, let h = info.heightMM, w > 0, h > 0 { size = (Double(w), Double(h)) }
        return PanelFacts(
            name: info.name, bus: d?.id.bustype ?? 0, size: size, pin: info.properties["TOUCHBRIDGE_OUTPUT"],
            usbVendor: info.properties["ID_VENDOR_FROM_DATABASE"])
    }
}
