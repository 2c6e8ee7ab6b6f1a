import InputEvents

/// What the noise rules know of a panel: millimetres per device unit on each axis (its
/// resolution, else the screen it is mapped onto at 96 dpi, as the jitter filter's), its
/// border, and its pressure and touch-size axes.
struct NoiseGeometry: Sendable {
    /// Device units per millimetre.
    let unitsPerMM: (x: Double, y: Double)
    let x: (min: Double, max: Double)
    let y: (min: Double, max: Double)
    /// The panel's longer side, in millimetres.
    let longerSideMM: Double
    /// The pressure axis' range, nil without one.
    let pressureRange: (min: Double, max: Double)?
    /// The touch's major axis' maximum, nil without one.
    let majorMaximum: Double?

    init(description d: DeviceDescription, mapper: ScreenMapper, multitouch: Bool) {
        let turned = mapper.rotation.swapsSides
        let sx = (turned ? mapper.height : mapper.width) / Double(max(mapper.x.range, 1))
        let sy = (turned ? mapper.width : mapper.height) / Double(max(mapper.y.range, 1))
        let perMM = { (axis: AbsInfo, scale: Double) in
            axis.resolution > 0 ? Double(axis.resolution) : (scale > 0 ? 96 / 25.4 / scale : 1)
        }
        unitsPerMM = (perMM(mapper.x, sx), perMM(mapper.y, sy))
        x = (Double(mapper.x.minimum), Double(mapper.x.maximum))
        y = (Double(mapper.y.minimum), Double(mapper.y.maximum))
        longerSideMM = max((x.max - x.min) / unitsPerMM.x, (y.max - y.min) / unitsPerMM.y)
        let pressureCode = multitouch ? Kernel.ABS_MT_PRESSURE : Kernel.ABS_PRESSURE
        if let p = d.absInfo[pressureCode], p.maximum > p.minimum {
            pressureRange = (Double(p.minimum), Double(p.maximum))
        } else {
            pressureRange = nil
        }
        let major = d.absInfo[Kernel.ABS_MT_TOUCH_MAJOR]?.maximum ?? 0
        majorMaximum = multitouch && major > 0 ? Double(major) : nil
    }

    /// The distance between two points, in millimetres.
    func millimetres(_ a: DevicePoint, _ b: DevicePoint) -> Double {
        let dx = (a.x - b.x) / unitsPerMM.x
        let dy = (a.y - b.y) / unitsPerMM.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The distance between two points along x, in millimetres.
    func xMillimetres(_ a: DevicePoint, _ b: DevicePoint) -> Double { abs(a.x - b.x) / unitsPerMM.x }

    /// Whether `p` lies within `units` of the border.
    func onEdge(_ p: DevicePoint, within units: Double) -> Bool {
        p.x - x.min <= units || x.max - p.x <= units || p.y - y.min <= units || y.max - p.y <= units
    }

    /// The pressure at `fraction` of the axis' range, nil without a pressure axis.
    func pressure(_ fraction: Double) -> Double? {
        pressureRange.map { $0.min + fraction * ($0.max - $0.min) }
    }
}
