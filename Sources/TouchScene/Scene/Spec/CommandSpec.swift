import StrictJSON

/// A program the daemon starts when the scene sends an action: the scene's top-level
/// `commands` maps action names to these.
public struct SceneCommand: Sendable, Equatable {
    /// The action that starts it.
    public var action: String
    /// The program (an absolute path) and its arguments; no shell.
    public var run: [String]
    /// Seconds before SIGTERM (then SIGKILL after `killGrace`).
    public var timeout: Double
    /// How many instances may run at once; a trigger beyond is logged as `commandSkipped`.
    public var concurrency: Int

    /// A command's time limit when the scene gives none (seconds).
    public static let defaultTimeout = 30.0
    /// Seconds between SIGTERM at the timeout and SIGKILL.
    public static let killGrace = 2.0
}

/// `commands`: action name → `{"run": [...], "timeout": s, "concurrency": n}`.
struct CommandsSpec: Decodable, Sendable {
    var commands: [SceneCommand]

    private enum Member: String, CodingKey, CaseIterable { case run, timeout, concurrency }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: PathKey.self)
        commands = []
        for key in c.allKeys {
            guard !key.stringValue.isEmpty else { throw c.failure(key, "expected an action name as the key") }
            let m = try c.nestedContainer(keyedBy: Member.self, forKey: key)
            let run = try m.decode([String].self, forKey: .run)
            guard let program = run.first else {
                throw m.failure(
                    .run, "expected the program and its arguments, e.g. [\"/usr/local/bin/vend\", \"coffee\"]")
            }
            guard program.hasPrefix("/") else {
                throw m.failure(
                    .run,
                    "expected an absolute path to the program, not '\(program)' (commands run without a shell or PATH)")
            }
            let timeout = try m.decodeDuration(.timeout, fallback: SceneCommand.defaultTimeout)
            let concurrency = try m.decodeIfPresent(Int.self, forKey: .concurrency) ?? 1
            guard concurrency >= 1 else { throw m.failure(.concurrency, "expected at least 1") }
            commands.append(SceneCommand(action: key.stringValue, run: run, timeout: timeout, concurrency: concurrency))
        }
    }
}
