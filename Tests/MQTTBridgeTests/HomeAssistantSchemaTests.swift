import ControlProtocol
import MQTTBridge
import StrictJSON
import Testing

/// The discovery configs read as Home Assistant's current MQTT discovery reads them: only keys
/// its schema for that component takes, no deprecated key, and each entity's first id
/// (`default_entity_id`) its component's, made of lower-case letters, digits and `_`.
@Suite("Discovery configs against Home Assistant's schema")
struct HomeAssistantSchemaTests {
    /// What every entity's config may carry, and what each component adds (Home Assistant's
    /// MQTT button, binary sensor, sensor and number platforms).
    static let common: Set<String> = [
        "name", "unique_id", "default_entity_id", "icon", "availability_topic", "device",
    ]
    static let byComponent: [String: Set<String>] = [
        "button": ["command_topic", "payload_press"],
        "binary_sensor": ["state_topic", "payload_on", "payload_off"],
        "sensor": ["state_topic", "unit_of_measurement"],
        "number": ["command_topic", "state_topic", "unit_of_measurement", "min", "max", "step"],
    ]
    /// What an entity id is made of: lower-case letters, digits, `_`, and the `.` after its domain.
    static let entityIDCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789_.".unicodeScalars)
    /// Keys Home Assistant has deprecated in discovery configs.
    static let deprecated: Set<String> = ["object_id"]

    func members(_ node: JSONNode) -> [String: JSONNode.Value]? {
        guard case .object(let pairs) = node.value else { return nil }
        return Dictionary(pairs.map { ($0.key, $0.node.value) }, uniquingKeysWith: { a, _ in a })
    }

    @Test(arguments: ["hall", "Kiosk-3"])
    func everyConfigHasOnlyCurrentKeysAndAnEntityIdOfItsComponent(_ id: String) throws {
        let d = Discovery(topics: BridgeTopics(id: id), name: "Hall", version: "1")
        for (topic, payload) in d.configs(brightness: true) {
            let parts = topic.split(separator: "/").map(String.init)
            try #require(parts.count == 5, "\(topic)")
            let component = parts[1]
            let allowed = try #require(Self.byComponent[component], "a component Home Assistant has: \(topic)")
            let object = try #require(members(try JSONParser.parse(Array(payload.utf8))), "\(payload)")
            let keys = Set(object.keys)
            #expect(keys.isDisjoint(with: Self.deprecated), "\(topic): \(keys.intersection(Self.deprecated))")
            #expect(
                keys.isSubset(of: Self.common.union(allowed)),
                "\(topic): \(keys.subtracting(Self.common.union(allowed)))")
            guard case .string(let unique)? = object["unique_id"],
                case .string(let entity)? = object["default_entity_id"]
            else {
                Issue.record("\(topic): no unique_id or default_entity_id in \(payload)")
                continue
            }
            #expect(unique == id + "_" + parts[3])
            let slug = String(unique.lowercased().map { $0 == "-" ? "_" : $0 })
            #expect(entity == component + "." + slug)
            #expect(entity.unicodeScalars.allSatisfy(Self.entityIDCharacters.contains), "\(entity)")
        }
    }
}
