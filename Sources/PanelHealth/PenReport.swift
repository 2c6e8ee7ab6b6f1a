import InputEvents
import TouchInput

/// A pen's figures in the health report: how many strokes, its pressure (the range seen of the
/// one declared, how the tip's reports spread over it, whether it reaches its maximum and
/// whether each stroke presses on to its peak without easing back), its tilt range, its hover
/// height and its report rate while near.
public struct PenReport: Sendable {
    /// Times the tip touched down, and of those with the eraser end.
    public var strokes = 0
    public var eraserStrokes = 0
    /// `ABS_PRESSURE` while the tip was down (nil when the pen has none).
    public var pressure: HealthReport.AxisRange?
    /// The tip's reports in each tenth of the declared pressure range, lowest first.
    public var pressureBands: [Int] = Array(repeating: 0, count: 10)
    /// The highest pressure seen is the declared maximum (within 1 % of the range).
    public var reachesMaximum = false
    /// Strokes whose pressure never eased back by more than 2 % of the range before their peak.
    public var monotonicStrokes = 0
    /// The tilts seen while near, in degrees (nil when the pen has none).
    public var tiltX: (minimum: Double, maximum: Double)?
    public var tiltY: (minimum: Double, maximum: Double)?
    /// `ABS_DISTANCE` while hovering (nil when the pen reports no height), and its reports.
    public var height: HealthReport.AxisRange?
    public var hoverReports = 0
    /// Reports while the pen was near (hovering or touching): the rate they give.
    public var rate = HealthReport.Rate()
}

/// Follows a pen's frames for its `PenReport`.
struct PenHealth {
    private var report = PenReport()
    private let pressureAxis: AbsInfo?, tiltXAxis: AbsInfo?, tiltYAxis: AbsInfo?
    private var intervals: [Double] = []
    private var lastNear: Double?
    /// The stroke under way: its peak, whether it eased back since, whether it rose again after.
    private var peak = Self.noPeak, easedBack = false, rippled = false
    /// Below any pressure, and far enough from Int64's limits that a tolerance under it is safe.
    private static let noPeak = Int64(Int32.min) - 1

    init(description d: DeviceDescription) {
        let k = Kernel.self
        pressureAxis = d.has(type: k.EV_ABS, code: k.ABS_PRESSURE) ? d.absInfo[k.ABS_PRESSURE] : nil
        tiltXAxis = d.has(type: k.EV_ABS, code: k.ABS_TILT_X) ? d.absInfo[k.ABS_TILT_X] : nil
        tiltYAxis = d.has(type: k.EV_ABS, code: k.ABS_TILT_Y) ? d.absInfo[k.ABS_TILT_Y] : nil
        report.pressure = pressureAxis.map { .init(name: "ABS_PRESSURE", declared: ($0.minimum, $0.maximum)) }
        if d.has(type: k.EV_ABS, code: k.ABS_DISTANCE), let a = d.absInfo[k.ABS_DISTANCE] {
            report.height = .init(name: "ABS_DISTANCE", declared: (a.minimum, a.maximum))
        }
    }

    /// One frame of the pen.
    mutating func frame(_ f: ContactFrame, _ pen: PenState) {
        let t = f.time.inSeconds
        let hovering = f.hover.map { $0.phase != .ended } ?? false
        let tip = f.contacts.first
        let touching = tip.map { !$0.phase.isTerminal } ?? false
        if hovering || touching {
            if let last = lastNear, t > last { intervals.append(t - last) }
            lastNear = t
            tilt(pen)
        } else {
            lastNear = nil
        }
        if hovering, let d = pen.distance {
            report.hoverReports += 1
            widen(&report.height, d)
        }
        guard let tip else { return }
        switch tip.phase {
        case .began:
            report.strokes += 1
            if pen.eraser { report.eraserStrokes += 1 }
            (peak, easedBack, rippled) = (Self.noPeak, false, false)
            press(tip.pressure)
        case .moved:
            press(tip.pressure)
        case .ended, .cancelled:
            if report.strokes > 0 && !rippled { report.monotonicStrokes += 1 }
        case .stationary:
            break
        }
    }

    /// The report; `idleGapFactor` as for the fingers' rate.
    func finished(idleGapFactor: Double) -> PenReport {
        var r = report
        r.rate = HealthAnalyzer.rate(intervals, idleGapFactor: idleGapFactor).figures
        if let a = pressureAxis, let seen = r.pressure?.seen {
            r.reachesMaximum = Double(Int64(a.maximum) - Int64(seen.maximum)) <= 0.01 * Double(a.range)
        }
        return r
    }

    private mutating func press(_ value: Int32?) {
        guard let p = value, let a = pressureAxis else { return }
        widen(&report.pressure, p)
        let band = Int(Double(Int64(p) - Int64(a.minimum)) / Double(max(a.range, 1)) * 10)
        report.pressureBands[min(9, max(0, band))] += 1
        let tolerance = max(1, Int64(Double(a.range) * 0.02))
        if Int64(p) > peak {
            if easedBack { rippled = true }
            peak = Int64(p)
            easedBack = false
        } else if Int64(p) < peak - tolerance {
            easedBack = true
        }
    }

    private mutating func tilt(_ pen: PenState) {
        func degrees(_ v: Int32?, _ axis: AbsInfo?) -> Double? {
            guard let v, axis != nil else { return nil }
            return PenAngles.radians(v, axis: axis) * 180 / .pi
        }
        if let x = degrees(pen.tiltX, tiltXAxis) {
            report.tiltX = (min(report.tiltX?.minimum ?? x, x), max(report.tiltX?.maximum ?? x, x))
        }
        if let y = degrees(pen.tiltY, tiltYAxis) {
            report.tiltY = (min(report.tiltY?.minimum ?? y, y), max(report.tiltY?.maximum ?? y, y))
        }
    }

    private func widen(_ a: inout HealthReport.AxisRange?, _ v: Int32) {
        guard var r = a else { return }
        r.seen = (min(r.seen?.minimum ?? v, v), max(r.seen?.maximum ?? v, v))
        a = r
    }
}
