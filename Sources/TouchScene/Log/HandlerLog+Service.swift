import InputEvents
import TextBuffers

/// The log's lines about the service itself rather than a responder: the scene reloaded, and
/// the programs the scene's `commands` start.
extension HandlerLog {
    /// SIGHUP put a new scene in service.
    public func sceneReloaded(file: String, windows: [String], time: Double) {
        serviceLine(.scene, "sceneReloaded", time) { b, f in
            f.string(&b, "scene", file)
            f.list(&b, "windows", windows, separator: ",", text: .labelled("windows"))
        }
    }

    /// A scene command started for `action`.
    public func commandStarted(action: String, pid: Int32, run: [String], time: Double) {
        serviceLine(.command, "commandStarted", time, action: action) { b, f in
            f.integer(&b, "pid", Int64(pid), text: .labelled("pid"))
            f.list(&b, "run", run, separator: " ")
        }
    }

    /// A scene command ended: its exit status, or the signal that ended it (and whether that
    /// was its timeout), after `duration` seconds.
    public func commandExited(
        action: String, pid: Int32, status: Int32?, signal: String?, timedOut: Bool,
        duration: Double, time: Double
    ) {
        serviceLine(.command, "commandExited", time, action: action) { b, f in
            f.integer(&b, "pid", Int64(pid), text: .labelled("pid"))
            f.integer(&b, "status", status.map(Int64.init), text: .labelled("status"))
            f.string(&b, "signal", signal, text: .labelled("signal"))
            f.flag(&b, "timedOut", timedOut, said: "timed out")
            f.number(&b, "duration", duration, decimals: f.json ? 6 : 3, text: .labelled("after"), unit: " s")
        }
    }

    /// A scene command was not started: `running` instances of it run already (its concurrency).
    public func commandSkipped(action: String, running: Int, time: Double) {
        serviceLine(.command, "commandSkipped", time, action: action) { b, f in
            f.integer(&b, "running", Int64(running), text: .labelled("running"))
        }
    }

    /// `{"t":…,"event":EVENT[,"action":A]…}` or `T EVENT [A]…`, the rest from `body`.
    func serviceLine(
        _ kind: Kind, _ event: StaticString, _ time: Double, action: String? = nil,
        _ body: (inout TextBuffer, LineFields) -> Void
    ) {
        emitLine(kind) { b, f in
            f.begin(&b, time: time, event: event)
            if let action { f.string(&b, "action", action) }
            body(&b, f)
            f.end(&b)
        }
    }
}
