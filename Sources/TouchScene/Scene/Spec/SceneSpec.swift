import StrictJSON
import TouchInput

/// What a scene file holds: optionally the screen size it is laid out for and the app
/// delegate, then the windows (at least one).
struct SceneSpec: Decodable, Sendable {
    var screen: SizeSpec?
    var appDelegate: ResponderSpec?
    var windows: [WindowSpec]
    /// The responder that starts with first-responder status (motion, remote-control and
    /// press events go to it first).
    var firstResponder: String?
    /// Programs started when actions are sent, in file order.
    var commands: [SceneCommand] = []
    /// Idle and wake: what runs when nothing touches for a while, and when a touch wakes it.
    var idle: SceneIdle?
    /// The noise rules of the panels that name none of their own.
    var noiseFilters: NoiseChoice?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case screen, appDelegate, windows, firstResponder, commands, idle, noiseFilters
    }

    init(screen: SizeSpec?, appDelegate: ResponderSpec?, windows: [WindowSpec]) {
        self.screen = screen
        self.appDelegate = appDelegate
        self.windows = windows
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        screen = try c.decodeIfPresent(SizeSpec.self, forKey: .screen)
        appDelegate = try c.decodeIfPresent(ResponderSpec.self, forKey: .appDelegate)
        windows = try c.decode([WindowSpec].self, forKey: .windows)
        firstResponder = try c.decodeIfPresent(String.self, forKey: .firstResponder)
        commands = try c.decodeIfPresent(CommandsSpec.self, forKey: .commands)?.commands ?? []
        idle = try c.decodeIfPresent(IdleSpec.self, forKey: .idle)?.idle
        noiseFilters = try c.decodeIfPresent(NoiseFiltersSpec.self, forKey: .noiseFilters)?.choice
        guard !windows.isEmpty else { throw c.failure(.windows, "expected at least one window") }
    }
}
