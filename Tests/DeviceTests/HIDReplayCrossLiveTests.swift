import Foundation
import Glibc
import ProgramTestSupport
import Testing

/// touchbridge's HID replay and hid-tools' own, each on the other's recording of a real panel
/// re-created through uhid: whichever program recorded and whichever replays, the kernel's
/// hid-multitouch gives evtest the events it gave for the live panel.
@Suite(
    "HID replay beside hid-tools'", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason),
    .enabled(if: UHIDPanel.available, "needs a writable /dev/uhid (the test VM has one)"), .serialized)
struct HIDReplayCrossLiveTests {
    static let name = "touchbridge uhid eGalax capacitive 0eef:7224"

    /// The two recordings of one tap and one drag, ours and hid-recorder's, and evtest's events.
    struct Recorded {
        var ours = ""
        var theirs = ""
        var live: [String] = []
    }

    static func recordBoth() throws -> Recorded {
        let evtest = try #require(tool("evtest"), "evtest is not installed")
        let panel = try UHIDPanel("eGalax capacitive 0eef:7224")
        let hidraw = try HIDRecordLiveTests.hidraw(of: panel.node)
        let ours = try Spawned(touchbridgeExecutable, ["hid-record", hidraw])
        let theirs = try Spawned(
            "/usr/bin/python3", [UHIDPanel.pythonPath + "/bin/hid-recorder", hidraw],
            environment: ["PYTHONPATH": UHIDPanel.pythonPath])
        let reader = try Spawned(evtest, [panel.node])
        #expect(ours.waitFor("I: "), "\(ours.errors)")
        #expect(theirs.waitFor("I: ", timeout: UHIDPanel.pythonStart), "\(theirs.errors)")
        #expect(reader.waitFor("Testing ..."), "\(reader.output)")
        try panel.play("tap")
        try panel.play("drag")
        let reports = { (text: String) in HIDRecordLiveTests.lines(text, "E: ").count }
        #expect(eventually { reports(ours.output) > 0 ? reports(ours.output) == reports(theirs.output) : false })
        #expect(
            eventually { HIDRecordLiveTests.events(reader.output).filter { $0.contains("SYN_REPORT") }.count >= 20 })
        Thread.sleep(forTimeInterval: 1)
        #expect(ours.stop() == 0, "\(ours.errors)")
        _ = theirs.stop()
        reader.stop()
        return Recorded(ours: ours.output, theirs: theirs.output, live: HIDRecordLiveTests.events(reader.output))
    }

    /// evtest's events for `file` replayed by touchbridge.
    static func replayedByUs(_ file: String) throws -> [String] {
        let evtest = try #require(tool("evtest"), "evtest is not installed")
        #expect(eventually { HIDRecordLiveTests.eventNode(named: name) == nil }, "a panel of that name is still here")
        let replay = try Spawned(touchbridgeExecutable, ["hid-replay", "--start-delay", "3", file])
        var node: String?
        #expect(
            eventually {
                node = HIDRecordLiveTests.eventNode(named: name)
                return node != nil
            }, "\(replay.errors)")
        let reader = try Spawned(evtest, [try #require(node)])
        #expect(reader.waitFor("Testing ..."), "\(reader.output)")
        #expect(replay.wait(timeout: 60) == 0, "\(replay.errors)")
        reader.stop()
        return HIDRecordLiveTests.events(reader.output)
    }

    /// evtest's events for `file` replayed by hid-tools' `hid-replay`, which starts when a line
    /// reaches its standard input and, once done, asks again.
    static func replayedByHidTools(_ file: String, frames: Int) throws -> [String] {
        let evtest = try #require(tool("evtest"), "evtest is not installed")
        #expect(eventually { HIDRecordLiveTests.eventNode(named: name) == nil }, "a panel of that name is still here")
        let go = testTemporaryDirectory + "/hid-replay-\(UUID().uuidString).in"
        #expect(mkfifo(go, 0o600) == 0)
        defer { unlink(go) }
        let replay = try Spawned(
            "/usr/bin/python3", [UHIDPanel.pythonPath + "/bin/hid-replay", "--verbose", file],
            environment: ["PYTHONPATH": UHIDPanel.pythonPath], input: go)
        #expect(replay.waitFor("Hit enter to start", timeout: UHIDPanel.pythonStart), "\(replay.errors)")
        // hid-replay says so once the node is there, but while it waits for the line it answers
        // nothing: hid-multitouch's probe may still wait on its Input Mode SET_REPORT, which the
        // kernel gives up after 5 s, and until the probe ends the HID core drops every report.
        _ = eventually(timeout: 6) { replay.errors.contains("set report") }
        let node = try #require(HIDRecordLiveTests.eventNode(named: name), "\(replay.errors)")
        let reader = try Spawned(evtest, [node])
        #expect(reader.waitFor("Testing ..."), "\(reader.output)")
        let fd = open(go, O_WRONLY | O_NONBLOCK)
        #expect(fd >= 0)
        #expect(write(fd, "\n", 1) == 1)
        close(fd)
        #expect(replay.waitFor("Hit enter to restart", timeout: 60), "\(replay.errors)")
        let syn = { HIDRecordLiveTests.events(reader.output).filter { $0.contains("SYN_REPORT") }.count }
        let said = {
            "\(syn()) of \(frames) frames; hid-replay said \(replay.output) \(replay.errors); "
                + "evtest: \(reader.output); the kernel: \(Self.kernelTail())"
        }
        #expect(eventually { syn() >= frames }, "\(said())")
        replay.stop()
        reader.stop()
        return HIDRecordLiveTests.events(reader.output)
    }

    /// The kernel's last lines, for a failure's message.
    static func kernelTail() -> String {
        guard let p = try? Spawned("/bin/dmesg", []) else { return "" }
        _ = p.wait(timeout: 10)
        return p.output.split(separator: "\n").suffix(30).joined(separator: "\n")
    }

    @Test func eachReplaysTheOthersRecordingAsTheLivePanelGaveIt() throws {
        let recorded = try Self.recordBoth()
        let frames = recorded.live.filter { $0.contains("SYN_REPORT") }.count
        #expect(frames >= 20)
        let ours = testTemporaryDirectory + "/ours.hid"
        let theirs = testTemporaryDirectory + "/theirs.hid"
        try recorded.ours.write(toFile: ours, atomically: true, encoding: .utf8)
        try recorded.theirs.write(toFile: theirs, atomically: true, encoding: .utf8)
        #expect(try Self.replayedByUs(theirs) == recorded.live, "touchbridge hid-replay of hid-recorder's file")
        #expect(
            try Self.replayedByHidTools(theirs, frames: frames) == recorded.live, "hid-replay of hid-recorder's file")
        #expect(try Self.replayedByHidTools(ours, frames: frames) == recorded.live, "hid-replay of our file")
    }
}
