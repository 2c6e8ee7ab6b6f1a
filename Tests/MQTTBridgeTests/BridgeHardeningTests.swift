import ControlProtocol
import MQTTBridge
import Testing

/// What the bridge gives away and takes, held to what a hostile broker client or a careless
/// command line may do: no secret said back, the actions published only as chosen, the
/// entities nothing feeds left out.
@Suite("MQTT bridge: what it tells and takes")
struct BridgeHardeningTests {
    @Test func aPasswordInTheBrokersAddressIsRefusedWithoutBeingSaid() {
        for url in ["mqtt://kiosk:s3cret@ha:1883", "mqtts://s3cret@ha", "kiosk:s3cret@ha"] {
            guard case .failure(let e) = BrokerAddress.parse(url) else {
                Issue.record("'\(url)' parsed")
                continue
            }
            #expect(!e.description.contains("s3cret"), "\(e)")
            #expect(e.description.contains("--credentials"), "\(e)")
        }
        #expect(BrokerAddress.shown("mqtt://kiosk:s3cret@ha:1883/x") == "mqtt://…@ha:1883/x")
        #expect(BrokerAddress.shown("mqtt://ha:1883") == "mqtt://ha:1883")
    }

    @Test func theActionsPublishedAndWhetherRetainedAreChosen() throws {
        #expect(try BridgeOptions.checked(broker: "mqtt://ha").get().actions == nil)
        #expect(try BridgeOptions.checked(broker: "mqtt://ha").get().retainActions == false)
        #expect(try BridgeOptions.checked(broker: "mqtt://ha", actions: "none").get().actions == [])
        #expect(
            try BridgeOptions.checked(broker: "mqtt://ha", actions: "open,close").get().actions == ["open", "close"])
        #expect(try BridgeOptions.checked(broker: "mqtt://ha", retainActions: true).get().retainActions)
        #expect(try BridgeOptions.checked(broker: "mqtt://ha", clearRetained: true).get().clearRetained)
        guard case .failure(let e) = BridgeOptions.checked(broker: "mqtt://ha", actions: "a,,b") else {
            Issue.record("an empty name was taken")
            return
        }
        #expect(e.description.contains("--actions"))
    }

    @Test func theHelloSaysWhatTheSocketServes() {
        var state = KioskState()
        let (changes, _) = state.take(
            Array(#"{"t":1,"event":"hello","protocol":3,"devices":[],"serves":["action","device","idle"]}"#.utf8))
        #expect(changes.contains(.hello))
        #expect(state.served == ["action", "device", "idle"])
        _ = state.take(Array(#"{"t":1,"event":"hello","protocol":2,"devices":[]}"#.utf8))
        #expect(state.served == nil, "a daemon that does not say serves every kind")
    }

    @Test func entitiesNothingFeedsArePublishedEmptyWhichRemovesThem() {
        let d = Discovery(
            topics: BridgeTopics(id: "pin", base: nil, discoveryPrefix: "homeassistant"), name: "PIN", version: "1")
        let configs = d.configs(brightness: false, leaving: ["locked", "last_action"])
        let empty = Set(configs.filter { $0.payload.isEmpty }.map(\.topic))
        #expect(
            empty == [
                "homeassistant/binary_sensor/pin/locked/config", "homeassistant/sensor/pin/last_action/config",
                "homeassistant/number/pin/brightness/config",
            ])
        #expect(configs.count == d.configs(brightness: false).count)
    }
}
