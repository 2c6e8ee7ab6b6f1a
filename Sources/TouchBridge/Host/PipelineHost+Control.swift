import ControlProtocol
import Evdev
import EventSocket
import Glibc
import InputEvents
import Output
import Runtime
import TouchKit

/// Commands from event-socket clients (`{"command":"lock"}`): the kiosk blanked, woken,
/// locked, unlocked, its scene reloaded, its state told and its backlight set, each as the
/// log records it, with the client named as its cause.
extension PipelineHost {
    /// Lets the socket take commands from the daemon's uid, root and the control group.
    func acceptCommands() {
        guard let socket = outputs.socket else { return }
        socket.access = ControlAccess(ownUID: geteuid(), group: options.controlGroup.flatMap(Self.group(named:)))
        socket.perform = { [unowned self] command, cause in perform(command, cause: cause) }
    }

    /// A group's gid by its name; nil when there is none.
    static func group(named name: String) -> (gid: UInt32, name: String)? {
        guard let g = getgrnam(name) else { return nil }
        return (g.pointee.gr_gid, name)
    }

    /// Carries out `command` now; its answer.
    func perform(_ command: ControlCommand, cause: KioskCause) -> ControlAnswer {
        defer { source.commandDone() }
        let t = source.commandTime() ?? clock()
        switch command {
        case .blank:
            let changed = pipeline.blank(cause: cause, at: t)
            return .ok(members: "\"changed\":\(changed),\"idle\":true")
        case .wake:
            let changed = pipeline.wake(cause: cause, at: t)
            return .ok(members: "\"changed\":\(changed),\"idle\":false")
        case .lock(let seconds):
            pipeline.lockTouches(seconds: seconds, cause: cause, at: t)
            return .ok(members: "\"locked\":true")
        case .unlock:
            let changed = pipeline.unlockTouches(cause: cause, at: t)
            return .ok(members: "\"changed\":\(changed),\"locked\":false")
        case .reload:
            return reloadByCommand()
        case .state:
            return .ok(members: stateMembers(at: t))
        case .brightness(let value, let display):
            return setBrightness(value, display: display)
        }
    }

    /// A client reloads at most once a second, and not while a finger is down (`quietWait`
    /// seconds at most): reading the scene cancels every touch in flight, so a flood of
    /// reloads must not turn into cancelled taps.
    static let reloadInterval = 1.0, quietWait = 2.0

    /// A client's reload: done at once when the last was `reloadInterval` ago or more and no
    /// finger is down; else once, when both hold, for every reload asked meanwhile (answered
    /// `pending`; its outcome is its `scene` line, or the journal's error).
    func reloadByCommand() -> ControlAnswer {
        let now = monotonicSeconds()
        if !reloadPending, now - lastReload >= Self.reloadInterval, pipeline.active.isEmpty {
            lastReload = now
            if let problem = reload() { return .failed(problem) }
            return .done
        }
        if !reloadPending {
            if reloadTimer == nil, let loop {
                reloadTimer = try? loop.timer { [unowned self] in pendingReloadDue() }
            }
            guard let reloadTimer else {
                lastReload = now
                return reload().map { .failed($0) } ?? .done
            }
            reloadPending = true
            reloadTimer.arm(max(now, lastReload + Self.reloadInterval))
        }
        return .ok(members: "\"pending\":true")
    }

    /// The pending reload is due: done now, unless a finger is down; then as the last one
    /// lifts (the timer armed for the next wake: never inside a frame), or at `quietWait`.
    private func pendingReloadDue() {
        let now = monotonicSeconds()
        let since = reloadDueSince ?? now
        if !pipeline.active.isEmpty, now - since < Self.quietWait {
            if reloadDueSince == nil {
                reloadDueSince = now
                reloadTimer?.arm(now + Self.quietWait)
            }
            pipeline.whenAllLifted = { [unowned self] in reloadTimer?.arm(monotonicSeconds()) }
            return
        }
        pipeline.whenAllLifted = nil
        reloadDueSince = nil
        reloadPending = false
        lastReload = now
        reload()
        source.commandDone()
    }

    /// The kiosk's state as an answer's members: idle, locked (and for how long), the panels
    /// and their displays (each lit or not, and its backlight's level).
    func stateMembers(at t: Double) -> String {
        var b = TextBuffer(capacity: 512)
        b.append("\"idle\":")
        b.append(pipeline.isIdle ? "true" : "false")
        b.append(",\"locked\":")
        switch pipeline.lockedUntil {
        case nil: b.append("false")
        case .some(nil): b.append("true")
        case .some(let until?):
            b.append("true,\"lockSeconds\":")
            b.append(compact: max(0, until - t), maxDecimals: 3)
        }
        b.append(",\"scene\":")
        if let sceneFile { b.append(jsonString: sceneFile) } else { b.append("null") }
        b.append(",\"panels\":[")
        for (i, p) in pipeline.panels.enumerated() {
            if i > 0 { b.append(",") }
            b.append("{\"device\":")
            b.append(jsonString: p.node)
            b.append(",\"display\":")
            if let o = p.placement.output { b.append(jsonString: o) } else { b.append("null") }
            if let o = p.placement.output, let power = displayPower {
                b.append(",\"displayOn\":")
                b.append(power.isOff(o) ? "false" : "true")
                b.append(",\"brightness\":")
                if let level = power.connector(o)?.backlight?.level() {
                    b.append(compact: level, maxDecimals: 3)
                } else {
                    b.append("null")
                }
            }
            b.append("}")
        }
        b.append("]")
        return b.string
    }

    /// Sets the backlight of `display`, or of every panel's display that has one.
    func setBrightness(_ value: Double, display: String?) -> ControlAnswer {
        guard let power = displayPower else { return .failed("a recording's panels have no display") }
        let names = display.map { [$0] } ?? Array(Set(pipeline.panels.compactMap(\.placement.output))).sorted()
        guard !names.isEmpty else {
            return .failed("no panel is matched to a display (run --output, or docs/displays.md)")
        }
        var set: [String] = []
        for name in names {
            guard let backlight = power.connector(name)?.backlight else {
                if display != nil || names.count == 1 { return .failed(power.noBacklight(name)) }
                continue
            }
            if let failure = backlight.set(level: value) { return .failed(failure.0) }
            set.append(name)
        }
        guard !set.isEmpty else {
            return .failed(
                "none of the panels' displays (\(names.joined(separator: ", "))) has a backlight the kernel controls")
        }
        warn("brightness \(value) on \(set.joined(separator: ", "))", .info)
        return .ok(members: "\"brightness\":\(value),\"displays\":[\(set.map { "\"\($0)\"" }.joined(separator: ","))]")
    }
}
