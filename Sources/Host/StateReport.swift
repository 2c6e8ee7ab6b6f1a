import Pipeline
import TextBuffers
import TouchInput
import TouchKit

/// What SIGUSR1 writes to stderr: the panels with their mapping and counters, the active
/// touches and where they are, the recognizers that are not idle.
package struct StateReport {
    let pipeline: TouchPipeline
    let sceneFile: String?
    let screen: Size

    var lines: [String] {
        let scene = pipeline.scene
        let touches = scene.app.activeTouches
        var out = [
            "state: \(pipeline.panels.count) panel\(pipeline.panels.count == 1 ? "" : "s"), "
                + "\(touches.count) touch\(touches.count == 1 ? "" : "es") down, screen \(f(screen.width))x\(f(screen.height)), "
                + "scene \(sceneFile ?? "built-in") (\(scene.windowCount) window\(scene.windowCount == 1 ? "" : "s"))"
        ]
        if let idle = pipeline.gate.idle {
            out.append(
                idle.isIdle
                    ? "idle (the scene's idle after \(f(idle.after)) s): the next touch wakes the kiosk and reaches nothing"
                    : "awake (idle after \(f(idle.after)) s without a contact)")
        }
        if let g = pipeline.gate.ghosts { out.append("ghost contacts: cancelled after \(f(g.after)) s at rest") }
        for p in pipeline.panels {
            let pl = p.placement
            let rect = pl.rect.map { "\(f($0.minX)),\(f($0.minY)) \(f($0.width))x\(f($0.height))" } ?? "whole screen"
            let calibration =
                pl.calibration == .identity
                ? "none"
                : [
                    pl.calibration.a, pl.calibration.b, pl.calibration.c, pl.calibration.d, pl.calibration.e,
                    pl.calibration.f,
                ]
                .map { f($0) }.joined(separator: " ")
            let maskRects = pl.corrections[Masks.self] ?? []
            let masks =
                maskRects.isEmpty
                ? "none"
                : maskRects.map { "\(f($0.minX)),\(f($0.minY)) \(f($0.width))x\(f($0.height))" }.joined(separator: "; ")
            out.append(
                "panel \(p.node) \"\(p.name)\": \(p.tracker.touchProtocol.summary); at \(rect), rotation \(pl.rotation.rawValue), "
                    + "calibration \(calibration), jitter filter \(p.jitterSetting.summary(mapper: p.mapper)), "
                    + "masks \(masks), noise filters \(p.noiseRules.names)\(noiseCounts(p)); "
                    + "\(p.frames) frames, \(p.dropped) SYN_DROPPED")
        }
        let names = Dictionary(uniqueKeysWithValues: pipeline.panels.map { ($0.number, $0.node) })
        for t in touches {
            let w = t.location(in: nil)
            let view = t.view.map { scene.name(of: $0) } ?? "no view"
            let window = t.window.map { scene.name(of: $0) } ?? "no window"
            out.append(
                "touch #\(t.identifier) \(t.phase.rawValue) from \(names[t.device] ?? "?")\(t.slot >= 0 ? " slot \(t.slot)" : "") "
                    + "at (\(f(w.x)), \(f(w.y))) in \(window), view \(view)")
        }
        for (name, r) in scene.recognizers.sorted(by: { $0.key < $1.key })
        where r.state != .possible || r.numberOfTouches > 0 {
            out.append(
                "recognizer \(name) on \(r.view.map { scene.name(of: $0) } ?? "?"): \(r.state.rawValue), \(r.numberOfTouches) touch(es)"
            )
        }
        return out
    }

    /// ` (3 filtered: 2 edge, 1 palm)`, nothing when none was.
    private func noiseCounts(_ p: Panel) -> String {
        guard let n = p.noise, n.total > 0 else { return "" }
        let each = NoiseRule.allCases.filter { n.counts[$0.rawValue] > 0 }.map { "\(n.counts[$0.rawValue]) \($0.name)" }
        return " (\(n.total) filtered: \(each.joined(separator: ", ")))"
    }

    private func f(_ v: Double) -> String {
        var b = TextBuffer(capacity: 32)
        b.append(compact: v, maxDecimals: 2)
        var s = b.string
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }
}
