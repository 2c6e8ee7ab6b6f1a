import InputEvents
import Testing

@testable import TouchInput

/// `calibrate`'s arithmetic: the least-squares fit of libinput's matrix, and what counts as
/// a steady touch.
@Suite("Calibration")
struct CalibrationTests {
    let truth = ScreenMapper.Calibration([1.03, 0.02, -0.02, -0.01, 0.97, 0.025])!

    /// Where the panel reports a touch on `mark` when `truth` is the correction it needs.
    func touched(_ mark: ScreenPoint, mapper m: ScreenMapper) -> DevicePoint {
        let t = m.unrotated(screen: mark)
        let c = truth
        let det = c.a * c.e - c.b * c.d
        let (x, y) = (t.x - c.c, t.y - c.f)
        let u = (c.e * x - c.b * y) / det
        let v = (-c.d * x + c.a * y) / det
        return DevicePoint(
            x: u * Double(m.x.range) + Double(m.x.minimum), y: v * Double(m.y.range) + Double(m.y.minimum))
    }

    func mapper(_ rotation: ScreenMapper.Rotation) -> ScreenMapper {
        let quarter = rotation == .quarter || rotation == .threeQuarters
        return ScreenMapper(
            x: AbsInfo(minimum: 100, maximum: 4099, resolution: 16),
            y: AbsInfo(minimum: 0, maximum: 2399, resolution: 16),
            rotation: rotation, width: quarter ? 600 : 1000, height: quarter ? 1000 : 600)
    }

    @Test(arguments: ScreenMapper.Rotation.allCases)
    func theMatrixIsRecoveredFromExactTouchesUnderEveryRotation(_ rotation: ScreenMapper.Rotation) throws {
        let m = mapper(rotation)
        let marks = [
            ScreenPoint(x: 0.1 * m.width, y: 0.1 * m.height), ScreenPoint(x: 0.9 * m.width, y: 0.1 * m.height),
            ScreenPoint(x: 0.9 * m.width, y: 0.9 * m.height), ScreenPoint(x: 0.1 * m.width, y: 0.9 * m.height),
        ]
        let fit = try CalibrationFit.fit(marks.map { .init(target: $0, touched: touched($0, mapper: m)) }, mapper: m)
        for (f, t) in zip(
            [fit.a, fit.b, fit.c, fit.d, fit.e, fit.f], [truth.a, truth.b, truth.c, truth.d, truth.e, truth.f])
        {
            #expect((f - t).magnitude < 1e-9, "\(fit) against \(truth)")
        }
        // With the matrix, every touch lands on its mark (to libinput's whole device units).
        let calibrated = ScreenMapper(
            x: m.x, y: m.y, calibration: fit, rotation: rotation, width: m.width, height: m.height)
        for mark in marks {
            let p = calibrated.map(touched(mark, mapper: m))
            #expect((p.x - mark.x).magnitude < 0.5, "\(p) for \(mark)")
            #expect((p.y - mark.y).magnitude < 0.5, "\(p) for \(mark)")
        }
    }

    @Test func theFoldedMatrixIsTheRotationAfterTheCalibration() {
        let m = mapper(.quarter)
        let folded = m.foldedCalibration(truth)
        let unrotated = ScreenMapper(x: m.x, y: m.y, calibration: folded, width: m.width, height: m.height)
        let rotated = ScreenMapper(
            x: m.x, y: m.y, calibration: truth, rotation: .quarter, width: m.width, height: m.height)
        for p in [DevicePoint(x: 500, y: 300), DevicePoint(x: 3900, y: 2000), DevicePoint(x: 150, y: 2300)] {
            let a = unrotated.map(p)
            let b = rotated.map(p)
            #expect((a.x - b.x).magnitude < 0.5, "\(a) against \(b)")
            #expect((a.y - b.y).magnitude < 0.5, "\(a) against \(b)")
        }
    }

    @Test func noisyTouchesGiveTheLeastSquaresMatrix() throws {
        let m = mapper(.none)
        let marks = (0..<9).map { (i: Int) -> ScreenPoint in
            let column = Double(i % 3)
            let row = Double(i / 3)
            return ScreenPoint(x: 100 + column * 400, y: 60 + row * 240)
        }
        // Alternating errors of ±3 device units: the fit stays within a few thousandths.
        let samples = marks.enumerated().map { i, mark -> CalibrationFit.Sample in
            var p = touched(mark, mapper: m)
            p.x += i % 2 == 0 ? 3 : -3
            p.y += i % 3 == 0 ? -3 : 3
            return .init(target: mark, touched: p)
        }
        let fit = try CalibrationFit.fit(samples, mapper: m)
        #expect((fit.a - truth.a).magnitude < 0.003)
        #expect((fit.e - truth.e).magnitude < 0.003)
        #expect((fit.c - truth.c).magnitude < 0.003)
        #expect((fit.f - truth.f).magnitude < 0.003)
    }

