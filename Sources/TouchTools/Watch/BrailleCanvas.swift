/// A picture in a terminal's cells drawn with braille patterns: each cell holds 2×4 dots, so
/// a panel's contacts and trails land eight times finer than whole characters (`watch`).
package struct BrailleCanvas: Sendable {
    /// The size in cells.
    package let columns: Int
    package let rows: Int
    /// One byte a cell: which of its eight dots are set (bit order of Unicode's braille block).
    private var cells: [UInt8]
    /// One byte a cell: the pen that last set one of its dots (the caller's numbering; 0: none).
    private var tags: [UInt8]
    /// What `set` (and the lines and frames made of it) tags the cells it touches with.
    package var pen: UInt8 = 0

    package init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = [UInt8](repeating: 0, count: self.columns * self.rows)
        tags = cells
    }

    /// The size in dots.
    package var dotWidth: Int { columns * 2 }
    package var dotHeight: Int { rows * 4 }

    /// The bit of each dot of a cell, by column (0, 1) and row (0…3), as U+2800 numbers them.
    private static let bits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    /// Sets the dot at `x`, `y` (dots from the top left); dots outside are ignored.
    package mutating func set(_ x: Int, _ y: Int) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        let i = (y / 4) * columns + x / 2
        cells[i] |= Self.bits[x % 2][y % 4]
        if pen != 0 { tags[i] = pen }
    }

    /// The pen that last drew in the cell at `column`, `row` (0 when none did).
    package func tag(column: Int, row: Int) -> UInt8 {
        guard column >= 0, row >= 0, column < columns, row < rows else { return 0 }
        return tags[row * columns + column]
    }

    /// Whether the dot at `x`, `y` is set.
    package func isSet(_ x: Int, _ y: Int) -> Bool {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return false }
        return cells[(y / 4) * columns + x / 2] & Self.bits[x % 2][y % 4] != 0
    }

    /// A straight line of dots from `a` to `b`, both ends included (Bresenham's).
    package mutating func line(from a: (Int, Int), to b: (Int, Int)) {
        var (x, y) = a
        let dx = abs(b.0 - a.0)
        let dy = -abs(b.1 - a.1)
        let sx = a.0 < b.0 ? 1 : -1
        let sy = a.1 < b.1 ? 1 : -1
        var err = dx + dy
        while true {
            set(x, y)
            if x == b.0 && y == b.1 { return }
            let e2 = 2 * err
            if e2 >= dy {
                err += dy
                x += sx
            }
            if e2 <= dx {
                err += dx
                y += sy
            }
        }
    }

    /// The outline of a rectangle of dots.
    package mutating func frame(x: Int, y: Int, width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        line(from: (x, y), to: (x + width - 1, y))
        line(from: (x, y + height - 1), to: (x + width - 1, y + height - 1))
        line(from: (x, y), to: (x, y + height - 1))
        line(from: (x + width - 1, y), to: (x + width - 1, y + height - 1))
    }

    /// Empties every cell.
    package mutating func clear() {
        for i in cells.indices {
            cells[i] = 0
            tags[i] = 0
        }
    }

    /// Row `r` as text: a braille pattern for each cell with dots, a space for an empty one.
    /// Without `unicode` (a terminal that is not UTF-8), `'`, `.` or `:` for dots in the
    /// cell's top half, bottom half or both.
    package func text(row r: Int, unicode: Bool = true) -> String {
        var s = ""
        s.unicodeScalars.append(contentsOf: scalars(row: r, unicode: unicode))
        return s
    }

    /// Row `r` as one character a cell (see `text(row:unicode:)`).
    package func scalars(row r: Int, unicode: Bool = true) -> [Unicode.Scalar] {
        var row = [Unicode.Scalar](repeating: " ", count: columns)
        for c in 0..<columns {
            let v = cells[r * columns + c]
            if v == 0 { continue }
            if unicode {
                row[c] = Unicode.Scalar(0x2800 + UInt32(v))!
            } else {
                let top = v & 0x1b != 0
                let bottom = v & 0xe4 != 0
                row[c] = top && bottom ? ":" : top ? "'" : "."
            }
        }
        return row
    }
}
