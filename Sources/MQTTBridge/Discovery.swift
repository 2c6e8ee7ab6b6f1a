/// Home Assistant's MQTT discovery for one kiosk: each entity's retained config, all of them on
/// one device whose availability follows the bridge's last will. Home Assistant then shows
/// the buttons, sensors and the brightness number without any YAML.
public struct Discovery: Sendable {
    public let topics: BridgeTopics
    /// The device's name in Home Assistant (the kiosk's hostname by default).
    public let name: String
    /// touchbridge's version, as the device's software version.
    public let version: String

    public init(topics: BridgeTopics, name: String, version: String) {
        self.topics = topics
        self.name = name
        self.version = version
    }

    /// Every config to publish (retained), as topic and payload; `brightness`: whether a
    /// panel's display has a backlight (without one the number's config is published empty,
    /// which removes the entity); `leaving`: the object ids of entities nothing would feed
    /// (their configs published empty too).
    public func configs(brightness: Bool, leaving: Set<String> = []) -> [(topic: String, payload: String)] {
        let t = topics
        var list: [(String, String)] = [
            (
                t.config("button", "blank"),
                entity(
                    "Blank screen", "blank", icon: "mdi:monitor-off",
                    ["command_topic": t.command("blank"), "payload_press": "PRESS"])
            ),
            (
                t.config("button", "wake"),
                entity(
                    "Wake screen", "wake", icon: "mdi:monitor",
                    ["command_topic": t.command("wake"), "payload_press": "PRESS"])
            ),
            (
                t.config("button", "lock"),
                entity(
                    "Lock touch", "lock", icon: "mdi:hand-back-right-off",
                    ["command_topic": t.command("lock"), "payload_press": "PRESS"])
            ),
            (
                t.config("button", "unlock"),
                entity(
                    "Unlock touch", "unlock", icon: "mdi:gesture-tap",
                    ["command_topic": t.command("unlock"), "payload_press": "PRESS"])
            ),
            (
                t.config("binary_sensor", "idle"),
                entity(
                    "Idle", "idle", icon: "mdi:sleep",
                    ["state_topic": t.idle, "payload_on": "ON", "payload_off": "OFF"])
            ),
            (
                t.config("binary_sensor", "locked"),
                entity(
                    "Touch locked", "locked", icon: "mdi:lock",
                    ["state_topic": t.locked, "payload_on": "ON", "payload_off": "OFF"])
            ),
            (
                t.config("sensor", "last_action"),
                entity("Last action", "last_action", icon: "mdi:gesture-tap-button", ["state_topic": t.lastAction])
            ),
            (
                t.config("sensor", "panels"),
                entity("Touch panels", "panels", icon: "mdi:tablet", ["state_topic": t.panels])
            ),
        ]
        let number = t.config("number", "brightness")
        if brightness {
            list.append(
                (
                    number,
                    entity(
                        "Brightness", "brightness", icon: "mdi:brightness-6",
                        ["command_topic": t.brightnessSet, "state_topic": t.brightness, "unit_of_measurement": "%"],
                        numbers: ["min": 0, "max": 100, "step": 1])
                ))
        } else {
            list.append((number, ""))
        }
        return list.map { c in leaving.contains { c.0.hasSuffix("/\(topics.id)/\($0)/config") } ? (c.0, "") : c }
    }

    /// One entity's config: its name, unique id, availability and device, and `members`.
    func entity(
        _ title: String, _ object: String, icon: String, _ members: [String: String], numbers: [String: Int] = [:]
    ) -> String {
        var json = "{\"name\":\(Self.quoted(title)),\"unique_id\":\(Self.quoted(topics.id + "_" + object))"
        json += ",\"object_id\":\(Self.quoted(topics.id + "_" + object)),\"icon\":\(Self.quoted(icon))"
        json += ",\"availability_topic\":\(Self.quoted(topics.availability))"
        for key in members.keys.sorted() { json += ",\(Self.quoted(key)):\(Self.quoted(members[key] ?? ""))" }
        for key in numbers.keys.sorted() { json += ",\(Self.quoted(key)):\(numbers[key] ?? 0)" }
        json +=
            ",\"device\":{\"identifiers\":[\(Self.quoted("touchbridge_" + topics.id))],\"name\":\(Self.quoted(name))"
        json += ",\"manufacturer\":\"touchbridge\",\"model\":\"touch kiosk\",\"sw_version\":\(Self.quoted(version))}}"
        return json
    }

    /// A JSON string.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
