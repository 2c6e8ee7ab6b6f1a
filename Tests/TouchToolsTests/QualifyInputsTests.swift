import Evdev
import InputEvents
import PanelHealth
import Runtime
import Testing
import TouchInput
import TouchTools

/// What `qualify` reads from outside: a `--criteria` file gets its values or a refusal with
/// the line and what was expected (never a trap on a number too large for a count), and a
/// recording is judged as the command judges it.
@Suite("qualify's inputs")
struct QualifyInputsTests {
    func criteria(_ text: String) throws(CriteriaFileError) -> QualifyCriteria {
        try QualifyCriteria.parse(Array(text.utf8), file: "c.json")
    }

    @Test func aFileReplacesThePublishedCriteriaItNames() throws {
        let c = try criteria("{\"accuracyMM\": 2.5, \"contacts\": 4}")
        #expect(c.accuracyMM == 2.5)
        #expect(c.contacts == 4)
        #expect(c.jitterMM == QualifyCriteria().jitterMM)
    }

    @Test(arguments: [
        ("{\n\"contacts\": 1e300\n}", 2, "contacts from 0 to 1000000"),
        ("{\n\"ghosts\": 1.5\n}", 2, "a whole number for ghosts"),
        ("{\n\"jitterMM\": -1\n}", 2, "jitterMM from 0 to 1000000"),
        ("{\n\n\"tolerance\": 3\n}", 3, "one of accuracyMM"),
        ("{\"stuck\": \"none\"}", 1, "a number for stuck"),
        ("[1, 2]", 1, "an object of criteria"),
        ("{\"stuck\": ", 1, "a value"),
    ])
    func aBadFileIsRefusedWithItsLine(_ text: String, _ line: Int, _ expected: String) {
        #expect {
            _ = try criteria(text)
        } throws: { e in
            guard let e = e as? CriteriaFileError else { return false }
            return e.line == line && e.expected.contains(expected) && "\(e)".hasPrefix("c.json:\(line): expected ")
        }
    }

    @Test func aCleanSessionsRecordingPassesAndABadOnesFails() throws {
        func judge(_ name: String) throws -> QualifyReport {
            let r = try EvemuParser(file: name).parse(readFileContents("\(examplesDirectory)/\(name)"))
            let mapper = try #require(ScreenMapper(device: r.description))
            let plan = QualifyPlan.standard(width: mapper.width, height: mapper.height)
            let run = QualifyRecording(r, source: name, plan: plan, mapper: mapper, udevFuzz: [:]) { _ in }
            #expect(!run.endedEarly, "\(name) holds every step")
            return run.report(criteria: QualifyCriteria(), end: r.events.last?.time)
        }
        #expect(try judge("qualify-clean.evemu").pass)
        #expect(try !judge("qualify-bad.evemu").pass)
    }
}
