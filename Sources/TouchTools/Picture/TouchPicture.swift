import InputEvents
import TextBuffers
import TouchKit

/// An SVG picture of what a recording did in a scene: the views as outlined boxes with their
/// names (hidden ones dashed, the ones touches began on shaded), each touch's trail in its own
/// colour from a circle where it began to a square where it ended (a cross when cancelled),
/// gesture recognitions and actions as labels where they happened, and optionally the
/// coverage grid as a heat map. The same input gives the same bytes.
package struct TouchPicture {
    package var screen: Size
    package var coverage: (columns: Int, rows: Int)?

    package init(screen: Size, coverage: (columns: Int, rows: Int)? = nil) {
        self.screen = screen
        self.coverage = coverage
    }

    static let palette = [
        "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#e377c2", "#8c564b", "#bcbd22", "#7f7f7f",
    ]

    package func svg(app: Application, recorder: PictureRecorder) -> String {
        var w = SVGWriter()
        w.begin(screen)
        if let grid = coverage, grid.columns > 0, grid.rows > 0 {
            w.coverage(grid, screen: screen, trails: recorder.trails)
        }
        w.b.append("<g class=\"views\" fill=\"none\">\n")
        // Over a heat map the views are outlines only: shading the ones touched would hide
        // which cells were touched and which were not.
        let shaded = coverage == nil ? recorder.hitViews : []
        for window in app.windows {
            w.view(window, window: window, hidden: false, corners: [], hitViews: shaded)
        }
        w.b.append("</g>\n")
        w.hovers(recorder.hovers)
        w.touches(recorder.trails)
        w.labels(recorder.labels)
        w.b.append("</svg>\n")
        return w.b.string
    }
}

/// The SVG's text, layer by layer.
struct SVGWriter {
    var b = TextBuffer(capacity: 1 << 16)

    mutating func num(_ v: Double) { b.append(compact: v, maxDecimals: 2) }

    /// Character data, escaped; XML 1.0 has no place for control characters: they show '?'.
    mutating func text(_ s: String) {
        for c in s.unicodeScalars {
            switch c {
            case "&": b.append("&amp;")
            case "<": b.append("&lt;")
            case ">": b.append("&gt;")
            case "\"": b.append("&quot;")
            default: if c.value < 0x20 { b.append("?") } else { b.append(string: String(c)) }
            }
        }
    }

    /// `<rect x y width height` (the caller closes the element).
    mutating func rectStart(_ r: Rect, _ element: StaticString = "<rect") {
        b.append(element)
        b.append(" x=\"")
        num(r.minX)
        b.append("\" y=\"")
        num(r.minY)
        b.append("\" width=\"")
        num(r.width)
        b.append("\" height=\"")
        num(r.height)
    }

    mutating func begin(_ screen: Size) {
        b.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        b.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        num(screen.width)
        b.append("\" height=\"")
        num(screen.height)
        b.append("\" viewBox=\"0 0 ")
        num(screen.width)
        b.append(" ")
        num(screen.height)
        b.append("\" font-family=\"sans-serif\" font-size=\"12\">\n")
        b.append("<title>touchbridge picture</title>\n")
        rectStart(Rect(x: 0, y: 0, width: screen.width, height: screen.height))
        b.append("\" fill=\"#ffffff\" stroke=\"#000000\" class=\"screen\"/>\n")
    }

    /// The coverage heat map: reports per cell of a grid over the screen.
    mutating func coverage(_ grid: (columns: Int, rows: Int), screen: Size, trails: [PictureRecorder.Trail]) {
        var counts = Array(repeating: Array(repeating: 0, count: grid.columns), count: grid.rows)
        for t in trails {
            for p in t.points {
                let c = min(max(Int(p.x / screen.width * Double(grid.columns)), 0), grid.columns - 1)
                let r = min(max(Int(p.y / screen.height * Double(grid.rows)), 0), grid.rows - 1)
                counts[r][c] += 1
            }
        }
        let most = max(counts.joined().max() ?? 0, 1)
        b.append("<g class=\"coverage\">\n")
        let w = screen.width / Double(grid.columns)
        let h = screen.height / Double(grid.rows)
        for r in 0..<grid.rows {
            for c in 0..<grid.columns {
                let n = counts[r][c]
                rectStart(Rect(x: Double(c) * w, y: Double(r) * h, width: w, height: h))
                if n == 0 {
                    b.append(
                        "\" fill=\"#ffcccc\" fill-opacity=\"0.5\" stroke=\"#ff9999\" stroke-width=\"0.5\"><title>no touch</title></rect>\n"
                    )
                } else {
                    b.append("\" fill=\"#ff8800\" fill-opacity=\"")
                    num(0.1 + 0.6 * Double(n) / Double(most))
                    b.append("\" stroke=\"#ff9999\" stroke-width=\"0.5\"><title>")
                    b.append(decimal: n)
                    b.append(" reports</title></rect>\n")
                }
            }
        }
        b.append("</g>\n")
    }

