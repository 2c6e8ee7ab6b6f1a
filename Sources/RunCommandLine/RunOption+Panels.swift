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

    /// The option that sets a correction's `setting` per panel (`--hysteresis [MATCH=]MM`),
    /// named, written and read as the setting says.
    static func correction<S: PanelSetting>(_ setting: S.Type, help: String) -> RunOption {
        RunOption(S.option, value: "[MATCH=]\(S.syntax)", group: .panels, help: help) {
            r, v throws(UsageError) in
            guard let rule = S.rule(v) else {
                throw UsageError("--\(S.option) takes [MATCH=]\(S.syntax), \(S.expected) (not '\(v)')")
            }
            r.options.rules.corrections.append(rule)
        }
    }
}
