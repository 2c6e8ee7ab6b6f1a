/// MQTT's topic vocabulary for one kiosk: its state under `base` (`touchbridge/ID/idle`…), the
/// commands it takes under `base/command/…`, and Home Assistant's discovery configs under
/// `discoveryPrefix` (`homeassistant/button/ID/blank/config`).
public struct BridgeTopics: Sendable, Equatable {
    /// The kiosk's id: letters, digits, `_` and `-` (Home Assistant's object ids).
    public let id: String
    public let base: String
    public let discoveryPrefix: String

    public init(id: String, base: String? = nil, discoveryPrefix: String = "homeassistant") {
        self.id = id
        self.base = base ?? "touchbridge/\(id)"
        self.discoveryPrefix = discoveryPrefix
    }

    /// `online` while the bridge is connected and the daemon answers; the broker publishes
    /// `offline` (the bridge's last will) when the bridge is gone.
    public var availability: String { base + "/availability" }
    public var idle: String { base + "/idle" }
    public var locked: String { base + "/locked" }
    public var lastAction: String { base + "/last_action" }
    public var panels: String { base + "/panels" }
    public var brightness: String { base + "/brightness" }
    public var brightnessSet: String { base + "/brightness/set" }
    /// Where a command is sent: `base/command/blank`.
    package func command(_ name: ControlCommand.Name) -> String { base + "/command/" + name.rawValue }
    /// The commands a topic of their own takes (brightness has `brightnessSet`, state none).
    package static let commandNames: [ControlCommand.Name] = [.blank, .wake, .lock, .unlock, .reload]

    /// The command `topic` names, nil for a topic that is not one of this kiosk's command topics.
    package func commandName(of topic: String) -> ControlCommand.Name? {
        guard topic.hasPrefix(base + "/command/") else { return nil }
        return ControlCommand.Name(rawValue: String(topic.dropFirst(base.count + 9)))
            .flatMap { Self.commandNames.contains($0) ? $0 : nil }
    }
    /// Every command topic, subscribed with one filter.
    public var commands: String { base + "/command/+" }

    /// A discovery config's topic.
    public func config(_ component: String, _ object: String) -> String {
        "\(discoveryPrefix)/\(component)/\(id)/\(object)/config"
    }

    /// An id made of `text`'s letters and digits, others turned into `_` (a hostname's dots).
    public static func sanitizedID(_ text: String) -> String {
        let mapped = text.unicodeScalars.map { s -> Character in
            s.properties.isASCIIHexDigit || (s.value >= 65 && s.value <= 90) || (s.value >= 97 && s.value <= 122)
                || s == "_" || s == "-" ? Character(s) : "_"
        }
        return mapped.isEmpty ? "kiosk" : String(mapped.prefix(64))
    }
}
