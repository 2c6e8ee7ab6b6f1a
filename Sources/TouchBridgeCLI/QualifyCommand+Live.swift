import ArgumentParser
import DeviceTools
import Evdev
import InputEvents
import Output
import PanelHealth
import Runtime
import TouchBridge
import TouchInput

extension QualifyCommand {
    /// The session at a live panel: each step asked for on standard error, the gestures read
    /// until the plan is complete, and judged; interrupted before the fast taps, nothing is.
    /// `marked`: udev marks the device as a panel (a touch controller in mouse mode).
    func qualifyLive(
        _ device: EvdevDevice, d: DeviceDescription, plan: QualifyPlan, mapper: ScreenMapper,
        udevFuzz: [UInt16: Int32], criteria: QualifyCriteria, marked: Bool
    ) throws -> QualifyReport {
        var session = QualifySession(plan: plan, mapper: mapper)
        var health = HealthAnalyzer(description: d, source: source, screen: mapper, udevFuzz: udevFuzz)
        var tracker = InputChain.uncorrected(description: d, marked: marked) {
            Diagnostics.print("touchbridge: \(source): \($0)")
        }
        var asked: QualifyPlan.Step?
        func ask() {
            guard !session.isComplete, session.step != asked else { return }
            asked = session.step
            Diagnostics.print("touchbridge: qualify: " + plan.prompt(session.step))
        }
        func take(_ f: ContactFrame) {
            health.frame(f)
            if session.take(f) { ask() }
        }
        ask()
        let signals = SignalWatch()
        take(tracker.open(at: monotonicNow(), device: device))
        var stopped = false
        while !session.isComplete && !stopped {
            // The fast taps end when enough were made, or two seconds after the last one.
            let quiet = session.step == .taps && session.fastTapsMade > 0 ? monotonicNow().inSeconds + 2 : nil
            var ended = false
            let failure = readUntilStopped(
                device, signals: signals, deadline: quiet, finished: { ended || session.isComplete },
                onEvent: {
                    e, isSync in
                    health.event(e)
                    tracker.process(e, isSync: isSync) { f in
                        take(f)
                        if !f.contacts.isEmpty && f.contacts.allSatisfy({ $0.phase.isTerminal }) { ended = true }
                    }
                })
            if let failure { throw fail(failure) }
            if quiet != nil && !ended { break }
            if !ended && !session.isComplete { stopped = true }
        }
        if stopped && session.step != .taps {
            Diagnostics.print("touchbridge: qualify: stopped before the session was over; nothing judged")
            throw ExitCode(130)
        }
        let h = health.report(at: monotonicNow())
        return session.report(criteria: criteria, ghosts: h.ghosts, stuck: h.stuck.count)
    }
}
