import Foundation
import Glibc
import ProgramTestSupport
import Testing

/// A `libinput record` file's udev properties reach the tools as a live panel's do.
@Suite("Recorded udev properties in the tools")
struct RecordedPropertiesTests {
    @Test func healthNamesTheFuzzLibinputsRuleMovedIntoUdev() throws {
        let text = try String(contentsOfFile: repositoryDirectory + "/examples/kiosk.libinput.yml", encoding: .utf8)
        let path = temporaryPath("fuzz") + ".yml"
        defer { unlink(path) }
        try text.replacingOccurrences(
            of: "    - ID_INPUT=1\n", with: "    - ID_INPUT=1\n    - LIBINPUT_FUZZ_35=8\n    - LIBINPUT_FUZZ_36=8\n"
        )
        .write(toFile: path, atomically: true, encoding: .utf8)
        let with = try Spawned(touchbridgeExecutable, ["health", path])
        let without = try Spawned(
            touchbridgeExecutable, ["health", repositoryDirectory + "/examples/kiosk.libinput.yml"])
        #expect(with.wait() == 0)
        #expect(without.wait() == 0)
        #expect(with.output.contains("fuzz 8,8 from LIBINPUT_FUZZ"), "\(with.output)")
        #expect(without.output.contains("off (no fuzz)"), "\(without.output)")
    }
}
