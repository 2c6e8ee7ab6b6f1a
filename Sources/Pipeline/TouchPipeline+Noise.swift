import TouchInput
import TouchKit
import TouchScene

/// The noise rules between a panel's tracker and everything after it (`--noise-filter`): a
/// touch judged noise never begins for the window, the virtual devices and the socket, or is
/// cancelled there when it had begun; one held back begins when it goes on. Each filtered touch
/// is said: a `noise` line, the metrics, and the journal at most once a second per panel.
extension TouchPipeline {
    /// The noise rules of a panel placed by `placement`: its own, else the scene's, else none.
    func noiseChoice(for placement: PanelPlacement) -> NoiseChoice {
        placement.noise ?? scene.scene.noiseFilters ?? .none
    }

    /// Contact `c` through its panel's noise rules: the phase it goes on with (a touch released
    /// begins, one judged noise after it began is cancelled), nil when it goes nowhere.
    @inline(__always)
    func noisePhase(of c: Contact, from panel: Panel, at t: Double) -> ContactPhase? {
        switch panel.noise!.judge(c) {
        case .pass: return c.phase
        case .skip: return nil
        case .release: return .began
        case .noise(let rule, let began):
            sayNoise(rule, c, began: began, from: panel, at: t)
            if !began, panel.noise!.swallowsEverything(at: t) { saySwallowed(panel) }
            return began ? .cancelled : nil
        }
    }

    /// Every touch of the panel's first ones judged noise: said once, with the rules' counts.
    private func saySwallowed(_ panel: Panel) {
        guard let n = panel.noise else { return }
        let counts = n.rules.rules.filter { n.counts[$0.rawValue] > 0 }.map { "\($0.name) \(n.counts[$0.rawValue])" }
        warn(
            "\(panel.node): the noise filter has let none of this panel's touches through ("
                + counts.joined(separator: ", ")
                + "): its rules are likely set wrong for this panel (`touchbridge health` shows its pressures and sizes)"
        )
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
