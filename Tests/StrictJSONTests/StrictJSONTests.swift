import StrictJSON
import Testing

/// The strict parser: values keep their lines, and a mistake says where it is (line, column)
/// and what was expected there, so a scene or a client's line is refused with a reason.
struct StrictJSONTests {
    func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode { try JSONParser.parse(Array(text.utf8)) }

    func mistake(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func valuesKeepTheLineTheyBeganOn() throws {
        let root = try parse("{\n  \"a\": [1, 2.5e1, true, null],\n  \"b\": {\n    \"c\": \"d\\u00e9\"\n  }\n}")
        let a = try #require(root.child("a"))
        #expect(a.line == 2)
        guard case .number(let n)? = a.child(1)?.value else {
            Issue.record("2.5e1 is a number")
            return
        }
        #expect(n == 25)
        guard case .string(let s)? = root.child("b")?.child("c")?.value else {
            Issue.record("c is a string")
            return
        }
        #expect(s == "dé")
        #expect(root.child("b")?.child("c")?.line == 4)
    }

    @Test(arguments: [
        ("{\"a\": 1, \"a\": 2}", 1),
        ("{\"a\": 1,}", 1),
        ("[1, 2", 1),
        ("{\n\"a\": tru}", 2),
        ("{} {}", 1),
        ("// no comments\n{}", 1),
    ])
    func aMistakeSaysItsLine(_ text: String, _ line: Int) throws {
        let e = try #require(mistake(text), "'\(text)' was taken")
        #expect(e.line == line, "\(e)")
        #expect(!e.expected.isEmpty)
    }

    @Test func aRepeatedKeyIsRefusedWhereItRepeats() throws {
        let e = try #require(mistake("{\n  \"key\": 1,\n  \"key\": 2\n}"))
        #expect(e.line == 3)
        #expect(e.expected.contains("key"), "\(e.expected)")
    }

    @Test func nestingIsBoundedSoNoInputExhaustsTheStack() throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let e = try #require(mistake(deep))
        #expect(e.expected.hasPrefix("nesting no deeper than"), "\(e.expected)")
        #expect(throws: Never.self) {
            _ = try parse(String(repeating: "[", count: 100) + String(repeating: "]", count: 100))
        }
    }

    @Test func theNearestKnownWordIsSuggested() {
        #expect(nearest("windws", in: ["windows", "commands", "idle"]) == "windows")
        #expect(nearest("Idle", in: ["windows", "commands", "idle"]) == "idle")
        #expect(nearest("zzzzzzzz", in: ["windows", "commands", "idle"]) == nil)
        #expect(editDistance(Array("kitten"), Array("sitting")) == 3)
    }
}
