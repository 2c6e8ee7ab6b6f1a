import ArgumentParser
import Evdev
import Glibc
import InputEvents
import Output
import PanelHealth
import TouchBridge
import TouchInput
import TouchScene

struct QualifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qualify",
        abstract: "A panel's acceptance test: guided gestures measured against published criteria, pass or fail.",
        discussion: """
            Asks on standard error for each step in turn — tap each mark, draw each line, rest a finger, \
            put down as many fingers as the panel takes, two fingers side by side, fast taps — and measures \
            accuracy, linearity, jitter, report rate, contacts, separation, missed or split taps, ghosts and \
            stuck contacts, in millimetres where the panel has a resolution. From a recording it reads the \
            gestures in that order. Exit 0 when every criterion passes, 1 when one fails.
            """)

    @Argument(help: "An event node such as /dev/input/event3, or a recording (evemu or libinput record).")
    var source: String

    @OptionGroup var recorded: RecordedDeviceOption

    @Option(help: ArgumentHelp("Marks to tap, \"x,y; x,y; ...\" in the panel's screen points (default: a 3×3 grid at 10, 50 and 90 %).",
                               valueName: "POINTS"))
    var marks: String?

    @Option(help: ArgumentHelp("Lines to draw, \"x1,y1 x2,y2; ...\" in screen points (default: across, down and both diagonals, 10 % to 90 %).",
                               valueName: "LINES"))
    var lines: String?

    @Option(help: ArgumentHelp("A JSON object of criteria replacing the published ones: accuracyMM, linearityMM, jitterMM, reportRateHz, contacts, separationMM, missedTaps, splitTaps, ghosts, stuck.",
                               valueName: "FILE"))
    var criteria: String?

    @OptionGroup(title: "Screen mapping (default screen: the panel's rectangle from udev, else its size at 96 dpi)")
    var mapping: MappingOptions

    @Flag(help: "JSON instead of text (schema/qualify.schema.json).")
    var json = false

    @Option(help: ArgumentHelp("Write a picture of the marks with the taps and the lines with what was drawn.", valueName: "FILE"))
    var svg: String?

    func validate() throws {
        if let marks, parsePoints(marks) == nil { throw ValidationError("--marks takes \"x,y; x,y; ...\" in points") }
        if let lines, Self.parseLines(lines) == nil { throw ValidationError("--lines takes \"x1,y1 x2,y2; ...\" in points") }
    }

    func run() throws {
        let limits = try loadCriteria()
        let (input, d, info) = try InputSource.openTouchscreen(source, device: recorded.index)
        var options = RunOptions()
        options.rotation = mapping.rotation
        options.calibration = mapping.matrix
        let placement = options.placement(node: source, name: d.name, info: info) { Diagnostics.print("touchbridge: \($0)") }
        let screen = placement.rect.map { (width: $0.size.width, height: $0.size.height) } ?? mapping.screenSize
        let mapper = ScreenMapper(device: d, calibration: placement.calibration, rotation: placement.rotation, screen: screen)!
        var plan = QualifyPlan.standard(width: mapper.width, height: mapper.height)
        if let m = marks.flatMap(parsePoints) { plan.marks = m }
        if let l = lines.flatMap(Self.parseLines) { plan.lines = l }
        var session = QualifySession(plan: plan, mapper: mapper)
        var health = HealthAnalyzer(description: d, source: source, screen: mapper, udevFuzz: info?.libinputFuzz ?? [:])
        var tracker = InputChain.uncorrected(description: d) { Diagnostics.print("touchbridge: \(source): \($0)") }
        var asked: QualifyPlan.Step?
        // The prompts are for a person at a live panel; a recording is read without them.
        var live = false
        if case .device = input { live = true }
        func ask() {
            guard live, !session.isComplete, session.step != asked else { return }
            asked = session.step
            Diagnostics.print("touchbridge: qualify: " + plan.prompt(session.step))
        }
        func take(_ f: ContactFrame) {
            health.frame(f)
            if session.take(f) { ask() }
        }
        ask()
        var last: EventTime?
        switch input {
        case let .recording(r, _):
            for e in r.events {
                health.event(e)
                tracker.process(e) { take($0) }
                last = e.time
            }
        case let .device(device):
            let signals = SignalWatch()
            take(tracker.open(at: monotonicNow(), device: device))
            var stopped = false
            while !session.isComplete && !stopped {
                // The fast taps end when enough were made, or two seconds after the last one.
                let quiet = session.step == .taps && session.fastTapsMade > 0 ? monotonicNow().inSeconds + 2 : nil
                var ended = false
                let failure = readUntilStopped(device, signals: signals, deadline: quiet, finished: { ended || session.isComplete }) { e, isSync in
                    health.event(e)
                    tracker.process(e, isSync: isSync) { f in take(f); if f.contacts.allSatisfy({ $0.phase.isTerminal }) { ended = true } }
                }
                if let failure { throw fail(failure) }
                if quiet != nil && !ended { break }
                if !ended && !session.isComplete { stopped = true }
            }
            last = monotonicNow()
            if stopped && session.step != .taps {
                Diagnostics.print("touchbridge: qualify: stopped before the session was over; nothing judged")
                throw ExitCode(130)
            }
        }
        if case .recording = input, session.answersCount < plan.steps.count - 1 {
            Diagnostics.print("touchbridge: \(source): the recording ended at the step \"\(plan.prompt(session.step))\"; "
                              + "the steps not reached fail", level: .warning)
        }
        let h = health.report(at: last)
        let report = session.report(criteria: limits, ghosts: h.ghosts, stuck: h.stuck.count)
        OutputSink.standardOutput().write(json ? report.json(panel: d.name) : report.text(panel: d.name))
        if let svg {
            do { try writeFileAtomically(svg, report.svg(plan: plan, width: mapper.width, height: mapper.height)) } catch { throw fail(error) }
        }
        if !report.pass { throw ExitCode(1) }
    }

    /// `--criteria FILE`: the published criteria with the file's replacing theirs.
    private func loadCriteria() throws -> QualifyCriteria {
        var c = QualifyCriteria()
        guard let criteria else { return c }
        let bytes: [UInt8]
        do { bytes = try readFileContents(criteria) } catch { throw fail(error) }
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch {
            Diagnostics.print("touchbridge: \(criteria):\(error.line): expected \(error.expected)", level: .error)
            throw ExitCode(65)
        }
        guard case let .object(members) = root.value else {
            Diagnostics.print("touchbridge: \(criteria):1: expected an object of criteria", level: .error)
            throw ExitCode(65)
        }
        for m in members {
            guard case let .number(v) = m.node.value, c.set(m.key, v) else {
                Diagnostics.print("touchbridge: \(criteria):\(m.node.line): expected a number for one of "
                                  + QualifyCriteria.keys.joined(separator: ", ") + ", not '\(m.key)'", level: .error)
                throw ExitCode(65)
            }
        }
        return c
    }

    /// `x1,y1 x2,y2; ...`; nil when malformed.
    static func parseLines(_ text: String) -> [(from: DevicePoint, to: DevicePoint)]? {
        var out: [(from: DevicePoint, to: DevicePoint)] = []
        for part in text.split(separator: ";") where !part.allSatisfy({ $0 == " " }) {
            let ends = part.split(separator: " ").compactMap { parsePoints(String($0))?.first }
            guard ends.count == 2 else { return nil }
            out.append((ends[0], ends[1]))
        }
        return out.isEmpty ? nil : out
    }
}
