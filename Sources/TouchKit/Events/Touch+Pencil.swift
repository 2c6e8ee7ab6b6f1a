#if canImport(Glibc)
    import Glibc
#endif

/// A pen's tip as a touch: UIKit's pencil touches.
extension Touch {
    /// What touches a touch: UITouch.TouchType's direct fingers and pencils (touchbridge has
    /// no indirect touches).
    public enum TouchType: String, Sendable, CaseIterable {
        /// A finger on the glass.
        case direct
        /// A pen's tip (or its eraser end) on the glass.
        case pencil
    }

    /// The direction the pen points in `view`'s coordinates, radians from its +x growing
    /// clockwise on screen, as UITouch.azimuthAngle(in:): turned with the view.
    public func azimuthAngle(in view: View?) -> Double {
        guard let view, let window, view !== window else { return windowAzimuth }
        let from = window.convert(windowLocation, to: view)
        let to = window.convert(
            Point(x: windowLocation.x + cos(windowAzimuth), y: windowLocation.y + sin(windowAzimuth)), to: view)
        let a = atan2(to.y - from.y, to.x - from.x)
        return a < 0 ? a + 2 * .pi : a
    }

    /// Takes a pencil update's type, angles and end.
    func pencil(_ u: TouchUpdate) {
        type = .pencil
        altitudeAngle = u.altitudeAngle
        windowAzimuth = u.azimuthAngle
        isEraser = u.isEraser
    }
}
