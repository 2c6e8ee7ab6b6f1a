import Doctor
import Foundation
import InputEvents
import Testing
import TextBuffers

/// The report as a person reads it and as JSON, held to its schema.
@Suite struct ReportTests {
    let checks = [
        Check(
            subject: "Panel \"A\"", node: "/dev/input/event3", link: .driver, ok: true,
            found: "USB 1-2, bound to hid-multitouch"),
        Check(
            subject: "Panel \"A\"", node: "/dev/input/event3", link: .grab, ok: false,
            found: "grabbed; open by 9 (evtest)",
            problem: "Process 9 holds it.", fix: "sudo kill 9"),
        Check(subject: "Ghost", node: nil, link: .driver, ok: true, found: "I2C 1-005d"),
    ]

    @Test func theTextGroupsLinksByDeviceWithTheProblemAndFixUnderEachBrokenOne() {
        var b = TextBuffer(capacity: 1024)
        DoctorReport(checks: checks).writeText(into: &b)
        #expect(
            b.string == """
                /dev/input/event3  Panel "A"
                  ✓ driver      USB 1-2, bound to hid-multitouch
                  ✗ grab        grabbed; open by 9 (evtest)
                      problem: Process 9 holds it.
                      fix: sudo kill 9
                Ghost
                  ✓ driver      I2C 1-005d
                1 broken link

                """)
        #expect(!DoctorReport(checks: checks).healthy)
    }

    @Test func namesFromDevicesAndFixesStayOneLineEach() {
        let evil = "Evil\n<0>\"Panel\""
        var b = TextBuffer(capacity: 1024)
        DoctorReport(checks: [
            Check(
                subject: evil, node: "/dev/input/event3", link: .access, ok: false, found: "found \(evil)",
                problem: "\(evil) is not readable",
                fix: UdevRule.fix(
                    file: "70-x.rules", name: evil, assignment: "TAG+=\"uaccess\"", node: "/dev/input/event3"))
        ]).writeText(into: &b)
        let lines = b.string.split(separator: "\n")
        #expect(lines.count == 5, "\(b.string)")
        #expect(!lines.contains { $0.hasPrefix("<") }, "\(b.string)")
        #expect(b.string.contains(#"ATTRS{name}=="Evil?<0>?Panel?""#), "\(b.string)")
    }

    @Test func theJSONHasTheSchemasKeysAndLinks() throws {
        var b = TextBuffer(capacity: 1024)
        DoctorReport(checks: checks).writeJSON(into: &b)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(b.string.utf8)) as? [String: Any])
        let rows = try #require(root["checks"] as? [[String: Any]])
        let schemaPath =
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path + "/schema/doctor.schema.json"
        let schema = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: schemaPath))) as? [String: Any]
        )
        let check = try #require(
            ((schema["properties"] as? [String: Any])?["checks"] as? [String: Any])?["items"] as? [String: Any])
        let keys = Set((check["properties"] as? [String: Any] ?? [:]).keys)
        #expect(Set(check["required"] as? [String] ?? []) == keys)
        let links = ((check["properties"] as? [String: Any])?["link"] as? [String: Any])?["enum"] as? [String]
        #expect(links == Link.allCases.map(\.rawValue))
        for row in rows { #expect(Set(row.keys) == keys, "\(row)") }
        #expect(rows[1]["problem"] as? String == "Process 9 holds it.")
        #expect(rows[2]["node"] is NSNull)
        #expect(rows[0]["subject"] as? String == "Panel \"A\"")
    }
}
