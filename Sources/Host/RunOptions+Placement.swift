import Discovery
import Displays
import Evdev
import Glibc
import InputEvents
import Output
import Pipeline
import TouchInput
import TouchKit

extension RunOptions {
    /// The placement of a panel: its udev properties (`TOUCHBRIDGE_SCREEN_RECT`,
    /// `TOUCHBRIDGE_ROTATION`, `LIBINPUT_CALIBRATION_MATRIX`, `TOUCHBRIDGE_NOISE_FILTERS` and each
    /// correction's, `InputChain.settings`) over `--rotate`/`--calibration` and the turn of its
    /// display's panel (`turn`, by default the one `takeDisplayMode` found), the command line's
    /// per-panel rules over both. Malformed udev values are reported through `warn` and left out.
    public func placement(
        node: String, name: String, info: InputDeviceInfo?, turn: ScreenMapper.Rotation? = nil,
        warn: (String) -> Void
    ) -> PanelPlacement {
        var p = PanelPlacement()
        let props = info?.properties ?? [:]
        p.markedPanel = rules.marks(node: node, name: name, info: info)
        p.group = props["LIBINPUT_DEVICE_GROUP"]
        p.displayTurn = turn ?? displayTurn ?? .none
        p.rotation = rotation ?? p.displayTurn
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
        for setting in InputChain.settings { setting.read(props, node: node, into: &p.corrections, warn: warn) }
        if let text = props["TOUCHBRIDGE_NOISE_FILTERS"] {
            switch NoiseChoice.parse(text) {
            case .success(let n): p.noise = n
            case .failure(let e): warn("\(node): ignoring TOUCHBRIDGE_NOISE_FILTERS=\"\(text.printable)\" (\(e))")
            }
        }
        p.udevFuzz = info?.libinputFuzz ?? [:]
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
        for rule in rules.corrections where rule.match.matches(node: node, name: name, info: info) {
            p.corrections.take(rule.settings)
        }
        for (match, n) in rules.noise where match.matches(node: node, name: name, info: info) { p.noise = n }
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

    /// Takes the display a live panel (`d` at `node`) is on, by `--output` or the matching
    /// rules: its panel's turn as `displayTurn` (said when there is one), and without a screen of
    /// its own its preferred mode, turned upright, as `displayMode`; says which display and why
    /// on `warn`, or why none.
    package mutating func takeDisplayMode(
        of d: DeviceDescription, node: String, info: InputDeviceInfo?, discovery: DeviceDiscovery?,
        warn: (String, Diagnostics.Level) -> Void
    ) {
        guard let info, let (m, display) = discovery?.display(of: d, info: info, pin: output) else { return }
        let turn = Self.turn(of: display)
        displayTurn = turn
        guard screen == nil else {
            if turn != .none, let output = m.output {
                warn("\(node): on display \(output) (\(m.why))" + Self.turnWords(of: display), .info)
            }
            return
        }
        guard let output = m.output, let mode = display?.preferredMode else {
            warn("\(node): no display for its screen (\(m.why)), as touchbridge screens shows", .info)
            return
        }
        let upright = turn.swapsSides ? (mode.height, mode.width) : (mode.width, mode.height)
        warn(
            "\(node): on display \(output) (\(m.why)): the screen is \(upright.0)x\(upright.1)"
                + Self.turnWords(of: display), .info)
        displayMode = Size(width: Double(upright.0), height: Double(upright.1))
    }

    /// How far the display's picture turns upright: its panel orientation's.
    package static func turn(of display: Connector?) -> ScreenMapper.Rotation {
        display?.orientation.flatMap { ScreenMapper.Rotation(rawValue: $0.degrees) } ?? .none
    }

    /// `, turned 90 (its panel is mounted left side up)`, or why the mounting is not known.
    package static func turnWords(of display: Connector?) -> String {
        if let o = display?.orientation, o != .normal {
            return ", turned \(o.degrees) (its panel is mounted \(o.words))"
        }
        if let problem = display?.orientationProblem { return "; its panel's mounting is not known: \(problem)" }
        return ""
    }

    /// The display a live panel is on, by `--output` or the matching rules, with its connector;
    /// nil without udev's record of it or DRM connectors.
    package func displayMatch(of device: EvdevDevice, info: InputDeviceInfo?, discovery: DeviceDiscovery?)
        -> (match: DisplayMatch, display: Connector?)?
    {
        guard let info else { return nil }
        return discovery?.display(of: device.description, info: info, pin: output)
    }

    /// A live panel's placement (`placement(node:name:info:turn:warn:)`) with the display it is
    /// on, by `--output` or the matching rules, as its `output`, and that display's turn.
    package func placement(
        of device: EvdevDevice, info: InputDeviceInfo?, discovery: DeviceDiscovery?, warn: (String) -> Void
    ) -> PanelPlacement {
        let d = device.description
        let found = displayMatch(of: device, info: info, discovery: discovery)
        var p = placement(node: device.path, name: d.name, info: info, turn: Self.turn(of: found?.display), warn: warn)
        p.output = found?.match.output
        return p
    }
}
