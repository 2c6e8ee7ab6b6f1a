/// `run`'s arguments read by hand, for the daemon's start: the argument parser finds options
/// by reflecting over the command's properties, which costs more instructions than the rest
/// of start-up together (BENCHMARKS.md, "The daemon's start"). Only a plain, valid command
/// line is taken here; anything else — help, completions, a mistake, a value that looks like
/// an option — returns nil and goes to the argument parser, which answers as it always does.
/// A test holds the two to the same options and the same values.
enum RunArguments {
    /// The values of `touchbridge run ARGUMENTS`, or nil for the argument parser to read.
    static func parse(_ arguments: [String]) -> RunInvocation? {
        var r = RunInvocation()
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            i += 1
            guard a.hasPrefix("--") else {
                if a.hasPrefix("-") { return nil }          // short options, "-": the parser's to judge
                r.sources.append(a)
                continue
            }
            var name = Substring(a.dropFirst(2)), inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = name[..<eq]
            }
            if let flag = flags[String(name)] {
                guard inline == nil else { return nil }
                flag(&r)
                continue
            }
            guard let take = options[String(name)] else { return nil }
            let value: String
            if let inline {
                value = inline
            } else {
                guard i < arguments.count, !arguments[i].hasPrefix("-") else { return nil }
                value = arguments[i]
                i += 1
            }
            guard take(&r, value) else { return nil }
        }
        return r
    }

    /// Every long name `run` takes, flags and options.
    static var names: Set<String> { Set(flags.keys).union(options.keys) }

    private static let flags: [String: @Sendable (inout RunInvocation) -> Void] = [
        "json": { $0.json = true }, "keys": { $0.keys = true }, "grab": { $0.grab = true },
        "virtual-touchscreen": { $0.virtualTouchscreen = true }, "virtual-pointer": { $0.virtualPointer = true },
        "adopt-initial-touches": { $0.adoptInitialTouches = true }, "realtime": { $0.realtime = true },
    ]

    private static let options: [String: @Sendable (inout RunInvocation, String) -> Bool] = [
        "scene": { $0.scene = $1; return true },
        "screen": { $0.screen = $1; return true },
        "rotate": { r, v in guard let n = Int(v) else { return false }; r.rotate = n; return true },
        "calibration": { $0.calibration = $1; return true },
        "pointer-scroll": { $0.pointerScroll = $1; return true },
        "forward-contacts": { r, v in guard let n = Int(v) else { return false }; r.forwardContacts = n; return true },
        "ghost-after": { r, v in guard let s = Double(v) else { return false }; r.ghostAfter = s; return true },
        "panel": { $0.panels.append($1); return true },
        "hysteresis": { $0.hysteresis.append($1); return true },
        "mask": { $0.masks.append($1); return true },
        "metrics-file": { $0.metricsFile = $1; return true },
        "socket": { $0.socket = $1; return true },
        "socket-stall-limit": { r, v in guard let s = Double(v) else { return false }; r.socketStallLimit = s; return true },
        "log-events": { $0.logEvents = $1; return true },
        "log-level": { $0.logLevel = $1; return true },
        "device": { r, v in guard let n = Int(v) else { return false }; r.device = n; return true },
    ]
}
