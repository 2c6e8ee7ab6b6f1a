/// `run`'s arguments read by hand, for the daemon's start: the argument parser finds options
/// by reflecting over the command's properties, which costs more instructions than the rest
/// of start-up together, and linking it (with FoundationEssentials) triples the daemon's
/// memory (BENCHMARKS.md, "The daemon's start"). Only a plain, valid command line is taken
/// here; anything else — help, completions, a mistake, a value that looks like an option —
/// returns nil and goes to the command-line interface, which answers as it always does.
/// A test holds the two to the same options and the same values.
public enum RunArguments {
    /// The values of `touchbridge run ARGUMENTS`, or nil for the argument parser to read.
    public static func parse(_ arguments: [String]) -> RunInvocation? {
        var r = RunInvocation()
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            i += 1
            guard a.hasPrefix("--") else {
                if a.hasPrefix("-") { return nil }  // short options, "-": the parser's to judge
                r.sources.append(a)
                continue
            }
            var name = Substring(a.dropFirst(2))
            var inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = name[..<eq]
            }
            if flag(String(name), &r) {
                guard inline == nil else { return nil }
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard i < arguments.count, !arguments[i].hasPrefix("-") else { return nil }
                value = arguments[i]
                i += 1
            }
            guard option(String(name), value, &r) else { return nil }
        }
        return r
    }

    /// An argument only the whole interface answers: help, completions, the version.
    public static func asksTheInterface(_ a: String) -> Bool {
        a == "-h" || a == "--help" || a == "help" || a == "--version" || a.hasPrefix("--generate-completion")
            || a.hasPrefix("--experimental")
    }

    /// Every long name `run` takes, flags and options.
    public static var names: Set<String> { Set(flagNames + optionNames) }

    static let flagNames = [
        "json", "keys", "grab", "virtual-touchscreen", "virtual-pointer", "adopt-initial-touches", "realtime",
        "no-pen-arbitration",
    ]
    static let optionNames = [
        "scene", "screen", "rotate", "calibration", "output", "pointer-scroll", "forward-contacts", "ghost-after",
        "panel", "panel-device", "hysteresis", "mask", "metrics-file", "socket", "socket-stall-limit", "socket-events",
        "log-events",
        "log-level", "device",
    ]

    // Switches, not tables: a dictionary of closures cost the daemon's start a run-time type
    // lookup (BENCHMARKS.md, "The daemon's start").

    /// Sets flag `name`; false when `run` has no such flag.
    private static func flag(_ name: String, _ r: inout RunInvocation) -> Bool {
        switch name {
        case "json": r.json = true
        case "keys": r.keys = true
        case "grab": r.grab = true
        case "virtual-touchscreen": r.virtualTouchscreen = true
        case "virtual-pointer": r.virtualPointer = true
        case "adopt-initial-touches": r.adoptInitialTouches = true
        case "no-pen-arbitration": r.penArbitration = false
        case "realtime": r.realtime = true
        default: return false
        }
        return true
    }

    /// Takes option `name`'s value; false when `run` has no such option or the value is not
    /// what it takes.
    private static func option(_ name: String, _ v: String, _ r: inout RunInvocation) -> Bool {
        switch name {
        case "scene": r.scene = v
        case "screen": r.screen = v
        case "rotate":
            guard let n = Int(v) else { return false }
            r.rotate = n
        case "calibration": r.calibration = v
        case "output": r.output = v
        case "pointer-scroll": r.pointerScroll = v
        case "forward-contacts":
            guard let n = Int(v) else { return false }
            r.forwardContacts = n
        case "ghost-after":
            guard let s = Double(v) else { return false }
            r.ghostAfter = s
        case "panel": r.panels.append(v)
        case "panel-device": r.panelDevices.append(v)
        case "hysteresis": r.hysteresis.append(v)
        case "mask": r.masks.append(v)
        case "metrics-file": r.metricsFile = v
        case "socket": r.socket = v
        case "socket-stall-limit":
            guard let s = Double(v) else { return false }
            r.socketStallLimit = s
        case "socket-events": r.socketEvents = v
        case "log-events": r.logEvents = v
        case "log-level": r.logLevel = v
        case "device":
            guard let n = Int(v) else { return false }
            r.device = n
        default: return false
        }
        return true
    }
}
