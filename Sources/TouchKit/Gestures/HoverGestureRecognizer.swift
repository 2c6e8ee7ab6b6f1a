/// A pen over its view, not touching (UIHoverGestureRecognizer): it begins when the pen comes
/// over the view, changes as it moves there, and ends when the pen leaves the view, leaves
/// proximity or touches down. It never takes touches, so it competes with no recognizer.
open class HoverGestureRecognizer: GestureRecognizer {
    /// The pen's height over the glass, 0 touching to 1 at the top of its range (UIKit's zOffset).
    public internal(set) var zOffset = 0.0
    /// Where the pen hovers, in window coordinates.
    var hoverLocation = Point.zero

    /// Where the pen hovers, in `view`'s coordinates (the window's when nil).
    open override func location(in view: View?) -> Point {
        guard let view, let window = view.window else { return hoverLocation }
        return window.convert(hoverLocation, to: view)
    }

    /// The pen is over the view (`began` or `changed`) or no longer is (`ended`), at `location`
    /// in the window, `zOffset` high.
    func hover(_ state: State, at location: Point, zOffset: Double) {
        hoverLocation = location
        self.zOffset = zOffset
        apply(state)
        if state == .ended || state == .cancelled { reset() }
    }
}
