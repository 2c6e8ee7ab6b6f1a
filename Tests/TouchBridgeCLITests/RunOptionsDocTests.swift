import Foundation
import RunCommandLine
import Testing

/// docs/daemon.md's table of `run`'s options names every option `RunOption.all` declares, and
/// no other: a new option is documented where users look for it.
@Suite("run's options in the docs")
struct RunOptionsDocTests {
    @Test func theDaemonPagesTableNamesEveryOption() throws {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/daemon.md").path
        let text = try String(contentsOfFile: page, encoding: .utf8)
        var named = Set<String>()
        for line in text.split(separator: "\n") where line.hasPrefix("| `--") {
            // The first cell, whose `\|` are pipes inside it (`--rotate 0\|90\|180\|270`).
            let cell = line.dropFirst(2).replacingOccurrences(of: "\\|", with: "/").prefix { $0 != "|" }
            for part in cell.split(separator: "`") where part.hasPrefix("--") {
                named.insert(String(part.dropFirst(2).prefix { $0.isLetter || $0 == "-" }))
            }
        }
        let undocumented = RunArguments.names.subtracting(named)
        let extra = named.subtracting(RunArguments.names)
        #expect(undocumented.isEmpty, "not in docs/daemon.md's table: \(undocumented.sorted())")
        #expect(extra.isEmpty, "in the table but not an option of run: \(extra.sorted())")
    }
}
