/// What a surface tells about the way from a touch to the light (`touchbridge latency`): each
/// touch-down the compositor delivered to it, each frame committed, and when each was presented.
package protocol SurfaceObserver: AnyObject {
    /// A touch-down at (x, y) surface points on a surface of `width` × `height` points.
    func touchDown(x: Double, y: Double, width: Int, height: Int)
    /// Frame `frame` was committed and flushed to the compositor.
    func committed(frame: Int)
    /// Frame `frame` was shown at `seconds` on the presentation clock; `refresh` is the
    /// display's period in seconds (0 when unknown), `hardware` whether the time came from it.
    func presented(frame: Int, seconds: Double, refresh: Double, hardware: Bool)
    /// Frame `frame` was never shown (a later one replaced it).
    func discarded(frame: Int)
}
