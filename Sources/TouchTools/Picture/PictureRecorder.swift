import InputEvents
import Pipeline
import TouchKit
import TouchScene

/// Follows a pipeline as a recording plays and keeps what the picture draws: every touch's
/// trail in screen points with how it ended, the views touches began on, and where gestures
/// were recognized and actions sent.
package final class PictureRecorder {
    package struct Trail {
        package let id: UInt64
        package var points: [Point] = []
        package var end: Touch.Phase = .moved
        package var view: String?
        /// A pen's tip: `pen` or `eraser`; nil for a finger.
        package var tool: String?
        /// A pen's pressure at each point, 0…1.
        package var forces: [Double] = []
    }

    package struct Label {
        package let text: String
        package let at: Point
    }

    package private(set) var trails: [Trail] = []
    package private(set) var labels: [Label] = []
    package private(set) var hitViews: Set<String> = []
    /// Where a pen hovered, a path each time it came near.
    package private(set) var hovers: [[Point]] = []
    private var hovering = false
    private var index: [UInt64: Int] = [:]
    private var pipeline: TouchPipeline?
    private var listening: HandlerLog.Listening?

    /// A recorder that has seen nothing yet: a pipeline is built with its `observers`, then
    /// followed.
    package init() {}

    deinit { if let listening { pipeline?.log.stopListening(listening) } }

    /// What the pipeline tells the recorder: each frame's touches and a pen's hover.
    package var observers: TouchPipeline.Observers {
        TouchPipeline.Observers(
            frame: { [weak self] updates, _ in self?.frame(updates) },
            hover: { [weak self] update, _ in self?.hover(update) })
    }

    /// Follows `pipeline`, built with `observers`: the views its touches begin on, and the
    /// gestures and actions its log records.
    package func follow(_ pipeline: TouchPipeline) {
        self.pipeline = pipeline
        listening = pipeline.log.listen(toCalls: { [unowned self] call in self.call(call) })
    }

    private func frame(_ updates: [TouchUpdate]) {
        guard let app = pipeline?.scene.app else { return }
        for u in updates {
            if u.phase == .began {
                index[u.identifier] = trails.count
                var t = Trail(id: u.identifier)
                t.view = app.activeTouches.first { $0.identifier == u.identifier }?.view?.name
                if let v = t.view { hitViews.insert(v) }
                if u.type == .pencil { t.tool = u.isEraser ? "eraser" : "pen" }
                trails.append(t)
            }
            guard let i = index[u.identifier] else { continue }
            trails[i].points.append(u.location)
            trails[i].end = u.phase
            if u.type == .pencil {
                trails[i].forces.append(u.maximumPossibleForce > 0 ? u.force / u.maximumPossibleForce : 1)
            }
        }
    }

    /// A pen's hover: a new path as it comes near, its places as it moves.
    private func hover(_ h: Application.HoverUpdate) {
        switch h.phase {
        case .began:
            hovers.append([h.location])
            hovering = true
        case .moved:
            if hovering { hovers[hovers.count - 1].append(h.location) }
        default:
            if hovering { hovers[hovers.count - 1].append(h.location) }
            hovering = false
        }
    }

    private func call(_ c: HandlerLog.Call) {
        guard let scene = pipeline?.scene else { return }
        switch c {
        case .gesture(let name, let state) where state == .recognized || state == .began:
            guard let r = scene.recognizer(named: name) else { return }
            add("\(name) \(state.rawValue)", at: screenPoint(r.location(in: nil), in: r.view?.window))
        case .action(let action, let sender, _):
            if let r = scene.recognizer(named: sender) {
                add(action, at: screenPoint(r.location(in: nil), in: r.view?.window))
            } else if let v = scene.responder(named: sender) as? View {
                let f = v.convert(v.bounds, to: nil)
                add(action, at: screenPoint(Point(x: f.midX, y: f.midY), in: v.window))
            }
        default:
            break
        }
    }

    /// A label, unless it repeats the one before (a continuous gesture sends its action at
    /// every change: the picture names it once, where it started).
    private func add(_ text: String, at p: Point) {
        if labels.last?.text == text { return }
        labels.append(Label(text: text, at: p))
    }

    private func screenPoint(_ p: Point, in window: Window?) -> Point {
        guard let w = window else { return p }
        return Point(x: p.x + w.frame.minX, y: p.y + w.frame.minY)
    }
}
