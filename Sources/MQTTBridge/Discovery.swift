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
        var list: [(String, String)] = [
            (
                t.config("button", ControlCommand.Name.blank.rawValue),
                entity(
                    "Blank screen", ControlCommand.Name.blank.rawValue, icon: "mdi:monitor-off",
                    ["command_topic": t.command(.blank), "payload_press": "PRESS"])
            ),
            (
                t.config("button", ControlCommand.Name.wake.rawValue),
                entity(
                    "Wake screen", ControlCommand.Name.wake.rawValue, icon: "mdi:monitor",
                    ["command_topic": t.command(.wake), "payload_press": "PRESS"])
            ),
            (
                t.config("button", ControlCommand.Name.lock.rawValue),
                entity(
                    "Lock touch", ControlCommand.Name.lock.rawValue, icon: "mdi:hand-back-right-off",
                    ["command_topic": t.command(.lock), "payload_press": "PRESS"])
            ),
            (
                t.config("button", ControlCommand.Name.unlock.rawValue),
                entity(
                    "Unlock touch", ControlCommand.Name.unlock.rawValue, icon: "mdi:gesture-tap",
                    ["command_topic": t.command(.unlock), "payload_press": "PRESS"])
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
        var w = JSONWriter(capacity: 512)
        w.object { w in
            w.string("name", title)
            w.string("unique_id", topics.id + "_" + object)
            w.string("object_id", topics.id + "_" + object)
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
        return w.string
    }
}
