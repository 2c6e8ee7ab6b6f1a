import ArgumentParser
import TouchBridge
import TouchInput
import TouchKit

/// The screen-mapping options `touches` and `run` share.
struct MappingOptions: ParsableArguments {
    @Option(help: "Screen size in points, WxH (default: see the command's help).")
    var screen: String?

    @Option(help: "Screen rotation clockwise: 0, 90, 180 or 270 (default 0).")
    var rotate: Int?

    @Option(help: "Calibration matrix \"a b c d e f\" (libinput's convention); default: the device's LIBINPUT_CALIBRATION_MATRIX.")
    var calibration: String?

    func validate() throws { try Self.check(screen: screen, rotate: rotate, calibration: calibration) }

    static func check(screen: String?, rotate: Int?, calibration: String?) throws {
        if let rotate, ScreenMapper.Rotation(rawValue: rotate) == nil { throw ValidationError("--rotate takes 0, 90, 180 or 270") }
        if let screen, parseScreen(screen) == nil { throw ValidationError("--screen takes WIDTHxHEIGHT in points, e.g. 1280x800") }
        if let calibration, ScreenMapper.Calibration(parsing: calibration) == nil {
            throw ValidationError("--calibration takes six numbers \"a b c d e f\"")
        }
    }

    var rotation: ScreenMapper.Rotation { rotate.flatMap(ScreenMapper.Rotation.init(rawValue:)) ?? .none }
    var matrix: ScreenMapper.Calibration? { calibration.flatMap { ScreenMapper.Calibration(parsing: $0) } }
    var screenSize: (width: Double, height: Double)? { screen.flatMap(parseScreen).map { (width: $0.0, height: $0.1) } }
}

/// Where panels land and how their contacts are corrected, as `run`, `touches` and `watch`
/// share them: what a tester sees is what the daemon does.
struct PanelOptions: ParsableArguments {
    @Option(name: .customLong("panel"), help: ArgumentHelp(
        "Map a panel onto a rectangle of the screen space, with an optional rotation (repeatable).",
        discussion: "MATCH is an event node (or a /dev/input/by-* link), udev's ID_PATH, or the device's name.",
        valueName: "MATCH=x,y,w,h[@rotation]"))
    var panels: [String] = []

    @Option(name: .customLong("hysteresis"), help: ArgumentHelp(
        "Jitter filter: a finger moves only once it leaves this many millimetres around where it rests, instead of libinput's fuzz filter (0: off; repeatable per panel).",
        valueName: "[MATCH=]MM"))
    var hysteresis: [String] = []

    @Option(name: .customLong("mask"), help: ArgumentHelp(
        "Ignore contacts that begin in these rectangles of screen points, e.g. a cracked corner (repeatable per panel).",
        valueName: "[MATCH=]\"x y w h[; x y w h …]\""))
    var masks: [String] = []

    func validate() throws { try Self.check(panels: panels, hysteresis: hysteresis, masks: masks) }

    static func check(panels: [String], hysteresis: [String], masks: [String]) throws {
        for p in panels where PanelRules.parsePanel(p) == nil {
            throw ValidationError("--panel takes MATCH=x,y,w,h[@rotation], e.g. /dev/input/event4=0,0,800,480@90 (not '\(p)')")
        }
        for h in hysteresis where PanelRules.parseHysteresis(h) == nil {
            throw ValidationError("--hysteresis takes [MATCH=]MM, millimetres (not '\(h)')")
        }
        for m in masks where PanelRules.parseMasks(m) == nil {
            throw ValidationError("--mask takes [MATCH=]\"x y w h[; x y w h …]\" in screen points (not '\(m)')")
        }
    }

    /// These options and `mapping`'s, as the daemon's options.
    func options(_ mapping: MappingOptions) -> RunOptions {
        Self.options(screen: mapping.screen, rotate: mapping.rotate, calibration: mapping.calibration,
                     panels: panels, hysteresis: hysteresis, masks: masks)
    }

    static func options(screen: String?, rotate: Int?, calibration: String?, panels: [String], hysteresis: [String],
                        masks: [String]) -> RunOptions {
        var options = RunOptions()
        options.screen = screen.flatMap(parseScreen).map { Size(width: $0.0, height: $0.1) }
        options.rotation = rotate.flatMap(ScreenMapper.Rotation.init(rawValue:)) ?? .none
        options.calibration = calibration.flatMap { ScreenMapper.Calibration(parsing: $0) }
        options.rules.rects = panels.compactMap(PanelRules.parsePanel)
        options.rules.hysteresis = hysteresis.compactMap(PanelRules.parseHysteresis)
        options.rules.masks = masks.compactMap(PanelRules.parseMasks)
        return options
    }
}

/// `WxH` in points.
func parseScreen(_ s: String) -> (Double, Double)? {
    let parts = s.split(separator: "x")
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0, w.isFinite, h.isFinite else { return nil }
    return (w, h)
}

/// `COLUMNSxROWS`, each 1 to 200 (the coverage grid of `health` and `picture`).
func parseGrid(_ s: String) -> (columns: Int, rows: Int)? {
    let parts = s.split(separator: "x")
    guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), (1...200).contains(c), (1...200).contains(r) else { return nil }
    return (c, r)
}
