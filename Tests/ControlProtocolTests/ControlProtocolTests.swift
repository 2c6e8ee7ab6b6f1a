import ControlProtocol
import Testing
import TextBuffers

/// The socket's protocol as both ends read it: a command from a person's word or a client's
/// object, the line written for it, the answers, the kinds' names and MQTT's command topics.
struct ControlProtocolTests {
    @Test func aPersonsWordAndAClientsObjectGiveTheSameCommand() {
        #expect(ControlCommand.parse(word: "lock=90") == .success(.lock(seconds: 90)))
        #expect(ControlCommand.parse(word: #"{"command":"lock","seconds":90}"#) == .success(.lock(seconds: 90)))
        #expect(ControlCommand.parse(word: "brightness=0.4") == .success(.brightness(value: 0.4, display: nil)))
        #expect(ControlCommand.parse(word: "state") == .success(.state))
        #expect(ControlCommand.parse(word: "lock") == .success(.lock(seconds: nil)))
    }

    @Test(arguments: [
        ("wake=3", "'wake' takes no value (lock=SECONDS, brightness=0.0…1.0 do)"),
        ("lock=soon", "'soon' is not a number (as in lock=60 or brightness=0.4)"),
        ("lock=0", "'seconds' is a number of seconds above 0, at most 86400"),
        ("lock=86401", "'seconds' is a number of seconds above 0, at most 86400"),
        ("brightness", "brightness takes a 'value' from 0.0 to 1.0"),
        ("dance", "unknown command 'dance' (commands: blank, wake, lock, unlock, reload, state, brightness)"),
        (#"{"command":"blank","seconds":3}"#, "'seconds' belongs to lock only"),
        (#"{"command":"state","display":"eDP-1"}"#, "'value' and 'display' belong to brightness only"),
        (#"{"command":"brightness","value":0.5,"display":"x\"y"}"#, "'display' takes a connector's name"),
        ("{lock}", "'{lock}' is not a JSON object"),
    ])
    func aMistakeSaysWhatWasExpected(_ word: String, _ said: String) {
        guard case .failure(let e) = ControlCommand.parse(word: word) else {
            Issue.record("'\(word)' was taken")
            return
        }
        #expect(e.description == said)
    }

    @Test func eachCommandsLineReadsBackAsItself() {
        let commands: [ControlCommand] = [
            .blank, .wake, .lock(seconds: 30), .lock(seconds: nil), .unlock, .reload, .state,
            .brightness(value: 0.5, display: "HDMI-A-1"), .brightness(value: 1, display: nil),
        ]
        for c in commands {
            #expect(c.line.hasSuffix("}\n"), "\(c.line)")
            #expect(ControlCommand.parse(word: String(c.line.dropLast())) == .success(c), "\(c.line)")
        }
        #expect(ControlCommand.lock(seconds: 60).line == "{\"command\":\"lock\",\"seconds\":60.0}\n")
        #expect(Set(commands.map(\.name)) == Set(ControlCommand.Name.allCases))
    }

    @Test func answersAreOneLineEachWithTheCommandAndWhatItSays() {
        var b = TextBuffer(capacity: 128)
        ControlAnswer.ok(members: "\"idle\":true").write(command: "state", time: 2, into: &b)
        ControlAnswer.failed("too \"many\"").write(command: nil, time: 3, into: &b)
        #expect(
            b.string == "{\"t\":2.000000,\"event\":\"ok\",\"command\":\"state\",\"idle\":true}\n"
                + "{\"t\":3.000000,\"event\":\"error\",\"error\":\"too \\\"many\\\"\"}\n")
    }

    @Test func everyKindIsNamedOnceAndReadBackByItsName() {
        #expect(Set(LineKind.allCases.map(\.name)).count == LineKind.allCases.count)
        for k in LineKind.allCases { #expect(LineKind(name: k.name) == k) }
        #expect(LineKind(name: "Touches") == nil)
        #expect(LineKind.names.hasPrefix("touches, gesture, gestureChanged, action"))
    }

    @Test func onlyTheButtonsCommandsHaveTopics() {
        let t = BridgeTopics(id: "hall")
        #expect(t.command(.blank) == "touchbridge/hall/command/blank")
        #expect(t.commandName(of: "touchbridge/hall/command/lock") == .lock)
        #expect(t.commandName(of: "touchbridge/hall/command/state") == nil, "state has no button")
        #expect(t.commandName(of: "touchbridge/hall/command/brightness") == nil, "brightness has its own topic")
        #expect(t.commandName(of: "touchbridge/other/command/lock") == nil)
        #expect(t.config("button", "blank") == "homeassistant/button/hall/blank/config")
    }
}
