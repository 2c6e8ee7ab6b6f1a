import Glibc
import InputEvents
import TouchInput
import TouchKit
import TouchScene

/// Where one panel lands in the screen space and how its input is cleaned up: its screen
/// rectangle, rotation and calibration, and its corrections' settings.
public struct PanelPlacement: Sendable, Equatable {
    /// The panel's rectangle in global screen points; nil: the whole screen.
    public var rect: Rect?
    /// The panel's rotation on the screen.
    public var rotation: ScreenMapper.Rotation = .none
    /// How far the picture of its display turns upright (the kernel's panel orientation): its
    /// virtual devices report in the display's own orientation, which compositors turn with it.
    public var displayTurn: ScreenMapper.Rotation = .none
    /// Its calibration matrix (libinput's convention).
    public var calibration: ScreenMapper.Calibration = .identity
    /// The settings of its contact corrections (`InputChain.settings`): the jitter filter's
    /// margin, the masked regions.
    public var corrections = PanelSettings()
    /// The axes' fuzz libinput's udev rule moved into `LIBINPUT_FUZZ_XX`, by axis code.
    public var udevFuzz: [UInt16: Int32] = [:]
    /// The display the panel is on (its DRM connector's name, `Virtual-1`), which its virtual
    /// devices carry for compositors; nil when no display was matched.
    public var output: String?
    /// Marked as a panel (udev's `TOUCHBRIDGE_PANEL=1`, `--panel-device`): a single-touch
    /// device without `BTN_TOUCH` is read with `BTN_LEFT` as its contact (mouse mode).
    public var markedPanel = false
    /// Its noise rules (`--noise-filter`, udev's `TOUCHBRIDGE_NOISE_FILTERS`); nil: the scene's
    /// `noiseFilters`, else none.
    public var noise: NoiseChoice?
    /// The physical device it is part of (libinput's `LIBINPUT_DEVICE_GROUP`): a panel's pen and
    /// its fingers share one, which pen and touch arbitration reads.
    public var group: String?

    public init() {}
}

/// `MATCH=value` on the command line: MATCH names a panel by node (or a link to it), udev's
/// `ID_PATH`, or device name; without `MATCH=`, every panel.
public struct PanelMatch: Sendable, Equatable {
    /// What the rule matched on: a node, udev's `ID_PATH`, or the device's name (nil: every panel).
    public let pattern: String?

    public init(_ pattern: String?) { self.pattern = pattern }

    /// Whether this names the device.
    public func matches(node: String, name: String, info: InputDeviceInfo?) -> Bool {
        guard let p = pattern else { return true }
        if p == node || p == name || p == info?.idPath || (info?.devlinks.contains(p) ?? false) { return true }
        if p.hasPrefix("/"), let real = realpath(p, nil) {
            defer { free(real) }
            return String(cString: real) == node
        }
        return false
    }

    /// Splits `MATCH=value` at the last `=` (values hold no `=`); no `=`: no MATCH.
    static func split(_ text: String) -> (PanelMatch, Substring) {
        guard let eq = text.lastIndex(of: "=") else { return (PanelMatch(nil), Substring(text)) }
        return (PanelMatch(String(text[..<eq])), text[text.index(after: eq)...])
    }
}

/// The command line's per-panel settings, in order: `--panel MATCH=x,y,w,h[@rotation]` and
/// each correction's (`--hysteresis [MATCH=]MM`, `--mask [MATCH=]"x y w h[; x y w h …]"`).
public struct PanelRules: Sendable {
    /// A correction's setting for the panels MATCH names (`PanelSetting.rule`).
    public struct Correction: Sendable {
        public let match: PanelMatch
        /// The option that set it (`--mask`), to name it when it matches no panel.
        public let option: String
        public let settings: PanelSettings
    }

