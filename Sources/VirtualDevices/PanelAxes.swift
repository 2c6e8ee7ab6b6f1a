import InputEvents
import TouchInput
import TouchKit

/// The position axes of a virtual device made for a panel's rectangle: in its display's own
/// orientation, about `VirtualTouchscreen.unitsPerPoint` units a point, a whole number of units
/// a millimetre when the panel's size is known (so range ÷ resolution is the size).
struct PanelAxes {
    let x: AbsInfo, y: AbsInfo
    /// The rectangle's size in points, upright, and how far its display turns upright.
    private let size: Size, turn: ScreenMapper.Rotation
    /// Device units per point on each axis.
    let scaleX: Double, scaleY: Double

    /// The axes for a rectangle of `size` points (upright) and `millimetres` (upright, width
    /// and height) on a display turned `turn`.
    init(size: Size, millimetres: (Double, Double)?, turn: ScreenMapper.Rotation) {
        self.size = size
        self.turn = turn
        let own = turn.unturned(size)
        let mm = millimetres.map { turn.swapsSides ? ($0.1, $0.0) : $0 }
        let (xRange, resX) = VirtualTouchscreen.axis(points: own.width, millimetres: mm?.0)
        let (yRange, resY) = VirtualTouchscreen.axis(points: own.height, millimetres: mm?.1)
        x = AbsInfo(minimum: 0, maximum: xRange - 1, resolution: resX)
        y = AbsInfo(minimum: 0, maximum: yRange - 1, resolution: resY)
        scaleX = Double(xRange) / own.width
        scaleY = Double(yRange) / own.height
    }

    /// A point of the rectangle (upright, from its top left) in device units.
    func units(_ p: Point) -> (x: Int32, y: Int32) {
        let own = turn.unturned(p, in: size)
        return (Int32((own.x * scaleX).rounded()), Int32((own.y * scaleY).rounded()))
    }
}
