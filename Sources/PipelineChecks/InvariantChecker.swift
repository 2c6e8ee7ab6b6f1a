import InputEvents
import Pipeline
import TouchKit
import TouchScene

/// Follows every handler call of a scene and checks what must always hold, whatever the
/// input: each `touchesBegan` a responder receives is matched by exactly one
/// `touchesEnded`/`touchesCancelled` for that touch; no touch method arrives for a touch
/// that never began there; recognizers move through UIKit's state machine; controls follow
/// their tracking rules; nothing is left down at the end. (For scenes whose responders
/// consume all four touch methods or none: a responder that consumes only some of them
/// forwards the others, by design.)
public final class InvariantChecker {
    public private(set) var violations: [String] = []
    /// Handler calls seen.
    public private(set) var calls = 0
    public private(set) var recognitions = 0
    public private(set) var actions = 0

    private var open: [String: Set<UInt64>] = [:]
    private var recognizerStates: [String: HandlerLog.GestureState] = [:]
    private let discrete: Set<String>
    private var controls: [ObjectIdentifier: ControlTracking] = [:]

    private struct ControlTracking {
        var name: String
        var tracking = false
        var inside = true
        var last = ""
    }

    private let log: HandlerLog
    private var listening: HandlerLog.Listening?

    /// Follows `instance`'s log (as one of its listeners), and its controls' events.
    public init(_ instance: SceneInstance) {
        discrete = instance.discreteRecognizerNames
        log = instance.log
        listening = instance.log.listen(toCalls: { [unowned self] call in self.observe(call) })
        for control in instance.controls {
            controls[ObjectIdentifier(control)] = ControlTracking(name: control.name)
            control.eventObserver = { [unowned self] c, event in self.controlEvent(c, event) }
        }
    }

    deinit { if let listening { log.stopListening(listening) } }

    /// Records a broken rule (kept to the first 100).
    private func violate(_ s: String) {
        if violations.count < 100 { violations.append(s) }
    }

    private func observe(_ call: HandlerLog.Call) {
        calls += 1
        switch call {
        case .touches(let method, let responder, let touches):
            var set = open[responder] ?? []
            for t in touches {
                switch method {
                case .began:
                    if !set.insert(t).inserted { violate("\(responder): touchesBegan twice for #\(t)") }
                case .moved:
                    if !set.contains(t) { violate("\(responder): touchesMoved for #\(t), which never began there") }
                case .ended, .cancelled:
                    if set.remove(t) == nil {
                        violate(
                            "\(responder): \(method) for #\(t), which is not open there (never began, or already ended)"
                        )
                    }
                }
            }
            open[responder] = set
        case .gesture(let name, let state):
            let last = recognizerStates[name] ?? .possible
            if !Self.legal(from: last, to: state, discrete: discrete.contains(name)) {
                violate("recognizer \(name): \(last) → \(state) is not UIKit's state machine")
            }
            recognizerStates[name] = state
            if state == .recognized || state == .began { recognitions += 1 }
        case .action:
            actions += 1
        case .device, .motion, .remoteControl, .presses, .idle, .ghost, .noise:
            break
        }
    }

    /// Whether a recognizer may enter `to` after `from`; a gesture that ended (ended,
    /// recognized, cancelled, failed) is reset to possible before its next state.
    static func legal(from: HandlerLog.GestureState, to: HandlerLog.GestureState, discrete: Bool) -> Bool {
        let current: HandlerLog.GestureState =
            [.ended, .recognized, .cancelled, .failed].contains(from) ? .possible : from
        switch (current, to) {
        case (.possible, .failed): return true
        case (.possible, .recognized): return discrete
        case (.possible, .began): return !discrete
        case (.began, .changed), (.began, .ended), (.began, .cancelled),
            (.changed, .changed), (.changed, .ended), (.changed, .cancelled):
            return !discrete
        default: return false
        }
    }

    private func controlEvent(_ c: Control, _ event: String) {
        guard var t = controls[ObjectIdentifier(c)] else { return }
        defer {
            t.last = event
            controls[ObjectIdentifier(c)] = t
        }
        switch event {
        case "touchDown":
            if t.tracking { violate("\(t.name): touchDown while tracking") }
            t.tracking = true
            t.inside = true
        case "touchDownRepeat":
            if t.last != "touchDown" { violate("\(t.name): touchDownRepeat not right after touchDown") }
        case "touchDragInside", "touchDragOutside":
            if !t.tracking { violate("\(t.name): \(event) without a touchDown") }
        case "touchDragEnter":
            if !t.tracking || t.inside {
                violate("\(t.name): touchDragEnter while \(t.tracking ? "inside" : "not tracking")")
            }
            t.inside = true
        case "touchDragExit":
            if !t.tracking || !t.inside {
                violate("\(t.name): touchDragExit while \(t.tracking ? "outside" : "not tracking")")
            }
            t.inside = false
        case "touchUpInside", "touchUpOutside", "touchCancel":
            if !t.tracking { violate("\(t.name): \(event) without a touchDown") }
            t.tracking = false
        case "primaryActionTriggered":
            if t.last != "touchUpInside" { violate("\(t.name): primaryActionTriggered not right after touchUpInside") }
        default:
            break
        }
    }

    /// At the end of a stream (every device gone, every timer run): nothing may be left open.
    public func finish(_ pipeline: TouchPipeline) {
        for (responder, touches) in open where !touches.isEmpty {
            violate(
                "\(responder): touches \(touches.sorted().map { "#\($0)" }.joined(separator: ", ")) began and never ended"
            )
        }
        open.removeAll()
        if !pipeline.scene.app.activeTouches.isEmpty {
            violate("\(pipeline.scene.app.activeTouches.count) touches still live in the application")
        }
        if !pipeline.active.isEmpty { violate("\(pipeline.active.count) contacts still down in the pipeline") }
        for t in controls.values where t.tracking { violate("\(t.name) still tracking") }
        for (name, state) in recognizerStates where state == .began || state == .changed {
            violate("recognizer \(name) left in \(state)")
        }
    }
}

/// The state-machine rule, for the checker's own tests.
public enum InvariantCheckerProbe {
    public static func legal(from: HandlerLog.GestureState, to: HandlerLog.GestureState, discrete: Bool) -> Bool {
        InvariantChecker.legal(from: from, to: to, discrete: discrete)
    }
}

extension InvariantChecker {
    /// Plays `input`'s events (at most `limit`) on `panel` of `pipeline`, removes the panel,
    /// lets the timers run out and stops at the first broken invariant: the fuzzers' common end.
    public func play(_ input: inout FuzzInput, on panel: Panel, of pipeline: TouchPipeline, limit: Int) {
        var time: Int64 = 1_000_000
        var n = 0
        while !input.isAtEnd && n < limit {
            let (e, sync) = input.event(time: &time)
            pipeline.process(e, isSync: sync, from: panel)
            pipeline.log.discard()
            n += 1
        }
        pipeline.removePanel(panel, at: EventTime(totalMicroseconds: time))
        var rounds = 0
        while let d = pipeline.nextDeadline, rounds < 1000 {
            pipeline.advanceTime(to: d)
            rounds += 1
        }
        finish(pipeline)
        if let v = violations.first { fatalError("invariant: \(v)") }
    }
}
