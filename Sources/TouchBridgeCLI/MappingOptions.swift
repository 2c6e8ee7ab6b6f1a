import ArgumentParser
import TouchInput

/// The screen-mapping options `touches` and `run` share.
struct MappingOptions: ParsableArguments {
    @Option(help: "Screen size in points, WxH (default: see the command's help).")
    var screen: String?

    @Option(help: "Screen rotation clockwise: 0, 90, 180 or 270 (default 0).")
    var rotate: Int?

    @Option(help: "Calibration matrix \"a b c d e f\" (libinput's convention); default: the device's LIBINPUT_CALIBRATION_MATRIX.")
    var calibration: String?

    func validate() throws {
        if let rotate, ScreenMapper.Rotation(rawValue: rotate) == nil { throw ValidationError("--rotate takes 0, 90, 180 or 270") }
        if let screen, parseScreen(screen) == nil { throw ValidationError("--screen takes WIDTHxHEIGHT in points, e.g. 1280x800") }
        if let calibration, ScreenMapper.Calibration(parsing: calibration) == nil {
            throw ValidationError("--calibration takes six numbers \"a b c d e f\"")
        }
    }

    var rotation: ScreenMapper.Rotation { rotate.flatMap(ScreenMapper.Rotation.init(rawValue:)) ?? .none }
    var matrix: ScreenMapper.Calibration? { calibration.flatMap { ScreenMapper.Calibration(parsing: $0) } }
    var screenSize: (width: Double, height: Double)? { screen.flatMap(parseScreen).map { (width: $0.0, height: $0.1) } }
}

/// `WxH` in points.
func parseScreen(_ s: String) -> (Double, Double)? {
    let parts = s.split(separator: "x")
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0, w.isFinite, h.isFinite else { return nil }
    return (w, h)
}

/// `COLUMNSxROWS`, each 1 to 200 (the coverage grid of `health` and `picture`).
func parseGrid(_ s: String) -> (columns: Int, rows: Int)? {
    let parts = s.split(separator: "x")
    guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), (1...200).contains(c), (1...200).contains(r) else { return nil }
    return (c, r)
}
