import TouchKit

/// A view of the scene: logs every touch call, consumes what the scene says, takes touches
/// where its shape says (`point(inside:)`), performs its actions.
final class SceneView: View, SceneResponder {
    let behaviour: ResponderBehaviour
    let shape: ShapeSpec

    init(frame: Rect, behaviour: ResponderBehaviour, shape: ShapeSpec) {
        self.behaviour = behaviour
        self.shape = shape
        super.init(frame: frame, name: String(decoding: behaviour.name.text, as: UTF8.self))
    }

    override func point(inside point: Point, with event: Event?) -> Bool {
        shape.contains(point, in: self, with: event)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if behaviour.handle(.began, touches, event, in: self) { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if behaviour.handle(.moved, touches, event, in: self) { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if behaviour.handle(.ended, touches, event, in: self) { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        if behaviour.handle(.cancelled, touches, event, in: self) { super.touchesCancelled(touches, with: event) }
    }

    override var canBecomeFirstResponder: Bool { behaviour.canBecomeFirstResponder }
    override func motionBegan(_ m: Event.Subtype, with e: Event?) { if behaviour.motion("motionBegan", m, e) { super.motionBegan(m, with: e) } }
    override func motionEnded(_ m: Event.Subtype, with e: Event?) { if behaviour.motion("motionEnded", m, e) { super.motionEnded(m, with: e) } }
    override func motionCancelled(_ m: Event.Subtype, with e: Event?) { if behaviour.motion("motionCancelled", m, e) { super.motionCancelled(m, with: e) } }
    override func remoteControlReceived(with e: Event?) { if behaviour.remoteControl(e) { super.remoteControlReceived(with: e) } }
    override func pressesBegan(_ p: Set<Press>, with e: Event?) { if behaviour.presses("pressesBegan", p, e) { super.pressesBegan(p, with: e) } }
    override func pressesChanged(_ p: Set<Press>, with e: Event?) { if behaviour.presses("pressesChanged", p, e) { super.pressesChanged(p, with: e) } }
    override func pressesEnded(_ p: Set<Press>, with e: Event?) { if behaviour.presses("pressesEnded", p, e) { super.pressesEnded(p, with: e) } }
    override func pressesCancelled(_ p: Set<Press>, with e: Event?) { if behaviour.presses("pressesCancelled", p, e) { super.pressesCancelled(p, with: e) } }

    override func canPerformAction(_ action: Action, withSender sender: AnyObject?) -> Bool { behaviour.canPerform(action) }
    override func perform(_ action: Action, sender: AnyObject?, event: Event?) { behaviour.perform(action) }
}

extension ShapeSpec {
    /// `point(inside:)` for this shape, in `view`'s bounds coordinates.
    func contains(_ p: Point, in view: View, with event: Event?) -> Bool {
        let b = view.bounds
        switch self {
        case .rect:
            return b.contains(p)
        case .circle:
            let rx = b.width / 2, ry = b.height / 2
            guard rx > 0, ry > 0 else { return false }
            let dx = (p.x - b.midX) / rx, dy = (p.y - b.midY) / ry
            return dx * dx + dy * dy <= 1
        case let .inset(top, left, bottom, right):
            return Rect(x: b.minX + left, y: b.minY + top, width: b.width - left - right, height: b.height - top - bottom).contains(p)
        case .includeSubviews:
            // The seeds' override: a subview sticking out of its superview can still be touched.
            if b.contains(p) { return true }
            return view.subviews.contains { sub in
                !sub.isHidden && sub.isUserInteractionEnabled && sub.alpha >= 0.01
                    && sub.point(inside: sub.convert(p, from: view), with: event)
            }
        }
    }
}
