import CCairo
import Marks
import TouchInput

/// Draws a `MarkScene` into pixels with cairo: crosshairs, lines and strokes, contacts and
/// words, each placed through the surface's geometry so it lands where the finger goes.
package struct Painter {
    /// What lies under the scene: the dark page of a window or a display of its own, or nothing
    /// (an overlay over what runs).
    package enum Backdrop: Sendable {
        case opaque
        case clear
    }

    package var geometry: SurfaceGeometry
    package var backdrop: Backdrop

    package init(geometry: SurfaceGeometry, backdrop: Backdrop) {
        self.geometry = geometry
        self.backdrop = backdrop
    }

    /// Paints `scene` over the whole of `pixels` (32 bits a pixel, `stride` bytes a row).
    package func paint(_ scene: MarkScene, into pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
        guard
            let surface = cairo_image_surface_create_for_data(
                pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
                Int32(stride))
        else { return }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return }
        defer { cairo_destroy(cr) }
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        switch backdrop {
        case .opaque: cairo_set_source_rgba(cr, 0.07, 0.07, 0.09, 1)
        case .clear: cairo_set_source_rgba(cr, 0, 0, 0, 0)
        }
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        // From here on, user space is the panel's screen points, turned and scaled as the glass shows them.
        var m = matrix
        cairo_set_matrix(cr, &m)
        let px = 1 / geometry.scale
        for line in scene.lines { draw(line, cr, px) }
        for mark in scene.marks where mark.state != .waiting { draw(mark, cr, px) }
        for mark in scene.marks where mark.state == .waiting { draw(mark, cr, px) }
        for spot in scene.spots { draw(spot, cr, px) }
        if let text = scene.instruction { instruction(text, focus: scene.focus, cr, px) }
        if let result = scene.result { self.result(result, cr, px) }
        cairo_surface_flush(surface)
    }

    /// Screen points to pixels, as cairo's matrix.
    var matrix: cairo_matrix_t {
        let o = geometry.pixel(ScreenPoint(x: 0, y: 0))
        let ex = geometry.pixel(ScreenPoint(x: 1, y: 0))
        let ey = geometry.pixel(ScreenPoint(x: 0, y: 1))
        return cairo_matrix_t(xx: ex.x - o.x, yx: ex.y - o.y, xy: ey.x - o.x, yy: ey.y - o.y, x0: o.x, y0: o.y)
    }

    /// The colour of a state: grey pending, yellow asked for, green taken, red refused.
    static func colour(_ s: MarkScene.State) -> (Double, Double, Double) {
        switch s {
        case .pending: (0.45, 0.45, 0.5)
        case .waiting: (1, 0.85, 0)
        case .taken: (0.2, 0.85, 0.3)
        case .refused: (0.95, 0.2, 0.2)
        }
    }

    private func draw(_ mark: MarkScene.Mark, _ cr: OpaquePointer, _ px: Double) {
        let (r, g, b) = Self.colour(mark.state)
        cairo_set_source_rgb(cr, r, g, b)
        let arm = 28 * px
        let p = mark.point
        cairo_set_line_width(cr, 2 * px)
        cairo_move_to(cr, p.x - arm, p.y)
        cairo_line_to(cr, p.x + arm, p.y)
        cairo_move_to(cr, p.x, p.y - arm)
        cairo_line_to(cr, p.x, p.y + arm)
        cairo_stroke(cr)
        cairo_new_sub_path(cr)
        cairo_arc(cr, p.x, p.y, arm * 0.55, 0, 2 * Double.pi)
        cairo_stroke(cr)
    }

    private func draw(_ line: MarkScene.Line, _ cr: OpaquePointer, _ px: Double) {
        let (r, g, b) = Self.colour(line.state)
        cairo_set_source_rgb(cr, r, g, b)
        cairo_set_line_width(cr, 3 * px)
        var dashes = [12 * px, 8 * px]
        cairo_set_dash(cr, &dashes, 2, 0)
        cairo_move_to(cr, line.from.x, line.from.y)
        cairo_line_to(cr, line.to.x, line.to.y)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
        for end in [line.from, line.to] {
            cairo_new_sub_path(cr)
            cairo_arc(cr, end.x, end.y, 6 * px, 0, 2 * Double.pi)
            cairo_fill(cr)
        }
        guard let first = line.drawn.first else { return }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_set_line_width(cr, 2 * px)
        cairo_move_to(cr, first.x, first.y)
        for p in line.drawn.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        cairo_stroke(cr)
    }

    private func draw(_ spot: MarkScene.Spot, _ cr: OpaquePointer, _ px: Double) {
        let p = spot.point
        cairo_new_sub_path(cr)
        switch spot.kind {
        case .finger:
            cairo_set_source_rgb(cr, 0, 0.8, 1)
            cairo_set_line_width(cr, 4 * px)
            cairo_arc(cr, p.x, p.y, 30 * px, 0, 2 * Double.pi)
            cairo_stroke(cr)
            cairo_set_source_rgb(cr, 1, 1, 1)
            label("\(spot.identifier)", at: ScreenPoint(x: p.x + 36 * px, y: p.y - 30 * px), size: 20 * px, cr)
        case .pen(let pressure):
            cairo_set_source_rgb(cr, 1, 0.3, 0.85)
            cairo_arc(cr, p.x, p.y, (3 + 12 * min(max(pressure, 0), 1)) * px, 0, 2 * Double.pi)
            cairo_fill(cr)
        case .hover:
            cairo_set_source_rgb(cr, 1, 0.3, 0.85)
            cairo_set_line_width(cr, 1.5 * px)
            cairo_arc(cr, p.x, p.y, 10 * px, 0, 2 * Double.pi)
            cairo_stroke(cr)
        }
    }

    /// The instruction, centred across the screen a third of the way from the edge farther from the focus.
    private func instruction(_ text: String, focus: ScreenPoint?, _ cr: OpaquePointer, _ px: Double) {
        let h = geometry.screenHeight
        let y = (focus?.y ?? 0) < h / 2 ? h * 0.7 : h * 0.3
        cairo_set_source_rgb(cr, 1, 1, 1)
        centred(text, y: y, size: fontSize(px), cr)
    }

    private func result(_ r: MarkScene.Result, _ cr: OpaquePointer, _ px: Double) {
        let size = fontSize(px)
        var y = geometry.screenHeight / 2 - Double(r.lines.count - 1) * size * 0.8
        for (i, line) in r.lines.enumerated() {
            if i == 0 {
                r.pass ? cairo_set_source_rgb(cr, 0.2, 0.85, 0.3) : cairo_set_source_rgb(cr, 0.95, 0.2, 0.2)
            } else {
                cairo_set_source_rgb(cr, 1, 1, 1)
            }
            centred(line, y: y, size: i == 0 ? size * 1.6 : size, cr)
            y += (i == 0 ? 2 : 1.4) * size
        }
    }

    /// Text a little larger on larger screens: 3.5 % of the shorter side, at least 16 pixels.
    private func fontSize(_ px: Double) -> Double {
        max(16 * px, min(geometry.screenWidth, geometry.screenHeight) * 0.035)
    }

    private func centred(_ text: String, y: Double, size: Double, _ cr: OpaquePointer) {
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        // Too wide for the screen: smaller, to fit with a margin.
        let room = geometry.screenWidth * 0.94
        if extents.x_advance > room {
            cairo_set_font_size(cr, size * room / extents.x_advance)
            cairo_text_extents(cr, text, &extents)
        }
        cairo_move_to(cr, (geometry.screenWidth - extents.x_advance) / 2, y)
        cairo_show_text(cr, text)
    }

    private func label(_ text: String, at p: ScreenPoint, size: Double, _ cr: OpaquePointer) {
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(cr, size)
        cairo_move_to(cr, p.x, p.y)
        cairo_show_text(cr, text)
    }
}
