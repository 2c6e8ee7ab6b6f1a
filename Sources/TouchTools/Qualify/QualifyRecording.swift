import InputEvents
import PanelHealth
import Pipeline
import TouchInput

/// `qualify` read from a recording: its gestures taken in the plan's order, as a person at the
/// panel would have made them, and judged against the criteria.
package struct QualifyRecording {
    /// Where the gestures ended: the session, with the steps it reached.
    package private(set) var session: QualifySession
    /// The figures the health report gives (ghosts, stuck contacts), from the same events.
    package private(set) var health: HealthAnalyzer

    /// Reads every event of `recording` (from `source`) through the panel's tracker.
    package init(
        _ recording: Recording, source: String, plan: QualifyPlan, mapper: ScreenMapper, udevFuzz: [UInt16: Int32],
        warn: @escaping (TrackerWarning) -> Void
    ) {
        let d = recording.description
        var session = QualifySession(plan: plan, mapper: mapper)
        var health = HealthAnalyzer(description: d, source: source, screen: mapper, udevFuzz: udevFuzz)
        var tracker = InputChain.uncorrected(description: d, warn: warn)
        for e in recording.events {
            health.event(e)
            tracker.process(e) { frame in
                health.frame(frame)
                _ = session.take(frame)  // a recording asks no one for the next step
            }
        }
        self.session = session
        self.health = health
    }

    /// Whether the recording ended before the plan's last step began.
    package var endedEarly: Bool { session.answersCount < session.plan.steps.count - (session.plan.pen ? 0 : 1) }

    /// The verdict on every criterion, the recording's last event being the session's end.
    package func report(criteria: QualifyCriteria, end: EventTime?) -> QualifyReport {
        let h = health.report(at: end)
        return session.report(criteria: criteria, ghosts: h.ghosts, stuck: h.stuck.count)
    }
}
