import Evdev
import Foundation
import Glibc
import HostTestSupport
import PipelineChecks
import PipelineTestSupport
import ProgramTestSupport
import Runtime
import Testing
import TouchTools

@testable import Host
@testable import TouchScene

/// The log's listeners add up: metrics, the scene's commands, a picture recorder, the
/// invariant checker and an action listener all hear one run, beside the event socket's
/// client and standard output, and ending one registration leaves the others.
@Suite("The log's listeners")
struct LogListenersTests {
    static let asChild = ProcessInfo.processInfo.environment["TOUCHBRIDGE_LISTENERS_CHILD"] == "1"

    @Test func everyListenerAndTheSocketHearTheSameRun() throws {
        // The scene's commands refuse to run as root: as root, this test runs again in a child
        // of this test binary as the user nobody, and passes when the child does.
        if geteuid() == 0 && !Self.asChild {
            try Self.passesAsNobody()
            return
        }
        let dir = NSTemporaryDirectory() + "tb-listeners-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var options = RunOptions()
        options.format = .json
        options.socketPath = dir + "/events.sock"
        options.socketActivation = false
        options.realtime = true  // a recording serves the socket at its own pace
        options.metricsFile = dir + "/metrics.prom"
        // The kiosk scene with a command on its first button's action.
        var sceneText = try String(contentsOfFile: "\(examplesDirectory)/kiosk.json", encoding: .utf8)
        let last = try #require(sceneText.lastIndex(of: "}"))
        sceneText.replaceSubrange(
            last...last, with: #", "commands": { "orderCoffee": { "run": ["/bin/true"], "timeout": 5 } } }"#)
        try sceneText.write(toFile: dir + "/scene.json", atomically: true, encoding: .utf8)
        let sink = MemorySink()
        let recorder = PictureRecorder()
        let run = try Runner(
            recordings: ["\(examplesDirectory)/kiosk.evemu"], scene: try Scene.read(path: dir + "/scene.json"),
            options: options, sink: sink, observers: recorder.observers)
        // A client of the socket, connected before the run (its loop accepts it).
        let client = try UnixSocket.connect(path: dir + "/events.sock").get()
        defer { close(client) }
        recorder.follow(run.touchPipeline)
        let checker = InvariantChecker(run.touchPipeline.scene)
        var actions: [String] = []
        let log = run.touchPipeline.log
        _ = log.listen(toActions: { actions.append($0.action) })
        try run.run()

        let coffee = actions.filter { $0 == "orderCoffee" }.count
        #expect(
            coffee > 0,
            "the command ran on each of its actions")
        #expect(
            sink.lines.filter { $0.contains("\"event\":\"commandExited\",\"action\":\"orderCoffee\"") }.count
                == coffee,
            "the command ran on each of its actions")
        let stdoutActions = sink.lines.filter { $0.contains("\"event\":\"action\"") }
        #expect(stdoutActions.count >= 2, "the kiosk recording presses buttons")
        #expect(actions.count == stdoutActions.count, "the action listener heard every action")
        for (heard, line) in zip(actions, stdoutActions) { #expect(line.contains("\"action\":\"\(heard)\"")) }
        let metrics = try String(contentsOfFile: dir + "/metrics.prom", encoding: .utf8)
        for action in Set(actions) {
            let n = actions.filter { $0 == action }.count
            #expect(
                metrics.contains("touchbridge_actions_total{action=\"\(action)\"} \(n)"),
                "metrics counted \(action): \(metrics)")
        }
        let began = sink.lines.filter { $0.contains("\"event\":\"touchesBegan\"") }.count
        #expect(began > 0, "the picture recorder heard the touches")
        #expect(!recorder.trails.isEmpty, "the picture recorder heard the touches")
        let calls = sink.lines.filter { !$0.contains("\"event\":\"command") }.count
        #expect(
            checker.calls >= calls - 2,
            "the checker heard the calls: \(checker.calls) of \(calls)")
        #expect(
            checker.violations.isEmpty,
            "the checker heard the calls: \(checker.calls) of \(calls)")
        // The socket's client got the same lines after its hello (the socket closes at the end).
        var received = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = read(client, &chunk, chunk.count)
            if n <= 0 { break }
            received += chunk[..<n]
        }
        let socketLines = String(decoding: received, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(socketLines.filter { $0.contains("\"event\":\"action\"") } == stdoutActions)
    }

    /// Runs this test again in a child of the test binary as the user nobody; it passes when the
    /// child does. The binary and the files the test reads are copied where nobody can read
    /// them: the checkout may be out of its reach (root's home is 0700).
    static func passesAsNobody() throws {
        let shared = NSTemporaryDirectory() + "tb-nobody-\(getpid())"
        try FileManager.default.createDirectory(atPath: shared + "/examples", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: shared) }
        let binary = shared + "/tests.xctest"
        OtherUsers.copy(CommandLine.arguments[0], to: binary, mode: 0o755)
        for name in ["kiosk.json", "kiosk.evemu"] {
            OtherUsers.copy("\(examplesDirectory)/\(name)", to: "\(shared)/examples/\(name)", mode: 0o644)
        }
        for path in [shared, shared + "/examples"] { chmod(path, 0o755) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        p.arguments = [
            "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--", binary,
            "--testing-library", "swift-testing", "--filter", "everyListenerAndTheSocketHearTheSameRun",
        ]
        p.environment = ProcessInfo.processInfo.environment.merging([
            "TOUCHBRIDGE_LISTENERS_CHILD": "1", "TOUCHBRIDGE_TEST_EXAMPLES": shared + "/examples",
        ]) { $1 }
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "as nobody: \(text.suffix(3000))")
        #expect(text.contains("passed"), "as nobody: \(text.suffix(3000))")
    }

    @Test func endingOneRegistrationLeavesTheOthers() throws {
        let log = HandlerLog(format: .text)
        var first = 0
        var second = 0
        let a = log.listen(toCalls: { _ in first += 1 })
        _ = log.listen(toCalls: { _ in second += 1 })
        log.device(.added, node: "/dev/input/event1", name: "one", time: 1)
        log.stopListening(a)
        log.device(.removed, node: "/dev/input/event1", name: "one", time: 2)
        #expect(first == 1)
        #expect(second == 2)
    }
}
