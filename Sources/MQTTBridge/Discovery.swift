import ControlProtocol
import TextBuffers

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
        var list = [
            button(.blank, "Blank screen", icon: "mdi:monitor-off"),
            button(.wake, "Wake screen", icon: "mdi:monitor"),
            button(.lock, "Lock touch", icon: "mdi:hand-back-right-off"),
            button(.unlock, "Unlock touch", icon: "mdi:gesture-tap"),
            config(
                "binary_sensor", "idle", "Idle", icon: "mdi:sleep",
                ["state_topic": t.idle, "payload_on": "ON", "payload_off": "OFF"]),
            config(
                "binary_sensor", "locked", "Touch locked", icon: "mdi:lock",
                ["state_topic": t.locked, "payload_on": "ON", "payload_off": "OFF"]),
            config(
                "sensor", "last_action", "Last action", icon: "mdi:gesture-tap-button", ["state_topic": t.lastAction]),
            config("sensor", "panels", "Touch panels", icon: "mdi:tablet", ["state_topic": t.panels]),
        ]
        let number = config(
            "number", "brightness", "Brightness", icon: "mdi:brightness-6",
            ["command_topic": t.brightnessSet, "state_topic": t.brightness, "unit_of_measurement": "%"],
            numbers: ["min": 0, "max": 100, "step": 1])
        list.append(brightness ? number : (number.topic, ""))
        return list.map { c in leaving.contains { c.0.hasSuffix("/\(topics.id)/\($0)/config") } ? (c.0, "") : c }
    }

    /// A command's button, pressed with `PRESS` on its command topic.
    func button(_ command: ControlCommand.Name, _ title: String, icon: String) -> (topic: String, payload: String) {
        config(
            "button", command.rawValue, title, icon: icon,
            ["command_topic": topics.command(command), "payload_press": "PRESS"])
    }

    /// One entity's retained config on its topic: its name, unique id, the entity id Home
    /// Assistant gives it at first (`default_entity_id`, which replaced the deprecated
    /// `object_id`), availability and device, and `members`.
    func config(
        _ component: String, _ object: String, _ title: String, icon: String, _ members: [String: String],
        numbers: [String: Int] = [:]
    ) -> (topic: String, payload: String) {
        let id = topics.id + "_" + object
        var w = JSONWriter(capacity: 512)
        w.object { w in
            w.string("name", title)
            w.string("unique_id", id)
            w.string("default_entity_id", component + "." + Self.entitySlug(id))
            w.string("icon", icon)
            w.string("availability_topic", topics.availability)
            for key in members.keys.sorted() { w.string(key, members[key]) }
            for key in numbers.keys.sorted() { w.integer(key, numbers[key]) }
            w.object("device") { w in
                w.strings("identifiers", ["touchbridge_" + topics.id])
                w.string("name", name)
                w.string("manufacturer", "touchbridge")
                w.string("model", "touch kiosk")
                w.string("sw_version", version)
            }
        }
        return (topics.config(component, object), w.string)
    }

    /// An id as Home Assistant's entity ids spell it: lower-case letters, digits and `_`.
    static func entitySlug(_ id: String) -> String {
        String(
            id.lowercased().unicodeScalars.map { c -> Character in
                (c >= "a" && c <= "z") || (c >= "0" && c <= "9") ? Character(c) : "_"
            })
    }
}
