import ArgumentParser
import ControlProtocol
import DeviceTools
import Drawing
import Evdev
import Glibc
import InputEvents
import MarkBoards
import Output
import PanelHealth
import Runtime
import Sysexits
import TouchBridge
import TouchInput
import TouchTools

struct QualifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qualify",
        abstract: "A panel's acceptance test: guided gestures measured against published criteria, pass or fail.",
        discussion: """
            Asks on standard error for each step in turn — tap each mark, draw each line, rest a finger, \
            put down as many fingers as the panel takes, two fingers side by side, fast taps — and measures \
            accuracy, linearity, jitter, report rate, contacts, separation, missed or split taps, ghosts and \
            stuck contacts (with --quiet, first the contacts that appear while nothing touches it), in millimetres where the panel has a resolution (with --pen, a pen's accuracy, \
            linearity, jitter, report rate and hover offset). From a recording it reads the gestures in that \
            order. Marks and lines are drawn on the panel's display (a compositor's overlay or window, else \
            the display itself through KMS, none with --no-draw). Exit 0 when every criterion passes, 1 when \
            one fails, 75 when the session ended before every gesture was made (nothing of those is judged).
            """)

    @OptionGroup var reading: SourceArgument
    /// The event node or recording named.
    var source: String { reading.source }

    @Option(
        help: ArgumentHelp(
            "Marks to tap, \"x,y; x,y; ...\" in the panel's screen points (default: a 3×3 grid at 10, 50 and 90 %).",
            valueName: "POINTS"))
    var marks: String?

    @Option(
        help: ArgumentHelp(
            "Lines to draw, \"x1,y1 x2,y2; ...\" in screen points (default: across, down and both diagonals, 10 % to 90 %).",
            valueName: "LINES"))
    var lines: String?

    @Option(
        help: ArgumentHelp(
            "A JSON object of criteria replacing the published ones: accuracyMM, linearityMM, jitterMM, reportRateHz, contacts, separationMM, missedTaps, splitTaps, ghosts, stuck, hoverOffsetMM, phantomContacts.",
            valueName: "FILE"))
    var criteria: String?

    @OptionGroup(
        title:
            "Screen mapping (default screen: the panel's rectangle from udev, else the mode of the display a live panel is on, else its size at 96 dpi)"
    )
    var mapping: MappingOptions

    @Flag(
        help: """
            Qualify a pen (its pen node): each mark hovered over then touched with the tip, the lines \
            drawn and the rest held with the pen, the hover offset judged instead of contacts, separation \
            and fast taps.
            """)
    var pen = false

    @Option(
        help: ArgumentHelp(
            "First leave the panel untouched this many seconds (60 as the Windows hardware test's ghost-reporting check): every contact then is a phantom, judged by phantomContacts. A live panel only.",
            valueName: "SECONDS"))
    var quiet: Double?

    @Option(
        help: ArgumentHelp(
            "After the gestures, measure touch-to-photon latency over this many taps (1 to 1000) as `latency` does, on a fullscreen surface of the compositor; judged by latencyP95MS. A live panel only.",
            valueName: "TAPS"))
    var latency: Int?

    @Flag(help: "Draw nothing on the panel's display: the prompts on standard error only.")
    var noDraw = false

    @Flag(help: "JSON instead of text (schema/qualify.schema.json).")
    var json = false

    @Option(
        help: ArgumentHelp(
            "Write a picture of the marks with the taps and the lines with what was drawn.", valueName: "FILE"))
    var svg: String?

    func validate() throws {
        try mapping.checkOutput(source: source)
        if let marks, parsePoints(marks) == nil { throw ValidationError("--marks takes \"x,y; x,y; ...\" in points") }
        if let quiet, !(quiet > 0 && quiet <= Durations.longest) {
            throw ValidationError(
                "--quiet takes seconds above 0 and at most \(Int(Durations.longest)) (not '\(quiet)')")
        }
        if let latency {
            guard (1...1000).contains(latency) else { throw ValidationError("--latency takes 1 to 1000 taps") }
            if pen {
                throw ValidationError(
                    "--latency measures finger taps: a pen reaches Wayland clients as a tablet tool, not as touches")
            }
        }
        if let lines, Self.parseLines(lines) == nil {
            throw ValidationError("--lines takes \"x1,y1 x2,y2; ...\" in points")
        }
    }

    func run() throws {
        if let svg { try checkWritable(svg) }
        let limits = try loadCriteria()
        let (input, d, info) = try InputSource.openTouchscreen(source, device: reading.device)
        let (_, mapper) = try mapping.place(d, source: source, info: info)
        let isPen = d.has(type: Kernel.EV_KEY, code: Kernel.BTN_TOOL_PEN)
        if isPen != pen {
            let reason = pen ? "not a pen (no BTN_TOOL_PEN): qualify it without --pen" : "a pen: qualify it with --pen"
            throw fail(DeviceError.unsuitable(path: source, reason: reason))
        }
        var plan = QualifyPlan.standard(width: mapper.width, height: mapper.height)
        plan.pen = pen
        if let m = marks.flatMap(parsePoints) { plan.marks = m }
        if let l = lines.flatMap(Self.parseLines) { plan.lines = l }
        plan.quietSeconds = quiet ?? 0
        let report: QualifyReport
        switch input {
        case .recording(let r, _):
            if quiet != nil || latency != nil {
                let what = quiet != nil ? "--quiet" : "--latency"
                let why =
                    quiet != nil
                    ? "a recording holds no time before its first event, so its quiet cannot be told"
                    : "a recording's taps reach no compositor"
                throw fail(ValidationError("\(what) needs a live panel: \(why)"))
            }
            let run = QualifyRecording(
                r, source: source, plan: plan, mapper: mapper, udevFuzz: info?.libinputFuzz ?? [:]
            ) {
                Diagnostics.print("touchbridge: \(source): \($0)")
            }
            if run.endedEarly {
                Diagnostics.print(
                    "touchbridge: \(source): the recording ended at the step \"\(plan.prompt(run.session.step))\"; "
                        + "the steps not reached are not judged", level: .warning)
            }
            report = run.report(criteria: limits, end: r.events.last?.time)
        case .device(let device):
            let target = DrawingTarget.of(d, info: info, mapper: mapper, pin: mapping.output)
            func open() -> MarkBoard {
                MarkBoard.open(target: target, passesInput: false, noDraw: noDraw) {
                    Diagnostics.print("touchbridge: marks: \($0)")
                }
            }
            var board = open()
            defer { board.close() }
            var live = try qualifyLive(
                device, d: d, plan: plan, mapper: mapper, udevFuzz: info?.libinputFuzz ?? [:], criteria: limits,
                marked: info?.isMarkedPanel == true, board: board)
            if let latency, !live.isUnfinished {
                // The latency surface takes the screen, and the touches, while it measures.
                board.close()
                live.latency = try latencyStep(device, taps: latency)
                board = open()
            }
            report = live
            board.scene = QualifyBoard.result(report)
            board.linger(seconds: 3)
        }
        OutputSink.standardOutput().write(json ? report.json(panel: d.name) : report.text(panel: d.name))
        if let svg {
            do {
                try writeFileAtomically(svg, report.svg(plan: plan, width: mapper.width, height: mapper.height))
            } catch { throw fail(error) }
        }
        if report.isUnfinished { throw ExitCode(Sysexits.tempFail) }
        if !report.pass { throw ExitCode(1) }
    }

    /// `--criteria FILE`: the published criteria with the file's replacing theirs.
    private func loadCriteria() throws -> QualifyCriteria {
        guard let criteria else { return QualifyCriteria() }
        let bytes: [UInt8]
        do { bytes = try readFileContents(criteria) } catch { throw fail(error) }
        do {
            return try QualifyCriteria.parse(bytes, file: criteria)
        } catch {
            Diagnostics.print("touchbridge: \(error)", level: .error)
            throw ExitCode(Sysexits.dataError)
        }
    }

    /// `x1,y1 x2,y2; ...`; nil when malformed.
    static func parseLines(_ text: String) -> [(from: ScreenPoint, to: ScreenPoint)]? {
        var out: [(from: ScreenPoint, to: ScreenPoint)] = []
        for part in text.split(separator: ";") where !part.allSatisfy({ $0 == " " }) {
            let ends = part.split(separator: " ").compactMap { parsePoints(String($0))?.first }
            guard ends.count == 2 else { return nil }
            out.append((ends[0], ends[1]))
        }
        return out.isEmpty ? nil : out
    }
}

/// Refuses, before any prompt, an output file that could not be written at the end.
func checkWritable(_ path: String) throws {
    do { try checkFileWritable(path) } catch { throw fail(error) }
}