    /// A view's box and name, then its subviews. `corners`: the top-left corners of the boxes
    /// above it in the tree; names of boxes that share one are written a line lower each.
    mutating func view(_ v: View, window: Window, hidden: Bool, corners: [Point], hitViews: Set<String>) {
        let hidden = hidden || v.isHidden
        let f = v.convert(v.bounds, to: nil)
        let r = Rect(x: f.minX + window.frame.minX, y: f.minY + window.frame.minY, width: f.width, height: f.height)
        let corner = Point(x: r.minX, y: r.minY)
        let stacked = corners.filter { $0 == corner }.count
        let hit = hitViews.contains(v.name)
        rectStart(r)
        b.append(hit ? "\" fill=\"#fff3b0\" fill-opacity=\"0.6\"" : "\"")
        b.append(hidden ? " stroke=\"#999999\" stroke-dasharray=\"4 3\"" : " stroke=\"#333333\"")
        b.append(" class=\"")
        b.append(hidden ? "view hidden" : "view")
        b.append(hit ? " hit\"" : "\"")
        b.append("><title>")
        text(v.name)
        b.append("</title></rect>\n")
        if !v.name.isEmpty {
            b.append("<text x=\"")
            num(r.minX + 3)
            b.append("\" y=\"")
            num(r.minY + 13 + 13 * Double(stacked))
            b.append(hidden ? "\" fill=\"#999999\">" : "\" fill=\"#333333\">")
            text(v.name)
            b.append("</text>\n")
        }
        for s in v.subviews { view(s, window: window, hidden: hidden, corners: corners + [corner], hitViews: hitViews) }
    }

    /// Each touch: its trail, a circle where it began, a square where it ended, a cross when cancelled.
    mutating func touches(_ trails: [PictureRecorder.Trail]) {
        b.append(
            "<g class=\"touches\" fill=\"none\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n"
        )
        for (i, t) in trails.enumerated() {
            guard let first = t.points.first, let last = t.points.last else { continue }
            let colour = TouchPicture.palette[i % TouchPicture.palette.count]
            b.append("<g class=\"touch\" stroke=\"")
            b.append(string: colour)
            b.append("\"><title>")
            b.append(string: t.tool.map { $0 + " " } ?? "")
            b.append("touch #")
            b.append(decimal: Int(t.id))
            if let v = t.view {
                b.append(" on ")
                text(v)
            }
            b.append(", ")
            b.append(string: t.end.rawValue)
            b.append("</title>\n")
            if t.tool != nil {
                pencilStroke(t)
            } else {
                b.append("<polyline class=\"trail\" points=\"")
                points(t.points)
                b.append("\"/>\n")
            }
            b.append("<circle class=\"began\" cx=\"")
            num(first.x)
            b.append("\" cy=\"")
            num(first.y)
            b.append("\" r=\"6\"/>\n")
            switch t.end {
            case .cancelled:
                b.append("<path class=\"cancelled\" d=\"M")
                num(last.x - 6)
                b.append(" ")
                num(last.y - 6)
                b.append(" L")
                num(last.x + 6)
                b.append(" ")
                num(last.y + 6)
                b.append(" M")
                num(last.x - 6)
                b.append(" ")
                num(last.y + 6)
                b.append(" L")
                num(last.x + 6)
                b.append(" ")
                num(last.y - 6)
                b.append("\"/>\n")
            case .ended:
                b.append("<rect class=\"ended\" x=\"")
                num(last.x - 4)
                b.append("\" y=\"")
                num(last.y - 4)
                b.append("\" width=\"8\" height=\"8\" fill=\"")
                b.append(string: colour)
                b.append("\"/>\n")
            default:
                break  // still down when the recording ended (it is then cancelled)
            }
            b.append("</g>\n")
        }
        b.append("</g>\n")
    }

    /// What was recognized and sent, where it happened; a label where another already is goes
    /// a line lower.
    mutating func labels(_ labels: [PictureRecorder.Label]) {
        b.append("<g class=\"labels\" font-size=\"11\">\n")
        var placed: [Point] = []
        for l in labels {
            var at = Point(x: l.at.x + 8, y: l.at.y - 8)
            while placed.contains(where: { abs($0.x - at.x) < 60 && abs($0.y - at.y) < 12 }) { at.y += 13 }
            placed.append(at)
            b.append("<text class=\"label\" x=\"")
            num(at.x)
            b.append("\" y=\"")
            num(at.y)
            b.append("\" fill=\"#000000\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">")
            text(l.text)
            b.append("</text>\n")
        }
        b.append("</g>\n")
    }
}