    @Test func degenerateSetsAreRefusedWithWhy() {
        let m = mapper(.none)
        let line = [ScreenPoint(x: 100, y: 100), ScreenPoint(x: 500, y: 300), ScreenPoint(x: 900, y: 500)]
        #expect(throws: CalibrationFit.Problem.collinearTargets) { try CalibrationFit.check(targets: line) }
        #expect(throws: CalibrationFit.Problem.tooFewPoints(2)) {
            try CalibrationFit.check(targets: Array(line.prefix(2)))
        }
        let triangle = [ScreenPoint(x: 100, y: 100), ScreenPoint(x: 900, y: 100), ScreenPoint(x: 500, y: 500)]
        // The panel reported the same spot along one line for all three marks.
        let samples = triangle.enumerated().map { i, t in
            CalibrationFit.Sample(target: t, touched: DevicePoint(x: Double(500 + 100 * i), y: 1000))
        }
        #expect(throws: CalibrationFit.Problem.collinearTouches) { try CalibrationFit.fit(samples, mapper: m) }
        #expect(throws: Never.self) { try CalibrationFit.check(targets: triangle) }
    }

    // MARK: - Steady touches

    let axes = (
        x: AbsInfo(minimum: 0, maximum: 4095, resolution: 16), y: AbsInfo(minimum: 0, maximum: 4095, resolution: 16)
    )

    func contact(_ id: UInt64, _ phase: ContactPhase, _ x: Double, _ y: Double, initial: Bool = false) -> Contact {
        Contact(
            id: id, slot: 0, trackingID: Int32(id), phase: phase, position: DevicePoint(x: x, y: y),
            previousPosition: DevicePoint(x: x, y: y), time: EventTime(seconds: 1, microseconds: 0), isInitial: initial)
    }

    func frame(_ contacts: Contact...) -> ContactFrame {
        ContactFrame(time: EventTime(seconds: 1, microseconds: 0), contacts: contacts)
    }

    @Test func aStillFingerGivesItsMedianWhenLifted() {
        var s = SteadyTouch(x: axes.x, y: axes.y)
        #expect(s.take(frame(contact(1, .began, 1000, 2000))) == nil)
        for (x, y) in [(1004.0, 1998.0), (1100.0, 2001.0), (1001.0, 2003.0)] {
            #expect(s.take(frame(contact(1, .moved, x, y))) == nil)
        }
        // The median is 1001,2001; 1100 lies 99 units (6.2 mm at 16 units/mm) from it, past 3 mm: refused.
        #expect(
            s.take(frame(contact(1, .ended, 1001, 2003)))
                == .refused("the finger moved 6.2 mm: hold it still on the mark"))
        // The next touch starts afresh.
        _ = s.take(frame(contact(2, .began, 1000, 2000)))
        _ = s.take(frame(contact(2, .moved, 1010, 2004)))
        _ = s.take(frame(contact(2, .moved, 1003, 1990)))
        #expect(s.take(frame(contact(2, .ended, 1003, 1990))) == .steady(DevicePoint(x: 1003, y: 1995), samples: 4))
    }

    @Test func aSecondFingerOrACancelRefusesTheTouchAndAFingerDownAtOpenIsIgnored() {
        var s = SteadyTouch(x: axes.x, y: axes.y)
        #expect(s.take(frame(contact(9, .began, 50, 50, initial: true))) == nil, "down before the command started")
        _ = s.take(frame(contact(1, .began, 1000, 1000)))
        _ = s.take(frame(contact(2, .began, 3000, 3000)))
        _ = s.take(frame(contact(1, .ended, 1000, 1000)))
        #expect(s.take(frame(contact(2, .ended, 3000, 3000))) == .refused("2 fingers at once: touch with one"))
        _ = s.take(frame(contact(3, .began, 1000, 1000)))
        #expect(s.take(frame(contact(3, .cancelled, 1000, 1000))) == .refused("the touch was cancelled"))
        _ = s.take(frame(contact(9, .moved, 70, 70)))
        _ = s.take(frame(contact(4, .began, 2000, 2000)))
        #expect(
            s.take(frame(contact(4, .ended, 2000, 2000))) == .steady(DevicePoint(x: 2000, y: 2000), samples: 2),
            "the initial finger, still down and moving, is not part of it")
    }
}
