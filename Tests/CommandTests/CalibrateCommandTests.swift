import Foundation
import Glibc
import ProgramTestSupport
import Testing

/// `touchbridge calibrate` on recordings with known marks: the matrix a miscalibrated panel
/// needs is found, refused touches are asked again, the matrix in force is measured, and
/// degenerate sets are refused with why.
@Suite("Calibrate, with recordings", .serialized)
struct CalibrateCommandTests {
    /// The correction the recorded panel needs: its touches land where this matrix's inverse puts them.
    let truth: [Double] = [1.025, -0.012, -0.018, 0.015, 0.985, 0.012]
    let marks: [(Double, Double)] = [(80, 48), (720, 48), (720, 432), (80, 432)]

    /// Where the panel reports a touch on the mark (screen 800x480, device units tenths of a point).
    func reported(_ mark: (Double, Double)) -> (Double, Double) {
        let (a, b, c, d, e, f) = (truth[0], truth[1], truth[2], truth[3], truth[4], truth[5])
        let x = mark.0 / 800 - c
        let y = mark.1 / 480 - f
        let det = a * e - b * d
        return ((e * x - b * y) / det * 800, (-d * x + a * y) / det * 480)
    }

    /// One touch held at `p` (points) for a few frames with small noise, drifting `drift` points a frame.
    func hold(_ r: inout RecordingText, _ t: inout Double, _ p: (Double, Double), id: Int, drift: Double = 0) {
        r.down(t, slot: 0, id: id, p.0, p.1)
        r.sync(t)
        for i in 0..<8 {
            t += 0.012
            r.move(t, slot: 0, p.0 + Double(i % 3 - 1) * 0.2 + drift * Double(i), p.1 + Double(i % 2) * 0.2)
            r.sync(t)
        }
        t += 0.012
        r.up(t, slot: 0)
        r.sync(t)
        t += 0.7
    }

    func recording(refusals: Bool, touches: Int = 4) throws -> String {
        var r = RecordingText()
        var t = 0.5
        for (i, mark) in marks.prefix(touches).enumerated() {
            let p = reported(mark)
            if refusals && i == 1 { hold(&r, &t, p, id: 90, drift: 4) }
            if refusals && i == 2 {
                r.down(t, slot: 0, id: 91, p.0, p.1)
                r.down(t, slot: 1, id: 92, p.0 - 100, p.1)
                r.sync(t)
                t += 0.05
                r.up(t, slot: 0)
                r.up(t, slot: 1)
                r.sync(t)
                t += 0.7
            }
            hold(&r, &t, p, id: i + 1)
        }
        return try r.file()
    }

