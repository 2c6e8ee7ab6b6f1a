import TouchInput
import TouchKit

/// A display whose panel is mounted turned (the kernel's panel orientation) shows its picture
/// turned upright, and a compositor turns the input devices mapped to it the same way. So the
/// virtual devices report in the display's own orientation: these undo the turn.
extension ScreenMapper.Rotation {
    /// The size, in the display's own orientation, of a rectangle that is `s` upright.
    package func unturned(_ s: Size) -> Size { swapsSides ? Size(width: s.height, height: s.width) : s }

    /// The point `p` of an upright rectangle of size `s` (from its top left), in the display's
    /// own orientation: the turn undone.
    package func unturned(_ p: Point, in s: Size) -> Point {
        switch self {
        case .none: p
        case .quarter: Point(x: p.y, y: s.width - p.x)
        case .half: Point(x: s.width - p.x, y: s.height - p.y)
        case .threeQuarters: Point(x: s.height - p.y, y: p.x)
        }
    }

    /// A pen's azimuth on the upright screen (radians, clockwise from +x), in the display's own
    /// orientation: the turn undone.
    package func unturned(azimuth a: Double) -> Double {
        let own = a - Double(rawValue) * .pi / 180
        return own < 0 ? own + 2 * .pi : own
    }
}
