/// `run`'s command line read against `RunOption.all`, by the daemon's program and the command
/// line alike. Not through the argument parser: it finds options by reflecting over a
/// command's properties, which costs more instructions than the rest of start-up together,
/// and linking it (with FoundationEssentials) triples the daemon's memory (BENCHMARKS.md,
/// "The daemon's start").
public enum RunArguments {
    /// The invocation `touchbridge run ARGUMENTS` asks for, or what is wrong with it.
    public static func read(_ arguments: [String]) throws(UsageError) -> RunInvocation {
        var r = RunInvocation()
        var i = 0
        var onlySources = false
        while i < arguments.count {
            let a = arguments[i]
            i += 1
            if onlySources || !a.hasPrefix("-") || a == "-" {
                r.sources.append(a)
                continue
            }
            if a == "--" {
                onlySources = true
                continue
            }
            guard a.hasPrefix("--") else { throw UsageError("Unknown option '\(a)' (run has long options only)") }
            var name = a.dropFirst(2)
            var inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = name[..<eq]
            }
            guard let option = RunOption.named(name) else {
                throw UsageError("Unknown option '--\(name)' (touchbridge run --help lists them)")
            }
            guard let valueName = option.valueName else {
                if inline != nil { throw UsageError("--\(name) takes no value") }
                try option.take(&r, "")
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                // A value may begin with a dash (a matrix "-1 0 1 0 1 0"), never with two.
                guard i < arguments.count, !arguments[i].hasPrefix("--") else {
                    throw UsageError("--\(name) needs a value (\(valueName))")
                }
                value = arguments[i]
                i += 1
            }
            try option.take(&r, value)
        }
        return r
    }

    /// The invocation, or nil when the line is not one `run` takes (the command line then
    /// says why, as it says every mistake).
    public static func parse(_ arguments: [String]) -> RunInvocation? {
        try? read(arguments)
    }

    /// The event socket a running daemon serves, read from its whole command line (as
    /// `/proc/PID/cmdline` gives it: the program, `run`, then the options) with `run`'s own
    /// reading, so `--socket PATH` and `--socket=PATH` are the same; nil when it serves none.
    public static func socketPath(ofCommandLine argv: [String]) -> String? {
        guard argv.count >= 2, argv[1] == "run" else { return nil }
        return parse(Array(argv.dropFirst(2)))?.options.socketPath
    }

    /// An argument only the whole interface answers: help, completions, the version.
    public static func asksTheInterface(_ a: String) -> Bool {
        a == "-h" || a == "--help" || a == "help" || a == "--version" || a.hasPrefix("--generate-completion")
            || a.hasPrefix("--experimental")
    }

    /// Every long name `run` takes, flags and options.
    public static var names: Set<String> { Set(RunOption.all.map(\.name)) }
}