    func matrix(in output: String) -> [Double]? {
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("LIBINPUT_CALIBRATION_MATRIX=\"") })
        else { return nil }
        let values = line.split(separator: "\"")[1].split(separator: " ").compactMap { Double($0) }
        return values.count == 6 ? values : nil
    }

    func maxResidual(in output: String) -> Double? {
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("residual mean") }),
            let max = line.components(separatedBy: ", max ").last?.split(separator: " ").first
        else { return nil }
        return Double(max)
    }

    @Test func aMiscalibratedPanelGetsTheMatrixItNeedsAfterRefusedTouchesAreAskedAgain() throws {
        let path = try recording(refusals: true)
        defer { unlink(path) }
        let rule = temporaryPath("rule") + ".rules"
        defer { unlink(rule) }
        let c = try Spawned(touchbridgeExecutable, ["calibrate", "--screen", "800x480", "--write", rule, path])
        #expect(c.wait(timeout: 20) == 0, "\(c.errors)")
        let m = try #require(matrix(in: c.output), "\(c.output)")
        for (got, want) in zip(m, truth) { #expect(abs(got - want) < 0.002, "\(m) against \(truth)") }
        #expect(try #require(maxResidual(in: c.output)) < 0.5, "\(c.output)")
        #expect(
            c.errors.contains("point 2: the finger moved"),
            "\(c.errors)")
        #expect(
            c.errors.contains("point 3: 2 fingers at once"),
            "\(c.errors)")
        #expect(c.output.contains("point 1: mark 80,48, touched "), "\(c.output)")
        let written = try String(contentsOfFile: rule, encoding: .utf8)
        #expect(written.contains(#"ATTRS{name}=="touchbridge example panel""#), "\(written)")
        #expect(written.contains(#"ACTION=="add|change""#), "\(written)")
        let ruleValues = written.components(separatedBy: "ENV{LIBINPUT_CALIBRATION_MATRIX}=\"").last?
            .split(separator: "\"").first?.split(separator: " ").compactMap { Double($0) }
        #expect(ruleValues == m, "the rule carries the printed matrix: \(written)")
    }

    @Test func checkMeasuresTheCalibrationInForce() throws {
        let path = try recording(refusals: false)
        defer { unlink(path) }
        let fitted = try Spawned(touchbridgeExecutable, ["calibrate", "--screen", "800x480", path])
        #expect(fitted.wait(timeout: 20) == 0, "\(fitted.errors)")
        let m = try #require(matrix(in: fitted.output)).map { "\($0)" }.joined(separator: " ")
        let good = try Spawned(
            touchbridgeExecutable, ["calibrate", "--check", "--screen", "800x480", "--calibration", m, path])
        #expect(good.wait(timeout: 20) == 0, "\(good.errors)")
        #expect(try #require(maxResidual(in: good.output)) < 0.5, "\(good.output)")
        #expect(good.output.contains(" (in force)"))
        let none = try Spawned(touchbridgeExecutable, ["calibrate", "--check", "--screen", "800x480", path])
        #expect(none.wait(timeout: 20) == 0, "\(none.errors)")
        #expect(
            try #require(maxResidual(in: none.output)) > 5,
            "uncalibrated, the corners are off by points: \(none.output)")
    }

    @Test func degenerateMarksAndShortRecordingsAreRefusedWithWhy() throws {
        let path = try recording(refusals: false, touches: 2)
        defer { unlink(path) }
        let line = try Spawned(touchbridgeExecutable, ["calibrate", "--points", "10,10; 20,20; 30,30", path])
        #expect(line.wait(timeout: 20) == 64)
        #expect(line.errors.contains("the marks lie on one line"), "\(line.errors)")
        let two = try Spawned(touchbridgeExecutable, ["calibrate", "--points", "10,10; 200,20", path])
        #expect(two.wait(timeout: 20) == 64)
        #expect(two.errors.contains("2 points cannot fix an affine matrix"), "\(two.errors)")
        let short = try Spawned(touchbridgeExecutable, ["calibrate", "--screen", "800x480", path])
        // Unfinished is not bad data: its own status (75), what is missing, and no figures.
        #expect(short.wait(timeout: 20) == 75)
        #expect(
            short.errors.contains("unfinished: the recording ended after 2 of 4 points, nothing fitted"),
            "\(short.errors)")
        #expect(short.output.isEmpty)
    }

    @Test func checkingJudgesTheResidualsAgainstALimit() throws {
        let path = try recording(refusals: false, touches: 4)
        defer { unlink(path) }
        let loose = try Spawned(
            touchbridgeExecutable, ["calibrate", "--check", "--fail-above", "1000", "--screen", "800x480", path])
        #expect(loose.wait(timeout: 20) == 0, "\(loose.errors)")
        let tight = try Spawned(
            touchbridgeExecutable, ["calibrate", "--check", "--fail-above", "0", "--screen", "800x480", path])
        #expect(tight.wait(timeout: 20) == 1, "\(tight.errors)")
        #expect(tight.errors.contains("above 0 "), "\(tight.errors)")
        #expect(tight.output.contains("residual"), "the figures are still printed: \(tight.output)")
        let alone = try Spawned(touchbridgeExecutable, ["calibrate", "--fail-above", "1", path])
        #expect(alone.wait(timeout: 20) == 64)
        #expect(alone.errors.contains("use it with --check"), "\(alone.errors)")
    }

    @Test func anOutputThatCannotBeWrittenIsRefusedBeforeAnyPrompt() throws {
        let path = try recording(refusals: false, touches: 4)
        defer { unlink(path) }
        let p = try Spawned(touchbridgeExecutable, ["calibrate", "--write", "/nonexistent/dir/99-cal.rules", path])
        #expect(p.wait(timeout: 20) != 0)
        #expect(!p.errors.contains("point 1 of"), "refused before the first prompt: \(p.errors)")
        #expect(p.errors.contains("/nonexistent/dir/"), "\(p.errors)")
    }
}