    /// `--panel`: where matching panels land, with an optional rotation.
    public var rects: [(PanelMatch, Rect, ScreenMapper.Rotation?)] = []
    /// The corrections' settings (`--hysteresis`, `--mask`), in the order given.
    public var corrections: [Correction] = []
    /// `--panel-device`: devices to read as panels though they present as an absolute mouse.
    public var panelDevices: [PanelMatch] = []
    /// `--noise-filter`: each matching panel's noise rules.
    public var noise: [(PanelMatch, NoiseChoice)] = []

    /// Whether the device is marked as a panel: by udev's `TOUCHBRIDGE_PANEL=1` or `--panel-device`.
    public func marks(node: String, name: String, info: InputDeviceInfo?) -> Bool {
        info?.isMarkedPanel == true || panelDevices.contains { $0.matches(node: node, name: name, info: info) }
    }

    public init() {}

    /// The rules whose MATCH names none of `panels`, each as the option and its MATCH
    /// (`--mask 'kiosk-panel'`), for the line that says it is not applied: a typo in a
    /// panel's name must not leave its mask silently off.
    public func unmatched(by panels: [(node: String, name: String, info: InputDeviceInfo?)]) -> [String] {
        let rules: [(String, PanelMatch)] =
            rects.map { ("--panel", $0.0) } + corrections.map { ($0.option, $0.match) }
            + panelDevices.map { ("--panel-device", $0) } + noise.map { ("--noise-filter", $0.0) }
        var out: [String] = []
        for (option, match) in rules {
            guard let pattern = match.pattern,
                !panels.contains(where: { match.matches(node: $0.node, name: $0.name, info: $0.info) })
            else { continue }
            let said = "\(option) '\(pattern)'"
            if !out.contains(said) { out.append(said) }
        }
        return out
    }

    /// Parses `MATCH=x,y,w,h[@rotation]`; nil when malformed.
    public static func parsePanel(_ text: String) -> (PanelMatch, Rect, ScreenMapper.Rotation?)? {
        let (match, value) = PanelMatch.split(text)
        guard match.pattern.map({ !$0.isEmpty }) ?? false else { return nil }
        var rotation: ScreenMapper.Rotation?
        var rectText = value
        if let at = value.firstIndex(of: "@") {
            guard let r = Int(value[value.index(after: at)...]).flatMap(ScreenMapper.Rotation.init(rawValue:)) else {
                return nil
            }
            rotation = r
            rectText = value[..<at]
        }
        guard let rect = parseRect(rectText) else { return nil }
        return (match, rect, rotation)
    }

    /// Parses `[MATCH=]all|none|RULE[:VALUE],…`.
    public static func parseNoise(_ text: String) -> Result<(PanelMatch, NoiseChoice), NoiseChoiceError> {
        let (match, value) = PanelMatch.split(text)
        return NoiseChoice.parse(String(value)).map { (match, $0) }
    }
}

/// The largest figure of a screen or a panel's rectangle in points, from the command line
/// or udev: far beyond any display (a wall of 16K displays side by side is 61,440 pixels
/// wide), small enough that nothing sized from it can overflow.
public let screenSideLimit = 100_000.0

/// `x y w h` or `x,y,w,h` with a positive size, every figure within `screenSideLimit`.
package func parseRect<S: StringProtocol>(_ text: S) -> Rect? {
    let v = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).compactMap { Double($0) }
    guard v.count == 4, v.allSatisfy({ abs($0) <= screenSideLimit }), v[2] > 0, v[3] > 0 else { return nil }
    let fields = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).count
    guard fields == 4 else { return nil }
    return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
}

/// The most rectangles one mask takes: a panel's cracked corners and edges, not a grid.
public let maskRectLimit = 64

/// Rectangles separated by `;`, at most `maskRectLimit`.
package func parseRects<S: StringProtocol>(_ text: S) -> [Rect]? {
    var out: [Rect] = []
    for part in text.split(separator: ";") where !part.allSatisfy({ $0 == " " }) {
        guard out.count < maskRectLimit, let r = parseRect(part) else { return nil }
        out.append(r)
    }
    return out.isEmpty ? nil : out
}
