import Doctor
import Marks
import TouchInput

/// What `calibrate` prints: each mark, where the touch on it landed before and with the
/// matrix, the residuals in points and millimetres, and the matrix.
struct CalibrationReport {
    let name: String
    let samples: [CalibrationFit.Sample]
    /// The mapping in force when the touches were taken.
    let before: ScreenMapper
    /// The fitted matrix (or, checking, the one in force).
    let matrix: ScreenMapper.Calibration

    /// The mapping with `matrix`.
    var after: ScreenMapper {
        ScreenMapper(
            x: before.x, y: before.y, calibration: matrix, rotation: before.rotation, width: before.width,
            height: before.height)
    }

    /// Millimetres per normalised unit of each panel axis; nil without a resolution.
    private var panelMM: (x: Double, y: Double)? {
        guard before.x.resolution > 0, before.y.resolution > 0 else { return nil }
        return (
            Double(before.x.range) / Double(before.x.resolution), Double(before.y.range) / Double(before.y.resolution)
        )
    }

    /// Each sample's residual with `matrix`: in points, and in millimetres on the glass.
    var residuals: [(points: Double, mm: Double?)] {
        let m = after
        return samples.map { s in
            let p = m.map(s.touched)
            let points = ((p.x - s.target.x) * (p.x - s.target.x) + (p.y - s.target.y) * (p.y - s.target.y))
                .squareRoot()
            guard let size = panelMM else { return (points, nil) }
            let a = m.unrotated(screen: p)
            let b = m.unrotated(screen: s.target)
            let dx = (a.x - b.x) * size.x
            let dy = (a.y - b.y) * size.y
            return (points, (dx * dx + dy * dy).squareRoot())
        }
    }

    /// The unit `worstAbove` judges in: millimetres where the panel has a resolution, else points.
    var unit: String { panelMM != nil ? "mm" : "pt" }

    /// The worst mark whose residual (in `unit`) is above `limit`; nil when none is.
    func worstAbove(_ limit: Double) -> (index: Int, residual: Double)? {
        let r = residuals.map { $0.mm ?? $0.points }
        guard let worst = r.indices.max(by: { r[$0] < r[$1] }), r[worst] > limit else { return nil }
        return (worst, r[worst])
    }

    /// `mean 0.4 pt (0.1 mm), max 0.7 pt (0.2 mm)`.
    var residualSummary: String {
        let r = residuals
        let mean = r.map(\.points).reduce(0, +) / Double(r.count)
        let worst = r.max { $0.points < $1.points }!
        let meanMM = r.compactMap(\.mm).reduce(0, +) / Double(r.count)
        return "residual mean \(compact(mean, 1)) pt" + (panelMM != nil ? " (\(compact(meanMM, 2)) mm)" : "")
            + ", max \(compact(worst.points, 1)) pt" + (worst.mm.map { " (\(compact($0, 2)) mm)" } ?? "")
    }

    func text(checking: Bool, rule: String?) -> String {
        var out =
            "panel: \(name), screen \(compact(before.width, 1))x\(compact(before.height, 1)) points, "
            + "rotation \(before.rotation.rawValue), calibration in force \(Self.matrixText(before.calibration))\n"
        for (i, (s, r)) in zip(samples, residuals).enumerated() {
            out += "point \(i + 1): mark \(xy(s.target)), touched \(xy(before.map(s.touched)))"
            if !checking { out += ", calibrated \(xy(after.map(s.touched)))" }
            out += ": residual \(compact(r.points, 1)) pt" + (r.mm.map { " (\(compact($0, 2)) mm)" } ?? "") + "\n"
        }
        out += residualSummary + "\n"
        out += "LIBINPUT_CALIBRATION_MATRIX=\"\(Self.matrixText(matrix))\"" + (checking ? " (in force)\n" : "\n")
        if before.rotation != .none {
            out +=
                "# libinput has no rotation of its own: for libinput alone, the same mapping is "
                + "LIBINPUT_CALIBRATION_MATRIX=\"\(Self.matrixText(before.foldedCalibration(matrix)))\"\n"
        }
        if let rule { out += rule + "\n" }
        return out
    }

    /// The udev rule line that sets `matrix` on the panel: by `ID_PATH` where udev knows it
    /// (stable across re-plugging into the same port), else by the device's `name`, whose
    /// quotes and control characters match as udev's `?` (a name cannot end the rule's line).
    static func udevRule(name: String, idPath: String?, matrix: ScreenMapper.Calibration) -> String {
        let match =
            idPath.map { "ENV{ID_PATH}==\"\(UdevRule.quoted($0))\"" } ?? "ATTRS{name}==\"\(UdevRule.quoted(name))\""
        return
            "ACTION==\"add|change\", SUBSYSTEM==\"input\", KERNEL==\"event*\", ENV{ID_INPUT_TOUCHSCREEN}==\"1\", \(match), "
            + "ENV{LIBINPUT_CALIBRATION_MATRIX}=\"\(matrixText(matrix))\""
    }

    /// The comment above the rule `calibrate --write` writes: the panel's name, printable.
    static func ruleComment(name: String, residuals: String) -> String {
        "# touchbridge calibrate: \(name.printable), \(residuals)"
    }

    /// `a b c d e f` with up to six decimals, as udev's property takes it.
    static func matrixText(_ c: ScreenMapper.Calibration) -> String {
        [c.a, c.b, c.c, c.d, c.e, c.f].map { compact($0, 6) }.joined(separator: " ")
    }
}

/// What `calibrate` shows on the panel at the end: each mark with where its touch lands now,
/// and the verdict.
enum CalibrationBoard {
    static func result(
        _ r: CalibrationReport, checking: Bool, over: (index: Int, residual: Double)?, limit: Double?
    ) -> MarkScene {
        var scene = MarkScene()
        scene.marks = r.samples.indices.map { i in
            MarkScene.Mark(point: r.samples[i].target, state: over?.index == i ? .refused : .taken)
        }
        let head =
            over != nil ? "Above \(compact(limit ?? 0, 2)) \(r.unit)" : checking ? "Calibration checked" : "Calibrated"
        scene.result = MarkScene.Result(pass: over == nil, lines: [head, r.residualSummary])
        return scene
    }
}
