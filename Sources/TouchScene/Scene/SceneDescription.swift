import InputEvents
import TextBuffers
import TouchKit

/// What `touchbridge scene` prints: the resolved tree (frames in window coordinates,
/// controllers, recognizers, control actions), and hit tests with their responder chains.
extension SceneInstance {
    /// The name a responder has in the log.
    public func name(of responder: Responder) -> String {
        if let b = responder.sceneBehaviour { return String(decoding: b.name.text, as: UTF8.self) }
        if responder === app { return "Application" }
        return String(describing: responder)
    }

    /// The view a touch at `point` (screen coordinates) goes to, and its responder chain from
    /// that view up to the app delegate.
    public func hit(_ point: Point) -> (view: String, chain: [String])? {
        guard let view = app.hitTest(point, with: nil) else { return nil }
        var chain: [String] = []
        var r: Responder? = view
        while let current = r, chain.count < 10_000 {
            chain.append(name(of: current))
            r = current.next
        }
        return (name(of: view), chain)
    }

    /// The hit test of `point` as one JSON line or one text line.
    public func describeHit(_ point: Point, json: Bool) -> String {
        let result = hit(point)
        if json {
            var w = JSONWriter(capacity: 256)
            w.object { o in
                o.array("point") { p in
                    p.number(nil, point.x, maxDecimals: 3)
                    p.number(nil, point.y, maxDecimals: 3)
                }
                o.string("view", result?.view)
                o.strings("chain", result?.chain ?? [])
            }
            return w.string
        }
        var b = TextBuffer(capacity: 256)
        b.append("(")
        b.append(compact: point.x)
        b.append(", ")
        b.append(compact: point.y)
        b.append(") ")
        if let result {
            b.append(string: result.view)
            b.append(": ")
            b.append(string: result.chain.joined(separator: " → "))
        } else {
            b.append("no view takes it")
        }
        return b.string
    }

    /// The resolved tree: text, one line per window, view and recognizer; or one JSON object.
    public func describeTree(json: Bool) -> String {
        if json {
            var w = JSONWriter(capacity: 4096)
            w.object { o in
                o.string("file", scene.file)
                o.array("windows") { list in
                    for window in scene.spec.windows { windowJSON(window, &list) }
                }
            }
            return w.string
        }
        var b = TextBuffer(capacity: 4096)
        for w in scene.spec.windows { windowText(w, &b) }
        return b.string
    }

    // MARK: - Text

    private func windowText(_ w: WindowSpec, _ b: inout TextBuffer) {
        guard let window = responders[w.name] as? Window else { return }
        b.append("window ")
        b.append(string: w.name)
        b.append(" frame ")
        rectText(window.frame, &b)
        b.append(" level ")
        b.append(compact: window.windowLevel)
        if window.isKeyWindow { b.append(" key") }
        if window.isHidden { b.append(" hidden") }
        b.append("\n")
        if let root = w.root { viewText(root, depth: 1, &b) }
    }

    private func viewText(_ v: ViewSpec, depth: Int, _ b: inout TextBuffer) {
        guard let view = responders[v.name] as? View else { return }
        b.append(repeating: UInt8(ascii: " "), count: depth * 2)
        b.append(string: v.name)
        if let c = v.control {
            b.append(" (")
            b.append(string: c.type.rawValue)
            b.append(")")
        }
        if let c = v.controller {
            b.append(" [controller ")
            b.append(string: c.responder.name)
            if let a = c.responder.actions, !a.isEmpty {
                b.append(" performs ")
                b.append(string: a.joined(separator: ","))
            }
            if let m = c.responder.consumes, !m.isEmpty {
                b.append(" consumes ")
                b.append(string: m.map(\.name).joined(separator: ","))
            }
            b.append("]")
        }
        b.append(" frame ")
        rectText(view.frame, &b)
        b.append(" in window ")
        rectText(view.convert(view.bounds, to: nil), &b)
        if view.isHidden { b.append(" hidden") }
        if view.alpha != 1 {
            b.append(" alpha ")
            b.append(compact: view.alpha)
        }
        if !view.isUserInteractionEnabled { b.append(" no-interaction") }
        if view.isMultipleTouchEnabled { b.append(" multitouch") }
        if view.isExclusiveTouch { b.append(" exclusive") }
        if let s = v.shape, s != .rect {
            b.append(" shape ")
            b.append(string: shapeText(s))
        }
        if let c = v.consumes, !c.isEmpty {
            b.append(" consumes ")
            b.append(string: c.map(\.name).joined(separator: ","))
        }
        if let a = v.actions, !a.isEmpty {
            b.append(" performs ")
            b.append(string: a.joined(separator: ","))
        }
        b.append("\n")
        for g in v.gestures ?? [] { gestureText(g, depth: depth, &b) }
        if let c = v.control {
            for a in c.actions {
                b.append(repeating: UInt8(ascii: " "), count: depth * 2 + 2)
                b.append("action ")
                b.append(string: a.event)
                b.append(" → ")
                b.append(string: a.action)
                b.append(" to ")
                b.append(string: c.target ?? "the chain")
                b.append("\n")
            }
        }
        for s in v.subviews ?? [] { viewText(s, depth: depth + 1, &b) }
    }

    /// A view's recognizer: its type, settings, action and failure requirements.
    private func gestureText(_ g: GestureSpec, depth: Int, _ b: inout TextBuffer) {
        b.append(repeating: UInt8(ascii: " "), count: depth * 2 + 2)
        b.append("gesture ")
        b.append(string: g.name)
        b.append(" ")
        b.append(string: g.typeName)
        for (k, n) in g.numbers.sorted(by: { $0.key < $1.key }) {
            b.append(" ")
            b.append(string: k)
            b.append("=")
            b.append(compact: n)
        }
        for (k, w) in g.words.sorted(by: { $0.key < $1.key }) {
            b.append(" ")
            b.append(string: k)
            b.append("=")
            b.append(string: w.joined(separator: ","))
        }
        if let a = g.action {
            b.append(" → ")
            b.append(string: a)
            b.append(" to ")
            b.append(string: g.target ?? "the chain")
        }
        if !g.requireToFail.isEmpty {
            b.append(" after ")
            b.append(string: g.requireToFail.joined(separator: ","))
            b.append(" fail")
        }
        b.append("\n")
    }

    private func rectText(_ r: Rect, _ b: inout TextBuffer) {
        b.append("(")
        b.append(compact: r.minX)
        b.append(", ")
        b.append(compact: r.minY)
        b.append(", ")
        b.append(compact: r.width)
        b.append(", ")
        b.append(compact: r.height)
        b.append(")")
    }

    func shapeText(_ s: ShapeSpec) -> String {
        switch s {
        case .rect: return "rect"
        case .circle: return "circle"
        case .includeSubviews: return "includeSubviews"
        case .inset(let t, let l, let bo, let r): return "inset(\(t), \(l), \(bo), \(r))"
        }
    }
}
