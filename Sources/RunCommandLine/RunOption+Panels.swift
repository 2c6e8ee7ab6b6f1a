import TouchBridge
import TouchInput
import TouchKit

/// The screen-mapping and panel options' help and readers, which `touches`, `watch` and the
/// other tools that place a panel as `run` does take from here too.
extension RunOption {
    /// The help of `--screen`, `--rotate`, `--calibration` and `--output`.
    public static let mappingHelp = (
        screen: "Screen size in points, WxH, each side at most 100000.",
        rotate: "Screen rotation clockwise: 0, 90, 180 or 270 (default: the display's panel orientation, else 0).",
        calibration:
            "Calibration matrix \"a b c d e f\" in libinput's convention (default: the device's LIBINPUT_CALIBRATION_MATRIX).",
        output:
            "The display the panel is on, by its connector's name as compositors use it (HDMI-A-1, eDP-1), instead of the matching rules (touchbridge screens)."
    )

    /// The help of `--panel`, `--hysteresis`, `--mask`, `--noise-filter` and `--panel-device`.
    public static let panelHelp = (
        panel:
            "Map a panel onto a rectangle of the screen space, with an optional rotation (repeatable). MATCH is an event node (or a /dev/input/by-* link), udev's ID_PATH, or the device's name.",
        hysteresis:
            "Jitter filter: a finger moves only once it leaves this many millimetres around where it rests, instead of libinput's fuzz filter (0: off; repeatable per panel).",
        mask:
            "Ignore contacts that begin in these rectangles of screen points, e.g. a cracked corner (repeatable per panel).",
        noiseFilter:
            "Phantom touches filtered before the window, the virtual devices and the socket see them: all, none, or rules among far-apart, aligned, single-position, repeating, edge, pressure, palm (any panel) and variance, debounce (single touch), each with an optional setting (pressure:0.25), as udev's TOUCHBRIDGE_NOISE_FILTERS and the scene's noiseFilters (default: none; repeatable per panel).",
        panelDevice:
            "Read this device as a touch panel though it presents as an absolute mouse (a touch controller in mouse mode: BTN_LEFT is the contact), as udev's TOUCHBRIDGE_PANEL=1 does (repeatable)."
    )

    static func panel(_ v: String) throws(UsageError) -> (PanelMatch, Rect, ScreenMapper.Rotation?) {
        guard let p = PanelRules.parsePanel(v) else {
            throw UsageError(
                "--panel takes MATCH=x,y,w,h[@rotation], e.g. /dev/input/event4=0,0,800,480@90 (not '\(v)')")
        }
        return p
    }

    static func hysteresis(_ v: String) throws(UsageError) -> (PanelMatch, Double) {
        guard let h = PanelRules.parseHysteresis(v) else {
            throw UsageError("--hysteresis takes [MATCH=]MM, millimetres (not '\(v)')")
        }
        return h
    }

    static func masks(_ v: String) throws(UsageError) -> (PanelMatch, [Rect]) {
        guard let m = PanelRules.parseMasks(v) else {
            throw UsageError("--mask takes [MATCH=]\"x y w h[; x y w h …]\" in screen points (not '\(v)')")
        }
        return m
    }

    static func noiseFilter(_ v: String) throws(UsageError) -> (PanelMatch, NoiseChoice) {
        switch PanelRules.parseNoise(v) {
        case .success(let n): return n
        case .failure(let e): throw UsageError("--noise-filter takes [MATCH=]all|none|RULE[:VALUE],…: \(e)")
        }
    }

    static func panelDevice(_ v: String) throws(UsageError) -> PanelMatch {
        guard !v.isEmpty else {
            throw UsageError("--panel-device takes an event node, a /dev/input/by-* link, an ID_PATH or a device name")
        }
        return PanelMatch(v)
    }
}
