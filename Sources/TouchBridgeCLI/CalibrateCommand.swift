import ArgumentParser
import DeviceTools
import Discovery
import Doctor
import Evdev
import Glibc
import InputEvents
import MarkBoards
import Marks
import Output
import Pipeline
import Runtime
import Sysexits
import TextBuffers
import TouchBridge
import TouchInput
import TouchTools

struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Fit a calibration matrix to touches at known screen points.",
        discussion: """
            Asks on standard error for a touch at each mark in turn (default: four points 10 % \
            inside the corners of the panel's screen), takes each as the median of one finger held \
            still (a moving or second finger is refused and asked again), fits libinput's \
            calibration matrix by least squares and prints every point's residual, the matrix \
            (LIBINPUT_CALIBRATION_MATRIX) and a udev rule line for the panel. From a recording it \
            takes the touches in order. Marks are in the panel's own screen points, as `touches` \
            reports them, the panel mapped as `run` maps it (its udev properties, --rotate, --screen). \
            Each mark is drawn as a crosshair on the panel's display (a compositor's overlay or window, else \
            the display itself through KMS, none with --no-draw), green when taken, red when refused. \
            Exit 0 when fitted (or, with --check --fail-above, within the limit), 1 over the limit, 75 when \
            the session ended before every mark was touched (nothing fitted).
            """)

    @OptionGroup var reading: SourceArgument
    /// The event node or recording named.
    var source: String { reading.source }

    @Option(
        help: ArgumentHelp(
            "Marks to touch, \"x,y; x,y; ...\" in the panel's screen points (at least 3, not on one line).",
            valueName: "POINTS"))
    var points: String?

    @OptionGroup(
        title:
            "Screen mapping (default screen: the panel's rectangle from udev, else the mode of the display a live panel is on, else its size at 96 dpi)"
    )
    var mapping: MappingOptions

    @Flag(help: "Measure the calibration now in force (udev's, or --calibration) instead of fitting one.")
    var check = false

    // Unconditional: a value such as -1 is the option's, refused with its range.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "With --check: exit 1 when a mark's residual is above MM millimetres (points on a panel without a resolution).",
            valueName: "MM"))
    var failAbove: Double?

    @Flag(help: "Draw nothing on the panel's display: the prompts on standard error only.")
    var noDraw = false

    @Option(
        help: ArgumentHelp(
            "Write the udev rule to FILE, e.g. /etc/udev/rules.d/99-touchbridge-calibration.rules.",
            valueName: "FILE"))
    var write: String?

    func validate() throws {
        try mapping.checkOutput(source: source)
        if let points {
            guard let marks = parsePoints(points) else {
                throw ValidationError("--points takes \"x,y; x,y; ...\" in points")
            }
            do { try CalibrationFit.check(targets: marks) } catch { throw ValidationError("--points: \(error)") }
        }
        if check && write != nil {
            throw ValidationError("--check measures the calibration in force; it writes no rule")
        }
        if let failAbove {
            guard check else {
                throw ValidationError("--fail-above judges the calibration in force: use it with --check")
            }
            guard failAbove.isFinite, failAbove >= 0, failAbove <= 1000 else {
                throw ValidationError("--fail-above takes millimetres from 0 to 1000")
            }
        }
    }

    func run() throws {
        if let write { try checkWritable(write) }
        let (input, d, info) = try InputSource.openTouchscreen(source, device: reading.device)
        let (placement, mapper) = try mapping.place(d, source: source, info: info)
        let marks = points.flatMap(parsePoints) ?? Self.cornerMarks(width: mapper.width, height: mapper.height)
        var board: MarkBoard?
        if case .device = input {
            board = MarkBoard.open(
                target: .of(d, info: info, mapper: mapper, pin: mapping.output), passesInput: false, noDraw: noDraw
            ) { Diagnostics.print("touchbridge: marks: \($0)") }
        }
        defer { board?.close() }
        let touched = try gather(
            input, marks: marks, description: d, mapper: mapper, marked: info?.isMarkedPanel == true, board: board)
        let samples = zip(marks, touched).map { CalibrationFit.Sample(target: $0, touched: $1) }
        let result: ScreenMapper.Calibration
        if check {
            result = placement.calibration
        } else {
            do { result = try CalibrationFit.fit(samples, mapper: mapper) } catch {
                Diagnostics.print("touchbridge: \(source): \(error)", level: .error)
                throw ExitCode(Sysexits.dataError)
            }
        }
        let report = CalibrationReport(name: d.name, samples: samples, before: mapper, matrix: result)
        OutputSink.standardOutput().write(report.text(checking: check, rule: check ? nil : rule(report, info: info)))
        let over = failAbove.flatMap { report.worstAbove($0) }
        if let board {
            board.scene = CalibrationBoard.result(report, checking: check, over: over, limit: failAbove)
            board.linger(seconds: 3)
        }
        if let write {
            do {
                try writeFileAtomically(
                    write,
                    CalibrationReport.ruleComment(name: d.name, residuals: report.residualSummary) + "\n"
                        + rule(report, info: info) + "\n")
            } catch {
                throw fail(error)
            }
            let node = info?.devnode ?? "/dev/input/eventN"
            Diagnostics.print(
                "touchbridge: wrote \(write), to apply with `udevadm control --reload && udevadm trigger --action=change \(node)`"
            )
        }
        if let over, let failAbove {
            Diagnostics.print(
                "touchbridge: calibrate: point \(over.index + 1) is \(compact(over.residual, 2)) \(report.unit) off, "
                    + "above \(compact(failAbove, 2)) \(report.unit)", level: .error)
            throw ExitCode(1)
        }
    }

    /// Four marks 10 % inside the corners, clockwise from the top left, to a tenth of a point.
    static func cornerMarks(width: Double, height: Double) -> [ScreenPoint] {
        let fractions: [(Double, Double)] = [(0.1, 0.1), (0.9, 0.1), (0.9, 0.9), (0.1, 0.9)]
        return fractions.map { (fx: Double, fy: Double) -> ScreenPoint in
            ScreenPoint(x: (fx * width * 10).rounded() / 10, y: (fy * height * 10).rounded() / 10)
        }
    }

    /// One steady touch per mark, in order; refused touches are said on standard error and the mark asked again.
    private func gather(
        _ input: InputSource, marks: [ScreenPoint], description d: DeviceDescription,
        mapper: ScreenMapper, marked: Bool, board: MarkBoard?
    ) throws -> [DevicePoint] {
        var tracker = InputChain.uncorrected(description: d, marked: marked) {
            Diagnostics.print("touchbridge: \(source): \($0)")
        }
        var steady = SteadyTouch(x: mapper.x, y: mapper.y)
        var got: [DevicePoint] = []
        board?.scene.marks = marks.map { MarkScene.Mark(point: $0) }
        func ask(refused: String? = nil) {
            let m = marks[got.count]
            if refused == nil {
                Diagnostics.print(
                    "touchbridge: point \(got.count + 1) of \(marks.count): touch the mark at \(xy(m)) with one finger, hold it still, lift"
                )
            }
            guard let board else { return }
            board.scene.marks[got.count].state = refused == nil ? .waiting : .refused
            board.scene.instruction =
                refused.map { "\($0): touch it again" }
                ?? "Touch the mark with one finger, hold it still, lift (\(got.count + 1) of \(marks.count))"
            board.show()
        }
        func take(_ frame: ContactFrame) {
            guard got.count < marks.count, let outcome = steady.take(frame) else { return }
            switch outcome {
            case .steady(let p, let samples):
                Diagnostics.print(
                    "touchbridge: point \(got.count + 1): touched at \(xy(mapper.map(p))) (median of \(samples))")
                board?.scene.marks[got.count].state = .taken
                got.append(p)
                if got.count < marks.count { ask() } else { board?.show() }
            case .refused(let why):
                Diagnostics.print("touchbridge: point \(got.count + 1): \(why); touch it again")
                ask(refused: why)
            }
        }
        // Signals are taken before the first prompt: a stop from then on is the session's end.
        var signals: SignalWatch?
        if case .device = input { signals = SignalWatch() }
        ask()
        switch input {
        case .recording(let r, let path):
            for e in r.events where got.count < marks.count { tracker.process(e) { take($0) } }
            if got.count < marks.count {
                Diagnostics.print(
                    "touchbridge: \(path): unfinished: the recording ended after \(got.count) of \(marks.count) points, nothing fitted",
                    level: .error)
                throw ExitCode(Sysexits.tempFail)
            }
        case .device(let device):
            take(tracker.open(at: monotonicNow(), device: device))
            let failure = readUntilStopped(
                device, signals: signals ?? SignalWatch(), finished: { got.count == marks.count }, companion: board,
                onEvent: {
                    e, isSync in
                    tracker.process(e, isSync: isSync) { take($0) }
                })
            if let failure { throw fail(failure) }
            if got.count < marks.count {
                Diagnostics.print(
                    "touchbridge: unfinished: stopped after \(got.count) of \(marks.count) points, nothing fitted")
                throw ExitCode(Sysexits.tempFail)
            }
        }
        return got
    }

    private func rule(_ report: CalibrationReport, info: InputDeviceInfo?) -> String {
        CalibrationReport.udevRule(name: report.name, idPath: info?.idPath, matrix: report.matrix)
    }
}

/// `x,y; x,y; ...` in points; nil when malformed.
func parsePoints(_ text: String) -> [ScreenPoint]? {
    var out: [ScreenPoint] = []
    for part in text.split(separator: ";") where !part.allSatisfy({ $0 == " " }) {
        let xy = part.split(separator: ",").map { $0.trimmingSpaces }
        guard xy.count == 2, let x = Double(xy[0]), let y = Double(xy[1]), x.isFinite, y.isFinite else { return nil }
        out.append(ScreenPoint(x: x, y: y))
    }
    return out.isEmpty ? nil : out
}

/// `x,y` with at most one decimal.
func xy(_ p: ScreenPoint) -> String { "\(compact(p.x, 1)),\(compact(p.y, 1))" }

/// A number with at most `decimals` decimals, trailing zeros dropped (`1`, `0.25`).
func compact(_ v: Double, _ decimals: Int) -> String {
    var b = TextBuffer(capacity: 32)
    b.append(compact: v, maxDecimals: decimals)
    let s = String(decoding: b.bytes, as: UTF8.self)
    return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}
