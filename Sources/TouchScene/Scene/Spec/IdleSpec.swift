import StrictJSON

/// The scene's `idle`: after `after` seconds with no contact on any panel the kiosk is idle
/// and `run` starts (blank the screen); the first contact wakes it, starts `wake`, and
/// reaches nothing (waking never clicks). Both programs run as the scene's `commands` do.
public struct SceneIdle: Sendable, Equatable {
    /// Seconds without a contact before the kiosk is idle.
    public var after: Double
    /// Started when the kiosk goes idle (its action name is `idle`).
    public var run: SceneCommand?
    /// Started when a contact wakes it (its action name is `wake`).
    public var wake: SceneCommand?
    /// `"display": "off"`: the daemon itself turns the panels' displays off through their
    /// backlight when the kiosk goes idle, and on when it wakes.
    public var displayOff = false

    /// An idle after `after` seconds, with its programs, turning the backlight off or not.
    public init(after: Double, run: SceneCommand? = nil, wake: SceneCommand? = nil, displayOff: Bool = false) {
        self.after = after
        self.run = run
        self.wake = wake
        self.displayOff = displayOff
    }
}

/// `"idle": {"after": s, "run": [...], "wake": [...], "timeout": s, "display": "off"}`.
struct IdleSpec: Decodable, Sendable {
    var idle: SceneIdle

    enum CodingKeys: String, CodingKey, CaseIterable { case after, run, wake, timeout, display }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let after = try c.decodeDuration(.after)
        let timeout = try c.decodeDuration(.timeout, fallback: SceneCommand.defaultTimeout)
        func command(_ key: CodingKeys) throws -> SceneCommand? {
            guard let run = try c.decodeIfPresent([String].self, forKey: key) else { return nil }
            guard let program = run.first else {
                throw c.failure(
                    key, "expected the program and its arguments, e.g. [\"/usr/bin/wlopm\", \"--off\", \"*\"]")
            }
            guard program.hasPrefix("/") else {
                throw c.failure(
                    key,
                    "expected an absolute path to the program, not '\(program)' (commands run without a shell or PATH)")
            }
            return SceneCommand(
                action: key.stringValue == "run" ? "idle" : "wake", run: run, timeout: timeout, concurrency: 1)
        }
        var displayOff = false
        if let display = try c.decodeIfPresent(String.self, forKey: .display) {
            guard display == "off" || display == "on" else {
                throw c.failure(
                    .display, "expected \"off\" (the backlight turned off while idle) or \"on\", not '\(display)'")
            }
            displayOff = display == "off"
        }
        idle = SceneIdle(after: after, run: try command(.run), wake: try command(.wake), displayOff: displayOff)
    }
}
