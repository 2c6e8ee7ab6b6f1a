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
        #expect(!text.contains("unplugging the last device"), "the daemon does not exit when its last panel goes: \(text)")
        #expect(text.contains("waits for it to come back"), "\(text)")
    }
}
