import TouchKit

/// `watch`'s screen as text, from its model: a title line, the panel's screen rectangle at its
/// aspect ratio on a braille canvas (with a scene, its views' outlines and names; each contact
/// a blob and its trail, labelled with its touch id, slot (where the panel has slots) and
/// view, a pen's tip marked `pen` or `eraser` and a pen hovering drawn as a ring; `o` where a touch began,
/// `□` where it ended, `x` where it was cancelled, as `picture` marks them), then the status
/// lines. Every line is exactly the terminal's width and every cell has a paint, so a
/// terminal library only has to put them there.
package enum WatchScreen {
    /// What a cell is drawn as: the terminal chooses the colour (or none).
    package enum Paint: UInt8, Sendable {
        case plain, screen, view, began, ended, cancelled, title, hover
        case contact0, contact1, contact2, contact3, contact4, contact5

        /// A contact's colour, by its id.
        package static func contact(_ id: UInt64) -> Paint { Paint(rawValue: contact0.rawValue + UInt8(id % 6))! }
    }

    /// A view of the scene, in screen points.
    package struct ViewBox: Sendable {
        package let name: String
        package let rect: Rect

        package init(name: String, rect: Rect) {
            self.name = name
            self.rect = rect
        }
    }

    /// The screen: a character and a paint for each cell, a row of the terminal's width each.
    package struct Frame: Equatable, Sendable {
        package var cells: [[Unicode.Scalar]]
        package var paint: [[Paint]]

        /// The rows as text.
        package var lines: [String] {
            cells.map { row in
                var s = ""
                s.unicodeScalars.append(contentsOf: row)
                return s
            }
        }
    }

    /// The smallest terminal the picture is drawn in; a smaller one is asked to grow.
    package static let minimumSize = (columns: 40, rows: 12)

    /// The screen for a terminal of `columns` × `rows` cells. `unicode`: braille and `□`;
    /// without it (a terminal that is not UTF-8), ASCII only.
    package static func render(
        _ m: WatchModel, columns: Int, rows: Int, title: String, status: [String],
        views: [ViewBox] = [], unicode: Bool = true
    ) -> Frame {
        guard columns >= minimumSize.columns, rows >= max(minimumSize.rows, status.count + 5) else {
            return tooSmall(columns: columns, rows: rows)
        }
        let canvasRows = rows - 1 - status.count
        // A cell is about twice as tall as wide: 2×4 dots keep the dots about square.
        let scale = min(Double(columns * 2) / max(m.screen.width, 1), Double(canvasRows * 4) / max(m.screen.height, 1))
        let dotW = Int((m.screen.width * scale).rounded(.down))
        let dotH = Int((m.screen.height * scale).rounded(.down))
        func dot(_ p: Point) -> (Int, Int) {
            (min(dotW - 1, max(0, Int(p.x * scale))), min(dotH - 1, max(0, Int(p.y * scale))))
        }
        var canvas = BrailleCanvas(columns: columns, rows: canvasRows)
        canvas.pen = Paint.screen.rawValue
        canvas.frame(x: 0, y: 0, width: dotW, height: dotH)
        canvas.pen = Paint.view.rawValue
        for v in views {
            let a = dot(Point(x: v.rect.minX, y: v.rect.minY))
            let b = dot(Point(x: v.rect.maxX, y: v.rect.maxY))
            canvas.frame(x: a.0, y: a.1, width: b.0 - a.0 + 1, height: b.1 - a.1 + 1)
        }
        for c in m.contacts {
            canvas.pen = Paint.contact(c.id).rawValue
            for (a, b) in zip(c.trail, c.trail.dropFirst()) { canvas.line(from: dot(a.point), to: dot(b.point)) }
            let (x, y) = dot(c.location)
            for dx in -1...1 { for dy in -1...1 { canvas.set(x + dx, y + dy) } }
        }
        if let h = m.hover {
            // An outline where the pen would touch: a ring of dots.
            canvas.pen = Paint.hover.rawValue
            let (x, y) = dot(h.point)
            for (dx, dy) in [(-2, -1), (-2, 0), (-2, 1), (2, -1), (2, 0), (2, 1), (-1, -2), (0, -2), (1, -2)]
                + [(-1, 2), (0, 2), (1, 2)]
            {
                canvas.set(x + dx, y + dy)
            }
        }
        var text = Text(canvas: canvas, unicode: unicode)
        for v in views {
            let a = dot(Point(x: v.rect.minX, y: v.rect.minY))
            text.put(v.name, row: a.1 / 4, column: a.0 / 2 + 1, paint: .view)
        }
        for mark in m.marks {
            let (x, y) = dot(mark.point)
            switch mark.kind {
            case .began: text.put("o", row: y / 4, column: x / 2, paint: .began)
            case .ended: text.put(unicode ? "□" : "#", row: y / 4, column: x / 2, paint: .ended)
            case .cancelled: text.put("x", row: y / 4, column: x / 2, paint: .cancelled)
            }
        }
        for c in m.contacts {
            let (x, y) = dot(c.location)
            // Protocol A and single-touch panels have no slots (-1): the id alone.
            let label =
                "#\(c.id)" + (c.slot >= 0 ? " s\(c.slot)" : "") + (c.tool.map { " " + $0 } ?? "")
                + (c.view.map { " " + $0 } ?? "")
            text.put(label, row: y / 4, column: x / 2 + 2, paint: .contact(c.id))
        }
        if let h = m.hover {
            let (x, y) = dot(h.point)
            let label =
                (h.isEraser ? "eraser" : "pen") + " hovering, height " + String(Int((h.height * 100).rounded())) + "%"
            text.put(label, row: y / 4, column: x / 2 + 3, paint: .hover)
        }
        return Frame(
            cells: [fit(title, columns)] + text.cells + status.map { fit($0, columns) },
            paint: [Array(repeating: .title, count: columns)] + text.paint
                + Array(repeating: Array(repeating: .plain, count: columns), count: status.count))
    }

    /// A terminal too small for the picture: say how large it must be.
    private static func tooSmall(columns: Int, rows: Int) -> Frame {
        let message = "touchbridge watch: make the terminal at least \(minimumSize.columns)x\(minimumSize.rows)"
        var cells = Array(repeating: fit("", columns), count: max(rows, 0))
        if rows > 0 { cells[0] = fit(message, columns) }
        return Frame(
            cells: cells, paint: Array(repeating: Array(repeating: .plain, count: max(columns, 0)), count: max(rows, 0))
        )
    }

    /// `text` cut or padded with spaces to `width` characters (one a cell: the status and
    /// title hold no combining or double-width characters).
    static func fit(_ text: String, _ width: Int) -> [Unicode.Scalar] {
        var row = Array(text.unicodeScalars.prefix(max(width, 0)))
        if row.count < width { row.append(contentsOf: repeatElement(" ", count: width - row.count)) }
        return row
    }
}

/// The canvas's cells as characters with their paints, and words put over them.
private struct Text {
    var cells: [[Unicode.Scalar]]
    var paint: [[WatchScreen.Paint]]

    init(canvas: BrailleCanvas, unicode: Bool) {
        cells = (0..<canvas.rows).map { canvas.scalars(row: $0, unicode: unicode) }
        paint = (0..<canvas.rows).map { r in
            (0..<canvas.columns).map { WatchScreen.Paint(rawValue: canvas.tag(column: $0, row: r)) ?? .plain }
        }
    }

    /// `s` from `column` on in `row`, cut at the edges.
    mutating func put(_ s: String, row: Int, column: Int, paint p: WatchScreen.Paint) {
        guard row >= 0, row < cells.count else { return }
        for (i, ch) in s.unicodeScalars.enumerated() where column + i >= 0 && column + i < cells[row].count {
            cells[row][column + i] = ch
            paint[row][column + i] = p
        }
    }
}
