import EventSocket
import Testing
import TouchScene

/// The one line an event-socket client may send: what it asks for, parsed, or what was
/// expected instead.
@Suite("A socket client's subscription")
struct SubscriptionTests {
    @Test(arguments: [
        (
            "{\"subscribe\":[\"action\",\"device\"]}",
            Subscription(kinds: [.init(.action), .init(.device)], format: .json)
        ),
        ("{\"format\":\"text\"}", Subscription(kinds: .all, format: .text)),
        ("{}", Subscription()),
        ("{\"subscribe\":[]}", Subscription(kinds: [], format: .json)),
    ])
    func aClientsLineIsParsed(_ line: String, _ expected: Subscription) {
        #expect((try? Subscription.parse(Array(line.utf8)).get()) == expected)
    }

    @Test(arguments: [
        ("hello", "not JSON"), ("[1]", "expected an object"), ("{\"subscribe\":\"action\"}", "takes an array"),
        ("{\"subscribe\":[\"taps\"]}", "unknown kind 'taps'"), ("{\"subscribe\":[3]}", "unknown kind a number"),
        ("{\"format\":\"xml\"}", "is \"json\" or \"text\""), ("{\"colour\":1}", "unknown member 'colour'"),
    ])
    func aBadLineSaysWhatWasExpected(_ line: String, _ message: String) {
        guard case .failure(let e) = Subscription.parse(Array(line.utf8)) else {
            Issue.record("accepted \(line)")
            return
        }
        #expect(e.description.contains(message), "\(e)")
    }

    @Test func aSubscriptionsLineParsesBack() {
        let s = Subscription(kinds: [.init(.action), .init(.command)], format: .text)
        #expect((try? Subscription.parse(Array(s.line.utf8.dropLast())).get()) == s)
    }

    @Test func aSocketServingSomeKindsGivesThoseByDefaultAndRefusesOthers() throws {
        let served: HandlerLog.Kinds = [.init(.action), .init(.device)]
        #expect(try Subscription.parse(Array("{}".utf8), serving: served).get().kinds == served)
        #expect(
            try Subscription.parse(Array("{\"subscribe\":[\"action\"]}".utf8), serving: served).get().kinds
                == HandlerLog.Kinds(.action))
        let refused = Subscription.parse(Array("{\"subscribe\":[\"touches\"]}".utf8), serving: served)
        guard case .failure(let e) = refused else {
            Issue.record("a kind the socket does not serve was accepted")
            return
        }
        #expect(e.description == "this socket does not serve 'touches' (it serves: action, device)")
    }
}
