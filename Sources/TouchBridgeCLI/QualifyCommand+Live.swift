import ArgumentParser
import DeviceTools
import Evdev
import InputEvents
import MarkBoards
import Marks
import Output
import PanelHealth
import Pipeline
import Runtime
import TouchBridge
import TouchInput
import TouchTools

extension QualifyCommand {
    /// The session at a live panel: each step asked for on standard error, the gestures read
    /// until the plan is complete, and judged; interrupted before the fast taps, the report says
    /// what was not reached. Each step is drawn on `board` as it is asked for.
    /// `marked`: udev marks the device as a panel (a touch controller in mouse mode).
    func qualifyLive(
        _ device: EvdevDevice, d: DeviceDescription, plan: QualifyPlan, mapper: ScreenMapper,
        udevFuzz: [UInt16: Int32], criteria: QualifyCriteria, marked: Bool, board: MarkBoard
    ) throws -> QualifyReport {
        var session = QualifySession(plan: plan, mapper: mapper)
        var health = HealthAnalyzer(description: d, source: source, screen: mapper, udevFuzz: udevFuzz)
        var tracker = InputChain.uncorrected(description: d, marked: marked) {
            Diagnostics.print("touchbridge: \(source): \($0)")
        }
        var asked: QualifyPlan.Step?
        // What was drawn along each line, shown as it is drawn (drawing only).
        var strokes: [Int: [ScreenPoint]] = [:]
        func ask() {
            guard !session.isComplete, session.step != asked else { return }
            asked = session.step
            Diagnostics.print("touchbridge: qualify: " + plan.prompt(session.step))
            board.scene = QualifyBoard.scene(plan, step: session.step, strokes: strokes)
            board.show()
        }
        func take(_ f: ContactFrame) {
            health.frame(f)
            if board.isDrawing, case .line(let i) = session.step, let c = f.contacts.first, !c.phase.isTerminal,
                strokes[i, default: []].count < QualifyBoard.strokeLimit
            {
                strokes[i, default: []].append(mapper.map(c.position))
                if i < board.scene.lines.count { board.scene.lines[i].drawn = strokes[i] ?? [] }
                board.show()
            }
            if session.take(f) { ask() }
        }
        let signals = SignalWatch()
        session.begin(at: monotonicNow().inSeconds)
        ask()
        take(tracker.open(at: monotonicNow(), device: device))
        var stopped = false
        while !session.isComplete && !stopped {
            // The quiet step ends at its time; the fast taps when enough were made, or two
            // seconds after the last one.
            let untouched = session.quietDeadline
            let quiet =
                untouched ?? (session.step == .taps && session.fastTapsMade > 0 ? monotonicNow().inSeconds + 2 : nil)
            var ended = false
            let failure = readUntilStopped(
                device, signals: signals, deadline: quiet, finished: { ended || session.isComplete }, companion: board,
                onEvent: {
                    e, isSync in
                    health.event(e)
                    tracker.process(e, isSync: isSync) { f in
                        take(f)
                        if !f.contacts.isEmpty && f.contacts.allSatisfy({ $0.phase.isTerminal }) { ended = true }
                    }
                })
            if let failure { throw fail(failure) }
            if untouched != nil {
                // A phantom lifting ends nothing: the step lasts its time, or until a signal.
                if session.advance(to: monotonicNow().inSeconds) { ask() } else if !ended { stopped = true }
                continue
            }
            if quiet != nil && !ended { break }
            if !ended && !session.isComplete { stopped = true }
        }
        if stopped && session.step != .taps {
            Diagnostics.print("touchbridge: qualify: stopped before the session was over")
        }
        let h = health.report(at: monotonicNow())
        return session.report(criteria: criteria, ghosts: h.ghosts, stuck: h.stuck.count)
    }
}

extension MarkBoard: LoopCompanion {}

/// What `qualify` draws: the marks and lines, done, asked for and to come, and the verdict.
enum QualifyBoard {
    /// The most points of one stroke shown (a line drawn for minutes stays bounded).
    static let strokeLimit = 4096

    /// The plan with `step` asked for: what came before it taken, what comes after pending, each
    /// line with what was drawn along it.
    static func scene(_ plan: QualifyPlan, step: QualifyPlan.Step, strokes: [Int: [ScreenPoint]] = [:]) -> MarkScene {
        let order = plan.steps
        let now = order.firstIndex(of: step) ?? order.count
        func state(_ s: QualifyPlan.Step) -> MarkScene.State {
            guard let i = order.firstIndex(of: s) else { return .pending }
            return i < now ? .taken : i == now ? .waiting : .pending
        }
        var scene = MarkScene()
        scene.marks = plan.marks.indices.map { MarkScene.Mark(point: plan.marks[$0], state: state(.mark($0))) }
        scene.lines = plan.lines.indices.map {
            MarkScene.Line(
                from: plan.lines[$0].from, to: plan.lines[$0].to, state: state(.line($0)), drawn: strokes[$0] ?? [])
        }
        // Only the step asked for and what was done: the marks of a line step would be in the way.
        if case .line = step {
            scene.marks = scene.marks.filter { $0.state == .taken }
            scene.lines = scene.lines.filter { $0.state != .pending }
        }
        if case .mark = step { scene.lines = [] }
        if scene.focus == nil {
            scene.marks = []
            scene.lines = []
        }
        scene.instruction = plan.prompt(step)
        return scene
    }

    /// The verdict on the panel: PASS, FAIL or UNFINISHED, with the criteria that failed.
    static func result(_ r: QualifyReport) -> MarkScene {
        var scene = MarkScene()
        let judged = r.judged
        let failed = judged.filter { $0.measured && !$0.pass }.map { "\($0.name): \($0.value) (\($0.limit))" }
        let head = r.isUnfinished ? "UNFINISHED" : r.pass ? "PASS" : "FAIL"
        scene.result = MarkScene.Result(pass: r.pass, lines: [head] + failed.prefix(6))
        return scene
    }
}
