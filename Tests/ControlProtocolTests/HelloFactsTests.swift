import ControlProtocol
import Testing

/// The hello line read once for every reader: what `listen` sums up and the bridge keeps.
struct HelloFactsTests {
    @Test func aHelloLineGivesItsFacts() throws {
        let line = #"""
            {"t":1.000000,"event":"hello","protocol":3,"devices":[{"device":"/dev/input/event5","name":"P","kind":"touchscreen"},{"device":"/dev/input/event7","kind":"keys"}],"scene":"kiosk.json","serves":["touches","idle"],"touches":[{"id":1}],"idle":true,"locked":false}
            """#
        let hello = try #require(HelloFacts.read(Array(line.utf8)))
        #expect(hello.version == 3)
        #expect(hello.devices.map(\.node) == ["/dev/input/event5", "/dev/input/event7"])
        #expect(hello.devices.map(\.kind) == [SocketProtocol.touchscreenKind, "keys"])
        #expect(hello.scene == "kiosk.json")
        #expect(hello.serves == ["touches", "idle"])
        #expect(hello.touchesDown == 1)
        #expect(hello.idle)
        #expect(!hello.locked)
    }

    @Test func aHelloThatServesNoTouchesSaysNone() throws {
        let hello = try #require(HelloFacts.read(Array(#"{"event":"hello","touches":null}"#.utf8)))
        #expect(hello.touchesDown == nil)
        #expect(hello.serves == nil)
        #expect(hello.devices.isEmpty)
    }

    @Test(arguments: [#"{"event":"ok"}"#, "not json", #"{"event":"hello""#, ""])
    func anyOtherLineIsNoHello(line: String) {
        #expect(HelloFacts.read(Array(line.utf8)) == nil)
    }
}
