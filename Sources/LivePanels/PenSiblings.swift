import Discovery
import Evdev
import Host
import InputEvents
import Pipeline

/// A panel's pen and its fingers come as two nodes of one device (libinput's device group):
/// they are one panel on the screen, so the pen takes the mapping its touch node has — its
/// rectangle, rotation, calibration and display — where its own udev properties set none.
extension PanelPlacement {
    /// The udev properties that place a node on its own, which a pen keeps over its sibling's.
    package static let ownPlacementProperties = [
        "TOUCHBRIDGE_SCREEN_RECT", "TOUCHBRIDGE_ROTATION", "LIBINPUT_CALIBRATION_MATRIX", "TOUCHBRIDGE_OUTPUT",
    ]

    /// This pen's placement on the panel whose touch node is placed `touch`: the touch node's
    /// mapping, unless the pen's own `properties` place it (then it stays as it is).
    package func sharingMapping(of touch: PanelPlacement, properties: [String: String]) -> PanelPlacement {
        guard group != nil, group == touch.group,
            !Self.ownPlacementProperties.contains(where: { properties[$0] != nil })
        else { return self }
        var p = self
        p.rect = touch.rect
        p.rotation = touch.rotation
        p.displayTurn = touch.displayTurn
        p.calibration = touch.calibration
        p.output = touch.output
        return p
    }
}

extension LiveSource {
    /// `p`, the placement of `device`, as its panel's: a pen takes its touch node's mapping
    /// (an open panel of its device group that is not a pen).
    func placementOnItsPanel(_ p: PanelPlacement, of device: EvdevDevice, info: InputDeviceInfo?) -> PanelPlacement {
        let name = device.description.name
        // A `--panel` rule that names the pen places it on its own.
        let named = options.rules.rects.contains { rule in
            rule.0.pattern != nil && rule.0.matches(node: device.path, name: name, info: info)
        }
        guard !named, p.group != nil, Self.isPen(device.description),
            let touch = devices.values.first(where: {
                $0.panel.placement.group == p.group && !Self.isPen($0.panel.description)
            })
        else { return p }
        return p.sharingMapping(of: touch.panel.placement, properties: info?.properties ?? [:])
    }

    /// Whether the device is a pen node (`BTN_TOOL_PEN`).
    static func isPen(_ d: DeviceDescription) -> Bool { d.has(type: Kernel.EV_KEY, code: Kernel.BTN_TOOL_PEN) }

    /// A touch node came or was placed anew: the pens of its device group are placed on its panel.
    func placePensWithTheirPanel(_ touch: Opened, info: InputDeviceInfo?) {
        guard let group = touch.panel.placement.group, !Self.isPen(touch.panel.description) else { return }
        for (number, o) in devices where o.panel.placement.group == group && Self.isPen(o.panel.description) {
            updatePlacement(
                number, info: discovery?.device(devnode: o.device.path), why: "its panel's touch node was placed")
        }
    }
}
