/// The bridge's topics for one kiosk: its state under `base` (`touchbridge/ID/idle`…), the
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
    public func command(_ name: String) -> String { base + "/command/" + name }
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

/// A command that came in on a topic, as the line the bridge sends the daemon; nil for a topic
/// or payload that names none (the error says why).
public enum BridgeCommand {
    public static func line(topic: String, payload: [UInt8], topics: BridgeTopics, lockSeconds: Double) -> Result<
        String, BridgeError
    > {
        let text = String(decoding: payload.prefix(256), as: UTF8.self).trimmingCharacters(in: " \t\r\n")
        if topic == topics.brightnessSet {
            guard let percent = Double(text), percent.isFinite, percent >= 0, percent <= 100 else {
                return .failure(BridgeError("\(topic): expected a brightness from 0 to 100, not '\(text)'"))
            }
            return .success("{\"command\":\"brightness\",\"value\":\(percent / 100)}\n")
        }
        guard topic.hasPrefix(topics.base + "/command/") else {
            return .failure(BridgeError("\(topic): not one of this kiosk's command topics"))
        }
        let name = topic.dropFirst(topics.base.count + 9)
        switch name {
        case "blank", "wake", "unlock", "reload":
            return .success("{\"command\":\"\(name)\"}\n")
        case "lock":
            // The button sends PRESS; a number is the lock's seconds.
            var seconds = lockSeconds
            if let n = Double(text) {
                guard n > 0, n <= 86_400 else {
                    return .failure(BridgeError("\(topic): a lock lasts from 0 to 86400 seconds, not \(text)"))
                }
                seconds = n
            }
            return .success("{\"command\":\"lock\",\"seconds\":\(seconds)}\n")
        default:
            return .failure(BridgeError("\(topic): no command '\(name)' (blank, wake, lock, unlock, reload)"))
        }
    }
}
