import Host
import Output
import TouchBridge
import TouchInput
import TouchKit

/// One option of `run`, declared once: its name, value, help and how its value is taken into
/// the daemon's options. The daemon's own reader (`RunArguments`) and the command line's help
/// and completions are all made from `RunOption.all`.
public struct RunOption: Sendable {
    /// The section of `run --help` an option is listed in.
    public enum Group: Int, Sendable, CaseIterable {
        case general, mapping, panels, outputs, diagnostics
    }

    /// The long name, without its dashes.
    public let name: String
    /// What the value is called in the help (`SECONDS`); nil for a flag, which takes none.
    public let valueName: String?
    public let group: Group
    /// One paragraph; the help adds the default where `shownDefault` gives one.
    public let help: String
    /// The default as the help states it, read from the options as they start.
    let shownDefault: (@Sendable (RunInvocation) -> String)?
    /// Takes the value (an empty string for a flag) into the invocation, or says what the
    /// option takes.
    let take: @Sendable (inout RunInvocation, String) throws(UsageError) -> Void

    init(
        _ name: String, value: String? = nil, group: Group = .general, help: String,
        default shownDefault: (@Sendable (RunInvocation) -> String)? = nil,
        take: @escaping @Sendable (inout RunInvocation, String) throws(UsageError) -> Void
    ) {
        self.name = name
        self.valueName = value
        self.group = group
        self.help = help
        self.shownDefault = shownDefault
        self.take = take
    }

    /// The option called `name`, if `run` has one.
    public static func named(_ name: Substring) -> RunOption? {
        all.first { $0.name == name }
    }
}

/// The readers of the values options take, each saying what was expected.
extension RunOption {
    static func integer(_ v: String, _ name: String, from least: Int, _ what: String) throws(UsageError) -> Int {
        guard let n = Int(v), n >= least else { throw UsageError("--\(name) takes \(what) (not '\(v)')") }
        return n
    }

    static func seconds(_ v: String, _ name: String) throws(UsageError) -> Double {
        guard let s = Double(v), SceneDuration.isValid(s, allowingZero: false) else {
            throw UsageError("--\(name) takes \(SceneDuration.expected(allowingZero: false)) (not '\(v)')")
        }
        return s
    }

    static func kinds(_ v: String, _ name: String) throws(UsageError) -> HandlerLog.Kinds {
        switch HandlerLog.Kinds.parse(v) {
        case .success(let k): return k
        case .failure(let e): throw UsageError("--\(name): \(e)")
        }
    }

    static func screen(_ v: String) throws(UsageError) -> Size {
        guard let (w, h) = parseScreen(v) else { throw UsageError(screenUsage(v)) }
        return Size(width: w, height: h)
    }

    static func calibration(_ v: String) throws(UsageError) -> ScreenMapper.Calibration {
        guard let c = ScreenMapper.Calibration(parsing: v) else {
            throw UsageError("--calibration takes six numbers \"a b c d e f\"")
        }
        return c
    }
}

extension RunOption {
    /// The daemon's options that these of `run`'s make, each value read by its own entry of
    /// the table, a mistake said as `run` says it: the tools that place a panel as `run` does
    /// (`touches`, `watch`, `calibrate`…) read their mapping and panel options through it.
    package static func options(_ given: [(name: String, value: String)]) throws(UsageError) -> RunOptions {
        var r = RunInvocation()
        for (name, value) in given {
            guard let option = named(Substring(name)) else { throw UsageError("--\(name) is not an option of run") }
            try option.take(&r, value)
        }
        return r.options
    }
}
