import TouchKit

/// `watch`'s screen as text, from its model: a title line, the panel's screen rectangle at its
/// aspect ratio on a braille canvas (each contact a blob and its trail, labelled with its
/// touch id and slot; `o` where a touch began, `□` where it ended, `x` where it was
/// cancelled, as `picture` marks them), then the status lines. Every line is exactly the
/// terminal's width, so a terminal library only has to put it there.
package enum WatchScreen {
    /// The screen for a terminal of `columns` × `rows` cells.
    package static func render(_ m: WatchModel, columns: Int, rows: Int, title: String, status: [String]) -> [String] {
        let canvasRows = max(0, rows - 1 - status.count)
        // A cell is about twice as tall as wide: 2×4 dots keep the dots about square.
        let scale = min(Double(columns * 2) / max(m.screen.width, 1), Double(canvasRows * 4) / max(m.screen.height, 1))
        let dotW = Int((m.screen.width * scale).rounded(.down)), dotH = Int((m.screen.height * scale).rounded(.down))
        var canvas = BrailleCanvas(columns: columns, rows: canvasRows)
        canvas.frame(x: 0, y: 0, width: dotW, height: dotH)
        func dot(_ p: Point) -> (Int, Int) {
            (min(dotW - 1, max(0, Int(p.x * scale))), min(dotH - 1, max(0, Int(p.y * scale))))
        }
        for c in m.contacts {
            for (a, b) in zip(c.trail, c.trail.dropFirst()) { canvas.line(from: dot(a.point), to: dot(b.point)) }
            let (x, y) = dot(c.location)
            for dx in -1...1 { for dy in -1...1 { canvas.set(x + dx, y + dy) } }
        }
        var lines = (0..<canvasRows).map { Array(canvas.text(row: $0)) }
        func put(_ text: String, atDot d: (Int, Int), right: Int) {
            let row = d.1 / 4, col = d.0 / 2 + right
            guard row >= 0, row < canvasRows else { return }
            for (i, ch) in text.enumerated() where col + i >= 0 && col + i < columns { lines[row][col + i] = ch }
        }
        for mark in m.marks {
            put(mark.kind == .began ? "o" : mark.kind == .ended ? "□" : "x", atDot: dot(mark.point), right: 0)
        }
        for c in m.contacts { put("#\(c.id) s\(c.slot)", atDot: dot(c.location), right: 2) }
        return ([fit(title, columns)] + lines.map { fit(String($0), columns) } + status.map { fit($0, columns) })
    }

    /// `text` cut or padded with spaces to `width` characters.
    static func fit(_ text: String, _ width: Int) -> String {
        let n = text.count
        return n >= width ? String(text.prefix(width)) : text + String(repeating: " ", count: width - n)
    }
}
