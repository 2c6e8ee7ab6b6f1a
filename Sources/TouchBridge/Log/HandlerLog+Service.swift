import InputEvents

/// The log's lines about the service itself rather than a responder: the scene reloaded, and
/// the programs the scene's `commands` start.
extension HandlerLog {
    /// SIGHUP put a new scene in service.
    public func sceneReloaded(file: String, windows: [String], time: Double) {
        emit(.scene) { b, format in
            switch format {
            case .json:
                b.append("{\"t\":"); b.append(fixed: time, decimals: 6)
                b.append(",\"event\":\"sceneReloaded\",\"scene\":"); b.append(jsonString: file)
                b.append(",\"windows\":["); appendJSONList(windows, to: &b); b.append("]}\n")
            case .text:
                b.append(fixed: time, decimals: 6); b.append(" sceneReloaded "); b.append(string: file)
                b.append(" windows "); b.append(string: windows.joined(separator: ",")); b.append("\n")
            }
        }
    }

    /// A scene command started for `action`.
    public func commandStarted(action: String, pid: Int32, run: [String], time: Double) {
        emit(.command) { b, format in
            switch format {
            case .json:
                b.append("{\"t\":"); b.append(fixed: time, decimals: 6)
                b.append(",\"event\":\"commandStarted\",\"action\":"); b.append(jsonString: action)
                b.append(",\"pid\":"); b.append(decimal: pid)
                b.append(",\"run\":["); appendJSONList(run, to: &b); b.append("]}\n")
            case .text:
                b.append(fixed: time, decimals: 6); b.append(" commandStarted "); b.append(string: action)
                b.append(" pid "); b.append(decimal: pid); b.append(" "); b.append(string: run.joined(separator: " ")); b.append("\n")
            }
        }
    }

    /// A scene command ended: its exit status, or the signal that ended it (and whether that
    /// was its timeout), after `duration` seconds.
    public func commandExited(action: String, pid: Int32, status: Int32?, signal: String?, timedOut: Bool,
                              duration: Double, time: Double) {
        emit(.command) { b, format in
            switch format {
            case .json:
                b.append("{\"t\":"); b.append(fixed: time, decimals: 6)
                b.append(",\"event\":\"commandExited\",\"action\":"); b.append(jsonString: action)
                b.append(",\"pid\":"); b.append(decimal: pid)
                b.append(",\"status\":")
                if let status { b.append(decimal: status) } else { b.append("null") }
                b.append(",\"signal\":")
                if let signal { b.append(jsonString: signal) } else { b.append("null") }
                b.append(",\"timedOut\":"); b.append(timedOut ? "true" : "false")
                b.append(",\"duration\":"); b.append(fixed: duration, decimals: 6); b.append("}\n")
            case .text:
                b.append(fixed: time, decimals: 6); b.append(" commandExited "); b.append(string: action)
                b.append(" pid "); b.append(decimal: pid)
                if let status { b.append(" status "); b.append(decimal: status) }
                if let signal { b.append(" signal "); b.append(string: signal) }
                if timedOut { b.append(" timed out") }
                b.append(" after "); b.append(fixed: duration, decimals: 3); b.append(" s\n")
            }
        }
    }

    /// A scene command was not started: `running` instances of it run already (its concurrency).
    public func commandSkipped(action: String, running: Int, time: Double) {
        emit(.command) { b, format in
            switch format {
            case .json:
                b.append("{\"t\":"); b.append(fixed: time, decimals: 6)
                b.append(",\"event\":\"commandSkipped\",\"action\":"); b.append(jsonString: action)
                b.append(",\"running\":"); b.append(decimal: running); b.append("}\n")
            case .text:
                b.append(fixed: time, decimals: 6); b.append(" commandSkipped "); b.append(string: action)
                b.append(" running "); b.append(decimal: running); b.append("\n")
            }
        }
    }

    private func appendJSONList(_ items: [String], to b: inout TextBuffer) {
        for (i, s) in items.enumerated() {
            if i > 0 { b.append(",") }
            b.append(jsonString: s)
        }
    }
}
