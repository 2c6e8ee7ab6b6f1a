import InputEvents
import TextBuffers
import TouchKit

/// `touchbridge scene --json`: the resolved tree as one object, each member written once
/// through `JSONWriter`.
extension SceneInstance {
    func windowJSON(_ w: WindowSpec, _ o: inout JSONWriter) {
        guard let window = responders[w.name] as? Window else { return }
        o.object { o in
            o.string("name", w.name)
            rectJSON("frame", window.frame, &o)
            o.number("level", window.windowLevel, maxDecimals: 3)
            o.bool("key", window.isKeyWindow)
            o.bool("hidden", window.isHidden)
            if let root = w.root { viewJSON("root", root, &o) } else { o.string("root", nil) }
        }
    }

    private func viewJSON(_ key: String?, _ v: ViewSpec, _ o: inout JSONWriter) {
        guard let view = responders[v.name] as? View else { return o.string(key, nil) }
        o.object(key) { o in
            o.string("name", v.name)
            o.string("type", v.control?.type.rawValue ?? "view")
            o.string("controller", v.controller?.responder.name)
            rectJSON("frame", view.frame, &o)
            rectJSON("windowFrame", view.convert(view.bounds, to: nil), &o)
            o.bool("hidden", view.isHidden)
            o.number("alpha", view.alpha, maxDecimals: 3)
            o.bool("userInteractionEnabled", view.isUserInteractionEnabled)
            o.bool("multipleTouchEnabled", view.isMultipleTouchEnabled)
            o.bool("exclusiveTouch", view.isExclusiveTouch)
            o.string("shape", shapeText(v.shape ?? .rect))
            o.array("gestures") { list in for g in v.gestures ?? [] { gestureJSON(g, &list) } }
            if let c = v.control {
                o.object("control") { o in
                    o.string("type", c.type.rawValue)
                    o.object("actions") { a in for action in c.actions { a.string(action.event, action.action) } }
                    o.string("target", c.target)
                }
            } else {
                o.string("control", nil)
            }
            o.array("subviews") { list in for s in v.subviews ?? [] { viewJSON(nil, s, &list) } }
        }
    }

    /// A view's recognizer: its type, action, target and failure requirements.
    private func gestureJSON(_ g: GestureSpec, _ o: inout JSONWriter) {
        o.object { o in
            o.string("name", g.name)
            o.string("type", g.typeName)
            o.string("action", g.action)
            o.string("target", g.target)
            o.strings("requireToFail", g.requireToFail)
        }
    }

    /// A rectangle as `[x, y, width, height]`.
    private func rectJSON(_ key: String, _ r: Rect, _ o: inout JSONWriter) {
        o.array(key) { a in
            for n in [r.minX, r.minY, r.width, r.height] { a.number(nil, n, maxDecimals: 3) }
        }
    }
}
