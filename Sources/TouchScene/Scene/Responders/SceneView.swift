import TouchKit

/// A view of the scene: takes touches where its shape says (`point(inside:)`); what it does
/// with calls is its `ResponderBehaviour`, its hook.
final class SceneView: View {
    let behaviour: ResponderBehaviour
    let shape: ShapeSpec

    init(frame: Rect, behaviour: ResponderBehaviour, shape: ShapeSpec) {
        self.behaviour = behaviour
        self.shape = shape
        super.init(frame: frame, name: String(decoding: behaviour.name.text, as: UTF8.self))
        hook = behaviour
    }

    override func point(inside point: Point, with event: Event?) -> Bool {
        shape.contains(point, in: self, with: event)
    }
}

extension ShapeSpec {
    /// `point(inside:)` for this shape, in `view`'s bounds coordinates.
    func contains(_ p: Point, in view: View, with event: Event?) -> Bool {
        let b = view.bounds
        switch self {
        case .rect:
            return b.contains(p)
        case .circle:
            let rx = b.width / 2
            let ry = b.height / 2
            guard rx > 0, ry > 0 else { return false }
            let dx = (p.x - b.midX) / rx
            let dy = (p.y - b.midY) / ry
            return dx * dx + dy * dy <= 1
        case .inset(let top, let left, let bottom, let right):
            return Rect(
                x: b.minX + left, y: b.minY + top, width: b.width - left - right, height: b.height - top - bottom
            ).contains(p)
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
