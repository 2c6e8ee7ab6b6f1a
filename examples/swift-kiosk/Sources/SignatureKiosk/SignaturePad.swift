import TouchKit

/// A pad that collects a signature: each finger's path from touch-down to lift is a stroke.
/// A cancelled touch (a shake, an unplugged panel) drops the stroke it was drawing.
public final class SignaturePad: View {
    /// The finished strokes, each a list of points in the pad's coordinates.
    public private(set) var strokes: [[Point]] = []
    /// Strokes being drawn, by touch.
    private var drawing: [ObjectIdentifier: [Point]] = [:]
    /// The pen's width in points (the strip's pan sets it).
    public var penWidth = 3.0

    public override init(frame: Rect = .zero, name: String = "") {
        super.init(frame: frame, name: name)
        isMultipleTouchEnabled = true
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for t in touches { drawing[ObjectIdentifier(t)] = [t.location(in: self)] }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        for t in touches { drawing[ObjectIdentifier(t)]?.append(t.location(in: self)) }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        for t in touches {
            if var s = drawing.removeValue(forKey: ObjectIdentifier(t)) {
                s.append(t.location(in: self))
                strokes.append(s)
            }
        }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        for t in touches { drawing[ObjectIdentifier(t)] = nil }
    }

    /// Empties the pad.
    public func clear() {
        strokes.removeAll()
        drawing.removeAll()
    }
}
