extension DeviceDescription {
    /// The active area in millimetres: its position axes' range over their resolution (the
    /// multitouch axes when it has them, as libinput reads them); nil without resolution.
    public var positionSizeMM: (width: Double, height: Double)? {
        let k = Kernel.self
        let multitouch = has(type: k.EV_ABS, code: k.ABS_MT_POSITION_X)
        let codes = multitouch ? (k.ABS_MT_POSITION_X, k.ABS_MT_POSITION_Y) : (k.ABS_X, k.ABS_Y)
        guard let x = absInfo[codes.0], let y = absInfo[codes.1], x.resolution > 0, y.resolution > 0 else {
            return nil
        }
        return (
            Double(Int64(x.maximum) - Int64(x.minimum)) / Double(x.resolution),
            Double(Int64(y.maximum) - Int64(y.minimum)) / Double(y.resolution)
        )
    }
}
