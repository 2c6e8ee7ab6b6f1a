import Foundation
import Glibc
import ProgramTestSupport
import Testing

/// A device's name is its maker's word (or a recording's author's): every command that prints
/// one writes it as text, its controls and hidden characters escaped, so it can neither drive
/// the terminal (a title, a colour, a cleared screen) nor reorder what follows it.
@Suite("Hostile device names through every command")
struct HostileNamesTests {
    static let name = "Evil\u{1B}]0;pwned\u{7}\u{1B}[31mRED\u{202E}TXT\u{9B}2J\u{200B}"

    /// kiosk.evemu under the hostile name.
    static let recording: String = {
        let text = (try? String(contentsOfFile: repositoryDirectory + "/examples/kiosk.evemu", encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasPrefix("N: ") ? "N: " + name : String($0)
        }
        let path = testTemporaryDirectory + "/hostile-name.evemu"
        try? lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }()

    @Test(arguments: [
        ["health"], ["health", "--json"], ["qualify"], ["qualify", "--json"], ["touches"], ["run"], ["run", "--json"],
        ["picture"],
    ])
    func theNameReachesStandardOutputEscaped(_ command: [String]) throws {
        let p = try Spawned(touchbridgeExecutable, command + [Self.recording])
        let status = p.wait(timeout: 60)
        #expect(status == 0 || status == 75, "\(command): \(p.errors)")
        #expect(terminalHidden(p.output).isEmpty, "\(command): \(p.output.debugDescription)")
        #expect(terminalHidden(p.errors).isEmpty, "\(command): \(p.errors.debugDescription)")
        if command != ["touches"] && command != ["picture"] {
            #expect(p.output.contains("Evil"), "the name is still shown: \(p.output)")
            #expect(p.output.contains("RED"), "the name is still shown: \(p.output)")
        }
    }

    @Test func watchShowsTheNameEscapedInItsTitle() throws {
        let t = try TmuxTerminal(
            columns: 160, rows: 24, [touchbridgeExecutable, "watch", Self.recording, "--until", "0.5"])
        #expect(t.waitFor("Evil"), "\(t.screen)")
        let title = t.screen.first ?? ""
        #expect(title.contains(#"Evil\u{1B}]0;pwned\u{7}\u{1B}[31mRED\u{202E}TXT\u{9B}2J\u{200B}"#), "\(title)")
    }
}
