import Evdev
import Glibc
import Host
import InputEvents
import Replay
import Runtime
import Testing

/// The recorded frame source on its own: what it says of a recording's panels before the
/// runner places them, and a malformed recording refused with its line.
@Suite struct RecordingSourceTests {
    /// The repository's examples (or the copy `TOUCHBRIDGE_TEST_EXAMPLES` names).
    let examples: String = {
        if let copy = getenv("TOUCHBRIDGE_TEST_EXAMPLES") { return String(cString: copy) }
        let parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        return parts.dropLast(3).joined(separator: "/") + "/examples"
    }()

    @Test func aRecordingIsOnePanelNamedAsRecordedAndKeptByItsPath() throws {
        let path = examples + "/kiosk.evemu"
        let source = try RecordingSource(paths: [path], options: RunOptions(), commands: false) { _ in }
        let panels = source.startingPanels()
        try #require(panels.count == 1)
        #expect(panels[0].0.node == path)
        #expect(panels[0].0.key == path)
        #expect(panels[0].0.description.name == "touchbridge example panel")
        #expect(source.panelsInService.map { $0.name } == ["touchbridge example panel"])
        #expect(!source.isLive)
        #expect(source.loop == nil, "nothing waits in a loop: played as fast as possible")
    }

    @Test func realtimeGivesTheSourceALoopToWaitIn() throws {
        var options = RunOptions()
        options.realtime = true
        let source = try RecordingSource(
            paths: [examples + "/kiosk.evemu"], options: options, commands: false
        ) { _ in }
        #expect(source.loop != nil)
    }

    @Test func aMalformedRecordingIsRefusedWithItsLine() throws {
        let path = "/tmp/touchbridge-replay-test-\(getpid()).evemu"
        try writeFileAtomically(path, "# EVEMU 1.3\nN: broken\nI: 0003 zz 0002 0003\n")
        defer { unlink(path) }
        let error = #expect(throws: RecordingError.self) {
            _ = try RecordingSource(paths: [path], options: RunOptions(), commands: false) { _ in }
        }
        #expect(error?.description.hasPrefix("\(path):3:") == true, "\(String(describing: error))")
    }
}
