import Foundation
import ProgramTestSupport
import Testing

/// What `--help` promises, against what the daemon does (the device tests show the behaviour:
/// an unplugged panel is waited for). Needs no device: runs in every test pass.
@Suite("The command line's help tells what the daemon does")
struct HelpTextTests {
    func help(_ arguments: [String]) throws -> String {
        let p = try Spawned(touchbridgeExecutable, arguments)
        #expect(p.wait() == 0)
        return p.output
    }

    @Test func runSaysAnUnpluggedPanelIsWaitedFor() throws {
        let text = try help(["run", "--help"]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            !text.contains("unplugging the last device"), "the daemon does not exit when its last panel goes: \(text)")
        #expect(text.contains("waits for it to come back"), "\(text)")
    }
}

/// `touchbridge --version` against the one place a release is written, the top entry of
/// `debian/changelog`, which the package's version is also taken from, and against
/// CHANGELOG.md's top entry, the release an app names by its tag.
@Suite("touchbridge --version")
struct VersionTests {
    @Test func versionIsTheChangelogsRelease() throws {
        let changelog = try String(contentsOfFile: repositoryDirectory + "/debian/changelog", encoding: .utf8)
        let first = changelog.prefix { $0 != "\n" }
        let release = try #require(
            first.split(separator: "(").dropFirst().first?.split(separator: ")").first,
            "debian/changelog:1 names no version: \(first)")
        let p = try Spawned(touchbridgeExecutable, ["--version"])
        #expect(p.wait() == 0)
        let printed = p.output.trimmingCharacters(in: .newlines)
        #expect(printed == String(release), "printed \(printed)")
        // A semantic version, as SwiftPM takes a tag: MAJOR.MINOR.PATCH.
        let parts = printed.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }, "printed \(printed)")
    }

    @Test func changelogsTopEntryIsTheVersionPrinted() throws {
        let changelog = try String(contentsOfFile: repositoryDirectory + "/CHANGELOG.md", encoding: .utf8)
        let entries = changelog.split(separator: "\n").filter { $0.hasPrefix("## ") }
        let top = try #require(entries.first, "CHANGELOG.md has no `## VERSION` entry")
        let p = try Spawned(touchbridgeExecutable, ["--version"])
        #expect(p.wait() == 0)
        let printed = p.output.trimmingCharacters(in: .newlines)
        #expect(
            top.hasPrefix("## \(printed) ") || top == "## \(printed)",
            "CHANGELOG.md's top entry: \(top); printed: \(printed)")
        // Newest first: no entry below the top names the version printed.
        #expect(!entries.dropFirst().contains { $0.hasPrefix("## \(printed) ") }, "\(entries)")
    }
}
