import TouchInput
import TouchKit

/// The noise rules between a panel's tracker and everything after it (`--noise-filter`): a
/// touch judged noise never begins for the window, the virtual devices and the socket, or is
/// cancelled there when it had begun; one held back begins when it goes on. Each filtered touch
/// is said: a `noise` line, the metrics, and the journal at most once a second per panel.
extension TouchPipeline {
    /// The noise rules of a panel placed by `placement`: its own, else the scene's, else none.
    func noiseChoice(for placement: PanelPlacement) -> NoiseChoice {
        placement.noise ?? scene.scene.noiseFilters ?? .none
    }

    /// Passes contact `c` through its panel's noise rules: false when it goes nowhere; a
    /// touch released begins here, one judged noise after it began is cancelled.
    @inline(__always)
    func passesNoise(_ c: inout Contact, from panel: Panel, at t: Double) -> Bool {
        switch panel.noise!.judge(c) {
        case .pass: return true
        case .skip: return false
        case .release:
            c.phase = .began
            c.previousPosition = c.position
            return true
        case .noise(let rule, let began):
            sayNoise(rule, c, began: began, from: panel, at: t)
            guard began else { return false }
            c.phase = .cancelled
            return true
        }
    }

    private func sayNoise(_ rule: NoiseRule, _ c: Contact, began: Bool, from panel: Panel, at t: Double) {
        let p = panel.screenPoint(c.position)
        log.noise(rule: rule.name, node: panel.node, id: c.id, location: p, began: began, time: t)
        guard t - panel.noiseSaid.at >= 1 else {
            panel.noiseSaid.unsaid += 1
            return
        }
        let more = panel.noiseSaid.unsaid
        panel.noiseSaid = (t, 0)
        warn(
            "\(panel.node): a touch at (\(String(fixed: p.x, decimals: 1)), \(String(fixed: p.y, decimals: 1))) "
                + "filtered as noise (\(rule.name))\(began ? ", cancelled" : "")"
                + (more > 0 ? "; \(more) more since the last said" : ""))
    }
}
