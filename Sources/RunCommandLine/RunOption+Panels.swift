import Pipeline
import TouchBridge
import TouchInput
import TouchKit

/// The panel options' readers, which `touches`, `watch` and the other tools that place a panel
/// as `run` does use through the table (`RunOption.options(_:)`).
extension RunOption {
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
