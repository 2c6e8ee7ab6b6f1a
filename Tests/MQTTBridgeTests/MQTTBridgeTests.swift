import ControlProtocol
import MQTTBridge
import Testing

/// The bridge's own logic, without a broker: its options and credentials file, the kiosk's
/// state from the socket's lines, Home Assistant's discovery configs and the commands its
/// topics give.
@Suite("MQTT bridge")
struct MQTTBridgeTests {
    @Test func brokerAddressesAreReadWithTheirDefaultPorts() {
        #expect(
            BrokerAddress.parse("mqtt://broker.local") == .success(.init(host: "broker.local", port: 1883, tls: false)))
        #expect(BrokerAddress.parse("mqtts://ha:8884") == .success(.init(host: "ha", port: 8884, tls: true)))
        #expect(BrokerAddress.parse("mqtts://ha") == .success(.init(host: "ha", port: 8883, tls: true)))
        #expect(BrokerAddress.parse("mqtt://[::1]:1884") == .success(.init(host: "::1", port: 1884, tls: false)))
        #expect(BrokerAddress.parse("mqtt://[::1]:1884").map(\.description) == .success("mqtt://[::1]:1884"))
        for bad in [
            "broker:1883", "mqtt://", "mqtt://h:0", "mqtt://h:70000", "mqtt://user:pw@h", "mqtt://h:x", "http://h",
        ] {
            guard case .failure(let e) = BrokerAddress.parse(bad) else {
                Issue.record("'\(bad)' parsed")
                continue
            }
            #expect(e.description.hasPrefix("--broker: "), "\(e)")
        }
    }

    @Test func theCredentialsFileIsCheckedLineByLine() throws {
        let c = try BridgeCredentials.parse(
            "# the broker's\nusername = kiosk\npassword = s3cret = yes\n\ncafile=/etc/ssl/ha.pem\n", file: "creds"
        ).get()
        #expect(c.username == "kiosk")
        #expect(c.password == "s3cret = yes", "only the first '=' separates")
        #expect(c.cafile == "/etc/ssl/ha.pem")
        #expect(c.asksForTLS)
        func problem(_ text: String) -> String? {
            guard case .failure(let e) = BridgeCredentials.parse(text, file: "creds") else { return nil }
            #expect(e.exitCode == 65)
            return e.description
        }
        #expect(problem("user = x\n")?.hasPrefix("creds:1: unknown key 'user'") == true)
        #expect(problem("username = a\nusername = b\n") == "creds:2: 'username' is given twice")
        #expect(problem("\nusername\n")?.hasPrefix("creds:2: expected key = value") == true)
        #expect(problem("password = x\n") == "creds: a password needs its username")
        #expect(problem("certfile = c.pem\n")?.contains("certfile and keyfile go together") == true)
        #expect(problem("username =\n") == "creds:1: 'username' has no value")
    }

    @Test func optionsAreCheckedAndMistakesSaidWithWhatTheyTake() throws {
        let o = try BridgeOptions.checked(
            broker: "mqtt://127.0.0.1:1884", socket: "/tmp/s", id: "hall", lockSeconds: 90
        ).get()
        #expect(o.broker.port == 1884)
        #expect(o.id == "hall")
        #expect(o.lockSeconds == 90)
        #expect(o.socket == "/tmp/s")
        func problem(_ r: Result<BridgeOptions, BridgeError>) -> String? {
            guard case .failure(let e) = r else { return nil }
            #expect(e.exitCode == 64)
            return e.description
        }
        #expect(
            problem(BridgeOptions.checked(broker: "mqtt://h", lockSeconds: 0))?.hasPrefix("--lock-seconds takes")
                == true)
        #expect(
            problem(BridgeOptions.checked(broker: "mqtt://h", lockSeconds: 86_401))?.contains("at most 86400") == true)
        #expect(problem(BridgeOptions.checked(broker: "mqtt://h", id: "a b"))?.hasPrefix("--id takes") == true)
        #expect(problem(BridgeOptions.checked(broker: "mqtt://h", base: "kiosk/#"))?.hasPrefix("--topic takes") == true)
        #expect(
            problem(BridgeOptions.checked(broker: "mqtt://h", keepalive: 1))?.hasPrefix("--keepalive takes") == true)
        #expect(
            problem(BridgeOptions.checked(broker: "http://h"))?.hasPrefix("--broker: expected mqtt://HOST:PORT") == true
        )
    }

    @Test func theKioskStateFollowsTheSocketsLines() {
        var s = KioskState()
        func take(_ line: String) -> (KioskState.Changes, KioskState.Answer?) { s.take(Array(line.utf8)) }
        let hello = take(
            #"{"t":1,"event":"hello","protocol":2,"devices":[{"device":"/dev/input/event4","kind":"touchscreen"},{"device":"/dev/input/event9","kind":"accelerometer"}],"idle":true}"#
        )
        #expect(hello.0.contains(.asksForState))
        #expect(hello.0.contains(.idle))
        #expect(hello.0.contains(.panels))
        #expect(s.idle)
        #expect(s.panels == 1)
        let state = take(
            #"{"t":2,"event":"ok","command":"state","idle":false,"locked":true,"lockSeconds":30,"scene":null,"panels":[{"device":"/dev/input/event4","display":"HDMI-A-1","displayOn":true,"brightness":null},{"device":"/dev/input/event5","display":"eDP-1","displayOn":true,"brightness":0.4}]}"#
        )
        #expect(state.1 == KioskState.Answer(command: "state", error: nil))
        #expect(!s.idle)
        #expect(s.locked)
        #expect(s.panels == 2)
        #expect(s.brightness == 0.4)
        #expect(take(#"{"t":3,"event":"idle","cause":"command","uid":0,"pid":1}"#).0 == .idle)
        #expect(s.idle)
        #expect(take(#"{"t":4,"event":"wake","cause":"touch","device":"x","id":1,"location":[1,2]}"#).0 == .idle)
        #expect(take(#"{"t":5,"event":"unlock","swallowed":2,"cause":"timer"}"#).0 == .locked)
        #expect(take(#"{"t":6,"event":"action","action":"orderCoffee","sender":"Coffee"}"#).0 == .lastAction)
        #expect(s.lastAction == "orderCoffee")
        #expect(take(#"{"t":7,"event":"deviceRemoved","device":"x","name":"y"}"#).0 == .asksForState)
        #expect(
            take(#"{"t":8,"event":"ok","command":"brightness","brightness":0.75,"displays":["eDP-1"]}"#).0
                == .brightness)
        let refused = take(#"{"t":9,"event":"error","command":"blank","error":"uid 1000 may not command this daemon"}"#)
        #expect(refused.1?.error == "uid 1000 may not command this daemon")
        #expect(take("not json").0 == [])
    }

    @Test func discoveryGivesOneDeviceWithItsEntitiesAndTheNumberOnlyWithABacklight() {
        let d = Discovery(topics: BridgeTopics(id: "hall"), name: "Hall \"kiosk\"", version: "0.9.9")
        let with = d.configs(brightness: true)
        #expect(
            with.map(\.topic) == [
                "homeassistant/button/hall/blank/config", "homeassistant/button/hall/wake/config",
                "homeassistant/button/hall/lock/config", "homeassistant/button/hall/unlock/config",
                "homeassistant/binary_sensor/hall/idle/config", "homeassistant/binary_sensor/hall/locked/config",
                "homeassistant/sensor/hall/last_action/config", "homeassistant/sensor/hall/panels/config",
                "homeassistant/number/hall/brightness/config",
            ])
        let blank = with[0].payload
        #expect(blank.hasPrefix(#"{"name":"Blank screen","unique_id":"hall_blank","#), "\(blank)")
        #expect(blank.contains(#""command_topic":"touchbridge/hall/command/blank""#))
        #expect(blank.contains(#""availability_topic":"touchbridge/hall/availability""#))
        #expect(blank.contains(#""device":{"identifiers":["touchbridge_hall"],"name":"Hall \"kiosk\"","#), "\(blank)")
        #expect(with[4].payload.contains(#""state_topic":"touchbridge/hall/idle""#))
        #expect(with[8].payload.contains(#""command_topic":"touchbridge/hall/brightness/set""#))
        #expect(with[8].payload.contains(#""max":100,"min":0,"step":1"#), "\(with[8].payload)")
        let without = d.configs(brightness: false)
        #expect(without.last?.topic == "homeassistant/number/hall/brightness/config")
        #expect(without.last?.payload == "", "an empty retained config removes the entity")
    }

    @Test func commandTopicsBecomeTheDaemonsCommandLines() {
        let t = BridgeTopics(id: "hall")
        func line(_ topic: String, _ payload: String) -> Result<String, BridgeError> {
            BridgeCommand.line(topic: topic, payload: Array(payload.utf8), topics: t, lockSeconds: 60)
        }
        #expect(line("touchbridge/hall/command/blank", "PRESS") == .success("{\"command\":\"blank\"}\n"))
        #expect(line("touchbridge/hall/command/lock", "PRESS") == .success("{\"command\":\"lock\",\"seconds\":60.0}\n"))
        #expect(line("touchbridge/hall/command/lock", "300") == .success("{\"command\":\"lock\",\"seconds\":300.0}\n"))
        #expect(line(t.brightnessSet, "40") == .success("{\"command\":\"brightness\",\"value\":0.4}\n"))
        #expect(line(t.brightnessSet, "140").map { _ in true } != .success(true))
        #expect(line("touchbridge/hall/command/lock", "-5").map { _ in true } != .success(true))
        #expect(line("touchbridge/hall/command/dance", "PRESS").map { _ in true } != .success(true))
        #expect(line("elsewhere/command/blank", "PRESS").map { _ in true } != .success(true))
        #expect(BridgeTopics.sanitizedID("kiosk-3.hall.lan") == "kiosk-3_hall_lan")
    }

    @Test func theBackoffDoublesToItsLongestAndStartsOverAfterASuccess() {
        var b = Backoff(shortest: 1, longest: 8)
        #expect((0..<6).map { _ in b.delay() } == [1, 2, 4, 8, 8, 8])
        b.reset()
        #expect(b.delay() == 1)
    }
}
