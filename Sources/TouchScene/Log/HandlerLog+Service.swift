import InputEvents

/// The log's lines about the service itself rather than a responder: the scene reloaded, and
/// the programs the scene's `commands` start.
extension HandlerLog {
    /// SIGHUP put a new scene in service.
    public func sceneReloaded(file: String, windows: [String], time: Double) {
        serviceLine(.scene, "sceneReloaded", time) { b, json in
            if json {
                b.append(",\"scene\":")
                b.append(jsonString: file)
                b.append(",\"windows\":[")
                appendJSONList(windows, to: &b)
                b.append("]")
            } else {
                b.append(" ")
                b.append(string: file)
                b.append(" windows ")
                b.append(string: windows.joined(separator: ","))
            }
        }
    }

    /// A scene command started for `action`.
    public func commandStarted(action: String, pid: Int32, run: [String], time: Double) {
        serviceLine(.command, "commandStarted", time, action: action) { b, json in
            b.append(json ? ",\"pid\":" : " pid ")
            b.append(decimal: pid)
            if json {
                b.append(",\"run\":[")
                appendJSONList(run, to: &b)
                b.append("]")
            } else {
                b.append(" ")
                b.append(string: run.joined(separator: " "))
            }
        }
    }

    /// A scene command ended: its exit status, or the signal that ended it (and whether that
    /// was its timeout), after `duration` seconds.
    public func commandExited(
        action: String, pid: Int32, status: Int32?, signal: String?, timedOut: Bool,
        duration: Double, time: Double
    ) {
        serviceLine(.command, "commandExited", time, action: action) { b, json in
            b.append(json ? ",\"pid\":" : " pid ")
            b.append(decimal: pid)
            if json {
                b.append(",\"status\":")
                if let status { b.append(decimal: status) } else { b.append("null") }
                b.append(",\"signal\":")
                if let signal { b.append(jsonString: signal) } else { b.append("null") }
                b.append(",\"timedOut\":")
                b.append(timedOut ? "true" : "false")
                b.append(",\"duration\":")
                b.append(fixed: duration, decimals: 6)
            } else {
                if let status {
                    b.append(" status ")
                    b.append(decimal: status)
                }
                if let signal {
                    b.append(" signal ")
                    b.append(string: signal)
                }
                if timedOut { b.append(" timed out") }
                b.append(" after ")
                b.append(fixed: duration, decimals: 3)
                b.append(" s")
            }
        }
    }

    /// A scene command was not started: `running` instances of it run already (its concurrency).
    public func commandSkipped(action: String, running: Int, time: Double) {
        serviceLine(.command, "commandSkipped", time, action: action) { b, json in
            b.append(json ? ",\"running\":" : " running ")
            b.append(decimal: running)
        }
    }

    /// `{"t":…,"event":EVENT[,"action":A]…}` or `T EVENT [A]…`, the rest from `body`.
    func serviceLine(
        _ kind: Kind, _ event: StaticString, _ time: Double, action: String? = nil,
        _ body: (inout TextBuffer, Bool) -> Void
    ) {
        emit(kind) { b, format in
            let json = format == .json
            if json {
                b.append("{\"t\":")
                b.append(fixed: time, decimals: 6)
                b.append(",\"event\":\"")
                b.append(event)
                b.append("\"")
                if let action {
                    b.append(",\"action\":")
                    b.append(jsonString: action)
                }
            } else {
                b.append(fixed: time, decimals: 6)
                b.append(" ")
                b.append(event)
                if let action {
                    b.append(" ")
                    b.append(string: action)
                }
            }
            body(&b, json)
            b.append(json ? "}\n" : "\n")
        }
    }

    private func appendJSONList(_ items: [String], to b: inout TextBuffer) {
        for (i, s) in items.enumerated() {
            if i > 0 { b.append(",") }
            b.append(jsonString: s)
        }
    }
}
