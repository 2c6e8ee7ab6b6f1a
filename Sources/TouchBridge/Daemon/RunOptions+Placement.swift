import Displays
import Evdev
import Glibc
import InputEvents
import Output
import TouchInput
import TouchKit

extension RunOptions {
    /// The placement of a panel: the command line first, then its udev properties
    /// (`TOUCHBRIDGE_SCREEN_RECT`, `TOUCHBRIDGE_ROTATION`, `LIBINPUT_CALIBRATION_MATRIX`,
    /// `TOUCHBRIDGE_HYSTERESIS_MM`, `TOUCHBRIDGE_MASK`), then `--rotate`/`--calibration`.
    /// Malformed udev values are reported through `warn` and left out.
    public func placement(node: String, name: String, info: InputDeviceInfo?, warn: (String) -> Void) -> PanelPlacement
    {
        var p = PanelPlacement()
        let props = info?.properties ?? [:]
        p.rotation = rotation
        if let text = props["TOUCHBRIDGE_ROTATION"] {
            if let r = Int(text).flatMap(ScreenMapper.Rotation.init(rawValue:)) {
                p.rotation = r
            } else {
                warn("\(node): ignoring TOUCHBRIDGE_ROTATION=\"\(text)\" (expected 0, 90, 180 or 270)")
            }
        }
        if let text = props["TOUCHBRIDGE_SCREEN_RECT"] {
            if let r = parseRect(text) {
                p.rect = r
            } else {
                warn("\(node): ignoring TOUCHBRIDGE_SCREEN_RECT=\"\(text)\" (expected \"x y w h\" in points)")
            }
        }
        if let text = props["TOUCHBRIDGE_HYSTERESIS_MM"] {
            if let mm = Double(text), mm >= 0, mm.isFinite {
                p.hysteresisMM = mm
            } else {
                warn("\(node): ignoring TOUCHBRIDGE_HYSTERESIS_MM=\"\(text)\" (expected millimetres)")
            }
        }
        p.udevFuzz = info?.libinputFuzz ?? [:]
        if let text = props["TOUCHBRIDGE_MASK"] {
            if let rects = parseRects(text) {
                p.masks = rects
            } else {
                warn("\(node): ignoring TOUCHBRIDGE_MASK=\"\(text)\" (expected \"x y w h; …\" in points)")
            }
        }
        if let c = calibration {
            p.calibration = c
        } else if let text = info?.calibrationText {
            if let m = ScreenMapper.Calibration(parsing: text) {
                p.calibration = m
            } else {
                warn("\(node): ignoring LIBINPUT_CALIBRATION_MATRIX=\"\(text)\" (expected six numbers)")
            }
        }
        for (match, rect, r) in rules.rects where match.matches(node: node, name: name, info: info) {
            p.rect = rect
            if let r { p.rotation = r }
        }
        for (match, mm) in rules.hysteresis where match.matches(node: node, name: name, info: info) {
            p.hysteresisMM = mm
        }
        for (match, rects) in rules.masks where match.matches(node: node, name: name, info: info) { p.masks = rects }
        return p
    }
}

extension RunOptions {
    /// The input chain `run` builds for a panel read on its own: placed by these options and
    /// the panel's udev properties, mapped onto the screen it would lay out. So what a tool
    /// shows (`touches`, `watch`) is what the daemon's window gets; nil for a device without
    /// touch positions.
    package func inputChain(
        for d: DeviceDescription, node: String, info: InputDeviceInfo?, warn: (String) -> Void,
        trackerWarn: @escaping (TrackerWarning) -> Void
    ) -> InputChain? {
        let placement = placement(node: node, name: d.name, info: info, warn: warn)
        let screen = layout(scene: nil, placements: [placement], first: d).screen
        guard let mapper = mapper(for: d, placement: placement, screen: screen) else { return nil }
        return InputChain(description: d, mapper: mapper, placement: placement, warn: trackerWarn)
    }

    /// Without a screen of its own, takes the preferred mode of the display a live panel (`d`
    /// at `node`) is on, by `--output` or the matching rules, as `displayMode`; says which
    /// display and why on `warn`, or why none.
    package mutating func takeDisplayMode(
        of d: DeviceDescription, node: String, info: InputDeviceInfo?, discovery: DeviceDiscovery?,
        warn: (String, Diagnostics.Level) -> Void
    ) {
        guard screen == nil, let info, let (m, mode) = discovery?.display(of: d, info: info, pin: output) else {
            return
        }
        guard let output = m.output, let mode else {
            warn("\(node): no display for its screen (\(m.why)), as touchbridge screens shows", .info)
            return
        }
        warn("\(node): on display \(output) (\(m.why)): the screen is \(mode.width)x\(mode.height)", .info)
        displayMode = Size(width: Double(mode.width), height: Double(mode.height))
    }

    /// The display a live panel is on, by `--output` or the matching rules; nil without udev's
    /// record of it or DRM connectors.
    package func displayMatch(of device: EvdevDevice, info: InputDeviceInfo?, discovery: DeviceDiscovery?)
        -> DisplayMatch?
    {
        guard let info else { return nil }
        return discovery?.display(of: device.description, info: info, pin: output)?.match
    }

    /// A live panel's placement (`placement(node:name:info:warn:)`) with the display it is on,
    /// by `--output` or the matching rules, as its `output`.
    package func placement(
        of device: EvdevDevice, info: InputDeviceInfo?, discovery: DeviceDiscovery?, warn: (String) -> Void
    ) -> PanelPlacement {
        let d = device.description
        var p = placement(node: device.path, name: d.name, info: info, warn: warn)
        p.output = displayMatch(of: device, info: info, discovery: discovery)?.output
        return p
    }
}
