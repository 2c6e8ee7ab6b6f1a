import TouchBridge
import TouchInput
import TouchKit

/// The screen-mapping and panel options as `run`, `touches` and `watch` share them: their
/// checks (with the message a mistake gets) and the daemon's options they make.
public enum RunChecks {
    /// `--screen`, `--rotate`, `--calibration`, as `run` reads them.
    public static func mapping(screen: String?, rotate: Int?, calibration: String?) throws(UsageError) {
        if let rotate { _ = try RunOption.rotation(String(rotate)) }
        if let screen { _ = try RunOption.screen(screen) }
        if let calibration { _ = try RunOption.calibration(calibration) }
    }

    /// What `--output` with a recording is told: a recording has no display to pin.
    public static let outputForRecordings = "--output is for live panels: a recording has no display"

    /// `--panel`, `--hysteresis`, `--mask`, as `run` reads them.
    public static func panels(panels: [String], hysteresis: [String], masks: [String]) throws(UsageError) {
        for p in panels { _ = try RunOption.panel(p) }
        for h in hysteresis { _ = try RunOption.hysteresis(h) }
        for m in masks { _ = try RunOption.masks(m) }
    }

    /// `--panel-device MATCH`: a node, link, udev `ID_PATH` or device name; never empty.
    public static func panelDevices(_ matches: [String]) throws(UsageError) {
        for m in matches { _ = try RunOption.panelDevice(m) }
    }

    /// The daemon's options these make (the rest of `RunOptions` at its defaults).
    public static func options(
        screen: String?, rotate: Int?, calibration: String?, output: String? = nil, panels: [String],
        hysteresis: [String], masks: [String], panelDevices: [String] = []
    ) -> RunOptions {
        var options = RunOptions()
        options.screen = screen.flatMap(parseScreen).map { Size(width: $0.0, height: $0.1) }
        options.output = output
        options.rotation = rotate.flatMap(ScreenMapper.Rotation.init(rawValue:))
        options.calibration = calibration.flatMap { ScreenMapper.Calibration(parsing: $0) }
        options.rules.rects = panels.compactMap(PanelRules.parsePanel)
        options.rules.hysteresis = hysteresis.compactMap(PanelRules.parseHysteresis)
        options.rules.masks = masks.compactMap(PanelRules.parseMasks)
        options.rules.panelDevices = panelDevices.filter { !$0.isEmpty }.map { PanelMatch($0) }
        return options
    }
}

/// `WxH` in points, each side above 0 and at most `screenSideLimit`.
public func parseScreen(_ s: String) -> (Double, Double)? {
    let parts = s.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
        w > 0, h > 0, w <= screenSideLimit, h <= screenSideLimit
    else { return nil }
    return (w, h)
}

/// What a `--screen` that `parseScreen` refuses is told.
public func screenUsage(_ given: String) -> String {
    "--screen takes WIDTHxHEIGHT in points, each side above 0 and at most \(Int(screenSideLimit)), "
        + "e.g. 1280x800 (not '\(given)')"
}
