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

    /// Every exit code a command ends with is named in the top-level help.
    @Test func theExitCodesAreAllNamed() throws {
        let text = try help(["--help"]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for code in ["1:", "64 usage", "65", "66", "69", "70", "71", "73", "74", "77", "130"] {
            #expect(text.contains(code), "\(code) in: \(text)")
        }
    }

    /// A help that sends to a page for its figures names a page that defines them.
    @Test func healthSendsToThePageThatDefinesItsFigures() throws {
        let text = try help(["health", "--help"]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("docs/hardware-testing.md"), "\(text)")
        #expect(!text.contains("README"), "\(text)")
        let page = try String(contentsOfFile: repositoryDirectory + "/docs/hardware-testing.md", encoding: .utf8)
        #expect(page.contains("## `touchbridge health"))
        for figure in ["jitter", "ghost", "stuck", "coverage", "SYN_DROPPED"] {
            #expect(page.contains(figure), "docs/hardware-testing.md defines \(figure)")
        }
    }

    /// `touches` maps onto the screen `run` would, and says which it is and where it comes from.
    @Test func touchesTakesTheScreenRunTakesAndSaysIt() throws {
        let scene = repositoryDirectory + "/examples/kiosk.json"
        let recording = repositoryDirectory + "/examples/kiosk.evemu"
        let touches = try Spawned(touchbridgeExecutable, ["touches", "--scene", scene, recording])
        #expect(touches.wait() == 0, "\(touches.errors)")
        let run = try Spawned(
            touchbridgeExecutable, ["run", "--json", "--log-events", "touches", "--scene", scene, recording])
        #expect(run.wait() == 0, "\(run.errors)")
        #expect(touches.errors.contains("screen 800x480 (the scene's)"), "\(touches.errors)")
        // The Coffee tap: where `touches` puts it is where the window gets it.
        #expect(touches.output.contains("#1 began (160.00, 380.00)"), "\(touches.output)")
        #expect(run.output.contains("\"window\":[160.0,380.0]"), "\(run.output)")
        let plain = try Spawned(touchbridgeExecutable, ["touches", recording])
        #expect(plain.wait() == 0)
        #expect(plain.errors.contains("(the panel's size at 96 dpi)"), "\(plain.errors)")
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
        #expect(parts.count == 3, "printed \(printed)")
        #expect(!parts.contains { $0.isEmpty }, "printed \(printed)")
        #expect(parts.allSatisfy { $0.allSatisfy(\.isNumber) }, "printed \(printed)")
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
