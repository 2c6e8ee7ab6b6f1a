import InputEvents
import TouchInput
import TouchKit
import TouchScene

/// What `run --metrics-file` exports: counters since start, the devices present and a
/// histogram of input latency (the kernel's event time to the moment its log line was
/// written, `CLOCK_MONOTONIC`). Fed per frame and per log line only when the option is on.
package final class Metrics {
    /// The latency histogram's upper bounds, seconds.
    package static let latencyBuckets: [Double] = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1]

    package private(set) var touchesBegan = 0
    package private(set) var touchesEnded = 0
    package private(set) var touchesCancelled = 0
    /// Recognizer state changes by recognizer and state (began, ended, recognized, cancelled,
    /// failed; not changed).
    package private(set) var gestures: [String: [HandlerLog.GestureState: Int]] = [:]
    /// Actions sent, by action name.
    package private(set) var actions: [String: Int] = [:]
    /// Contacts cancelled as ghosts (`--ghost-after`).
    package private(set) var ghosts = 0
    /// Touches judged noise, by rule (`--noise-filter`).
    package private(set) var noise: [String: Int] = [:]
    /// Whether the kiosk is idle now (the scene's `idle`).
    package private(set) var isIdle = false
    /// Frames, events and SYN_DROPPED of panels that have left (live panels are read from
    /// the pipeline when the file is written).
    var retired = (frames: 0, events: 0, dropped: 0)
    package private(set) var latencyCounts = [Int](repeating: 0, count: latencyBuckets.count + 1)
    package private(set) var latencySum = 0.0
    /// Kernel times of the frames delivered since the log was last written.
    private var pending: [Double] = []
    /// Whether latency is measured (live devices; a recording's times are not this clock's).
    package let measuresLatency: Bool
    /// Something changed since the file was last written.
    package var isDirty = true

    package init(measuresLatency: Bool) {
        self.measuresLatency = measuresLatency
        pending.reserveCapacity(64)
    }

    /// A frame's touch updates reached the application.
    func frame(time: Double, updates: [TouchUpdate]) {
        for u in updates {
            switch u.phase {
            case .began: touchesBegan += 1
            case .ended: touchesEnded += 1
            case .cancelled: touchesCancelled += 1
            case .moved, .stationary: break
            }
        }
        if measuresLatency { pending.append(time) }
        isDirty = true
    }

    /// A line of the handler log.
    func observe(_ call: HandlerLog.Call) {
        switch call {
        case .gesture(let recognizer, let state) where state != .changed:
            gestures[recognizer, default: [:]][state, default: 0] += 1
            isDirty = true
        case .action(let action, _, _):
            actions[action, default: 0] += 1
            isDirty = true
        case .ghost:
            ghosts += 1
            isDirty = true
        case .noise(_, let rule):
            noise[rule, default: 0] += 1
            isDirty = true
        case .idle(let waking, _):
            isIdle = !waking
            isDirty = true
        default:
            break
        }
    }

    /// The log was written at `now` (monotonic seconds): the pending frames' latencies.
    package func logWritten(at now: Double) {
        guard !pending.isEmpty else { return }
        for t in pending {
            let l = max(0, now - t)
            latencySum += l
            let i = Self.latencyBuckets.firstIndex { l <= $0 } ?? Self.latencyBuckets.count
            latencyCounts[i] += 1
        }
        pending.removeAll(keepingCapacity: true)
        isDirty = true
    }

    /// A panel leaves: its counts stay in the totals.
    func retire(_ panel: Panel) {
        retired.frames += panel.frames
        retired.events += panel.events
        retired.dropped += panel.dropped
    }
}
