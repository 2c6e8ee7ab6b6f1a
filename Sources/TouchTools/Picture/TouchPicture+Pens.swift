import TouchKit

/// A pen in the picture: its strokes as wide as it pressed, where it hovered as a dashed
/// outline ending in a ring.
extension SVGWriter {
    /// Points as SVG's `x,y x,y` list.
    mutating func points(_ ps: [Point]) {
        for (j, p) in ps.enumerated() {
            if j > 0 { b.append(" ") }
            num(p.x)
            b.append(",")
            num(p.y)
        }
    }

    /// A pen's trail: a segment to each point, 1 (no pressure) to 6 wide (full pressure).
    mutating func pencilStroke(_ t: PictureRecorder.Trail) {
        b.append("<g class=\"trail pencil\">")
        for i in t.points.indices.dropFirst() {
            b.append("<line x1=\"")
            num(t.points[i - 1].x)
            b.append("\" y1=\"")
            num(t.points[i - 1].y)
            b.append("\" x2=\"")
            num(t.points[i].x)
            b.append("\" y2=\"")
            num(t.points[i].y)
            b.append("\" stroke-width=\"")
            num(1 + 5 * (i < t.forces.count ? t.forces[i] : 0))
            b.append("\"/>")
        }
        b.append("</g>\n")
    }

    /// Where a pen hovered: each time it came near, a dashed path and a ring where it went.
    mutating func hovers(_ paths: [[Point]]) {
        guard !paths.isEmpty else { return }
        b.append("<g class=\"hovers\" fill=\"none\" stroke=\"#888888\" stroke-width=\"1\" stroke-dasharray=\"3 3\">\n")
        for path in paths {
            guard let last = path.last else { continue }
            b.append("<g class=\"hover\"><title>pen hovering</title><polyline points=\"")
            points(path)
            b.append("\"/><circle cx=\"")
            num(last.x)
            b.append("\" cy=\"")
            num(last.y)
            b.append("\" r=\"8\"/></g>\n")
        }
        b.append("</g>\n")
    }
}
