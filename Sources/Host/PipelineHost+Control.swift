import ControlProtocol
import Evdev
import EventSocket
import Glibc
import Output
import Pipeline
import Runtime
import TextBuffers
import TouchScene

/// Commands from event-socket clients (`{"command":"lock"}`): the kiosk blanked, woken,
/// locked, unlocked, its scene reloaded, its state told and its backlight set, each as the
/// log records it, with the client named as its cause.
extension PipelineHost {
    private typealias Key = SocketProtocol.Key

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
    package func perform(_ command: ControlCommand, cause: KioskCause) -> ControlAnswer {
        defer { source.commandDone() }
        let t = source.commandTime() ?? clock()
        switch command {
        case .blank:
            let changed = pipeline.blank(cause: cause, at: t)
            return .ok { o in
                o.bool(Key.changed, changed)
                o.bool(Key.idle, true)
            }
        case .wake:
            let changed = pipeline.wake(cause: cause, at: t)
            return .ok { o in
                o.bool(Key.changed, changed)
                o.bool(Key.idle, false)
            }
        case .lock(let seconds):
            pipeline.lockTouches(seconds: seconds, cause: cause, at: t)
            return .ok { o in o.bool(Key.locked, true) }
        case .unlock:
            let changed = pipeline.unlockTouches(cause: cause, at: t)
            return .ok { o in
                o.bool(Key.changed, changed)
                o.bool(Key.locked, false)
            }
        case .reload:
            return reloadByCommand()
        case .state:
            return .ok { o in writeState(at: t, into: &o) }
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
        if !reloads.pending, now - reloads.last >= Self.reloadInterval, pipeline.active.isEmpty {
            reloads.last = now
            if let problem = reload() { return .failed(problem) }
            return .done
        }
        if !reloads.pending {
            if reloads.timer == nil, let loop {
                reloads.timer = try? loop.timer { [unowned self] in pendingReloadDue() }
            }
            guard let timer = reloads.timer else {
                reloads.last = now
                return reload().map { .failed($0) } ?? .done
            }
            reloads.pending = true
            timer.arm(max(now, reloads.last + Self.reloadInterval))
        }
        return .ok { o in o.bool(Key.pending, true) }
    }

    /// The pending reload is due: done now, unless a finger is down; then as the last one
    /// lifts (the timer armed for the next wake: never inside a frame), or at `quietWait`.
    private func pendingReloadDue() {
        let now = monotonicSeconds()
        let since = reloads.dueSince ?? now
        if !pipeline.active.isEmpty, now - since < Self.quietWait {
            if reloads.dueSince == nil {
                reloads.dueSince = now
                reloads.timer?.arm(now + Self.quietWait)
            }
            reloads.waitsForLift = true
            return
        }
        reloads.waitsForLift = false
        reloads.dueSince = nil
        reloads.pending = false
        reloads.last = now
        reload()
        source.commandDone()
    }

    /// The kiosk's state as an answer's members: idle, locked (and for how long), the panels
    /// and their displays (each lit or not, and its backlight's level).
    func writeState(at t: Double, into o: inout JSONWriter) {
        o.bool(Key.idle, pipeline.isIdle)
        switch pipeline.lockedUntil {
        case nil: o.bool(Key.locked, false)
        case .some(nil): o.bool(Key.locked, true)
        case .some(let until?):
            o.bool(Key.locked, true)
            o.number(Key.lockSeconds, max(0, until - t), maxDecimals: 3)
        }
        o.string(Key.scene, sceneFile)
        o.array(Key.panels) { list in
            for p in pipeline.panels {
                list.object { panel in
                    panel.string(Key.device, p.node)
                    panel.string(Key.display, p.placement.output)
                    if let output = p.placement.output, let displays {
                        panel.bool(Key.displayOn, !displays.isOff(output))
                        panel.number(Key.brightness, displays.brightness(of: output), maxDecimals: 3)
                    }
                }
            }
        }
    }

    /// Sets the backlight of `display`, or of every panel's display that has one.
    func setBrightness(_ value: Double, display: String?) -> ControlAnswer {
        guard let displays else { return .failed("a recording's panels have no display") }
        let names = display.map { [$0] } ?? Array(Set(pipeline.panels.compactMap(\.placement.output))).sorted()
        guard !names.isEmpty else {
            return .failed("no panel is matched to a display (run --output, or docs/displays.md)")
        }
        var set: [String] = []
        for name in names {
            switch displays.setBrightness(value, of: name) {
            case nil: set.append(name)
            case .noBacklight(let why): if display != nil || names.count == 1 { return .failed(why) }
            case .failed(let why): return .failed(why)
            }
        }
        guard !set.isEmpty else {
            return .failed(
                "none of the panels' displays (\(names.joined(separator: ", "))) has a backlight the kernel controls")
        }
        warn("brightness \(value) on \(set.joined(separator: ", "))", .info)
        return .ok { o in
            o.number(Key.brightness, value, maxDecimals: 9)
            o.strings(Key.displays, set)
        }
    }
}
