import Foundation
import Glibc
import ProgramTestSupport
import Testing

/// The scene's `commands`, run by `touchbridge run` on recordings: the environment a command
/// gets, its output on stderr, its timeout, its concurrency, and a program refused at load.
@Suite("Commands on actions", .serialized)
struct SceneCommandTests {
    /// The kiosk scene with `commands` added; the file's path.
    func kioskScene(commands: String) throws -> String {
        var text = try String(contentsOfFile: repositoryDirectory + "/examples/kiosk.json", encoding: .utf8)
        let end = text.range(of: "}", options: .backwards)!
        text.replaceSubrange(end, with: ", \"commands\": \(commands)\n}")
        let path = temporaryPath("scene") + ".json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `run` as the user nobody (commands never run as root), through setpriv, on copies of
    /// the program and the recording that nobody can read.
    func run(_ scene: String, _ recording: String, json: Bool = true) throws -> Spawned {
        let setpriv = try #require(tool("setpriv"), "util-linux's setpriv runs the daemon as another user")
        let p = try Spawned(
            setpriv,
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", OtherUsers.touchbridge,
                "run", "--scene", scene,
            ] + (json ? ["--json"] : []) + [OtherUsers.readable(recording)])
        #expect(p.wait(timeout: 30) == 0, "\(p.errors)")
        return p
    }

    @Test func aCommandGetsTheActionInItsEnvironmentAndItsOutputGoesToStderr() throws {
        let dump = temporaryPath("env")
        let scene = try kioskScene(
            commands: """
                {"orderCoffee": {"run": ["/bin/sh", "-c", "env | grep ^TOUCHBRIDGE_ | sort > \(dump); echo brewing; echo done >&2"]}}
                """)
        let p = try run(scene, repositoryDirectory + "/examples/kiosk.evemu")
        let env = try String(contentsOfFile: dump, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(
            env == [
                "TOUCHBRIDGE_ACTION=orderCoffee", "TOUCHBRIDGE_CONTROL_EVENT=touchUpInside",
                "TOUCHBRIDGE_DEVICE=\(OtherUsers.readable(repositoryDirectory + "/examples/kiosk.evemu"))",
                "TOUCHBRIDGE_SENDER=Coffee",
                "TOUCHBRIDGE_TARGET=AppDelegate", "TOUCHBRIDGE_TIME=0.061338", "TOUCHBRIDGE_X=160.00",
                "TOUCHBRIDGE_Y=380.00",
            ],
            "\(env)")
        #expect(
            p.errors.contains("touchbridge: orderCoffee: brewing\n"),
            "\(p.errors)")
        #expect(
            p.errors.contains("touchbridge: orderCoffee: done\n"),
            "\(p.errors)")
        let lines = p.output.split(separator: "\n")
        let action = lines.firstIndex { $0.contains("\"event\":\"action\",\"action\":\"orderCoffee\"") }
        let started = lines.firstIndex { $0.contains("\"event\":\"commandStarted\",\"action\":\"orderCoffee\"") }
        #expect(action != nil, "the command starts right after its action's line")
        #expect(started == action.map { $0 + 1 }, "the command starts right after its action's line")
        #expect(
            lines.contains {
                $0.contains("\"event\":\"commandExited\",\"action\":\"orderCoffee\"")
                    && $0.contains("\"status\":0,\"signal\":null,\"timedOut\":false")
            })
    }

    @Test(.enabled(if: getuid() == 0, "only root can be refused as root"))
    func aCommandNeverRunsAsRoot() throws {
        let scene = try kioskScene(commands: #"{"orderCoffee": {"run": ["/bin/true"]}}"#)
        let p = try Spawned(
            touchbridgeExecutable, ["run", "--scene", scene, repositoryDirectory + "/examples/kiosk.evemu"])
        #expect(p.wait() == 77)
        #expect(p.errors.contains("the scene's commands never run as root"), "\(p.errors)")
        #expect(p.output.isEmpty)
    }

    @Test(.enabled(if: getuid() == 0, "only root can be refused as root"))
    func idleProgramsNeverRunAsRootEither() throws {
        var text = try String(contentsOfFile: repositoryDirectory + "/examples/kiosk-idle.json", encoding: .utf8)
        text = text.replacingOccurrences(
            of: #""idle": { "after": 5 }"#, with: #""idle": { "after": 5, "run": ["/bin/true"] }"#)
        let scene = temporaryPath("idle-root") + ".json"
        try text.write(toFile: scene, atomically: true, encoding: .utf8)
        defer { unlink(scene) }
        let p = try Spawned(
            touchbridgeExecutable, ["run", "--scene", scene, repositoryDirectory + "/examples/kiosk-idle.evemu"])
        #expect(p.wait() == 77)
        #expect(p.errors.contains("the scene's commands never run as root"), "\(p.errors)")
    }

    @Test func aCommandThatIgnoresSigtermIsKilled() throws {
        let scene = try kioskScene(
            commands: #"{"orderTea": {"run": ["/bin/sh", "-c", "trap '' TERM; sleep 30"], "timeout": 0.2}}"#)
        let p = try run(scene, repositoryDirectory + "/examples/kiosk.evemu", json: false)
        let exited = p.output.split(separator: "\n").filter { $0.contains("commandExited orderTea") }
        #expect(exited.count == 1, "\(p.output)")
        #expect(exited[0].contains("signal SIGKILL timed out"), "\(p.output)")
    }

    @Test func aCommandPastItsTimeoutIsTerminated() throws {
        let scene = try kioskScene(commands: #"{"orderTea": {"run": ["/bin/sleep", "30"], "timeout": 0.3}}"#)
        let p = try run(scene, repositoryDirectory + "/examples/kiosk.evemu", json: false)
        let exited = p.output.split(separator: "\n").filter { $0.contains("commandExited orderTea") }
        #expect(exited.count == 1, "\(p.output)")
        #expect(exited[0].contains("signal SIGTERM timed out"), "\(p.output)")
        #expect(p.errors.contains("ran past its timeout of 0.3 s: terminated"))
    }

    @Test func aCommandThatPrintsWithoutEndIsKilledAtItsTimeoutAndHoldsNothing() throws {
        // `yes` fills its pipe as fast as it is read: the daemon reads a bounded amount a wake,
        // shows a few lines, counts the rest, and its timer, the later taps and the end all come.
        let scene = try kioskScene(commands: #"{"orderCoffee": {"run": ["/usr/bin/yes"], "timeout": 1}}"#)
        let p = try run(scene, repositoryDirectory + "/examples/kiosk.evemu", json: false)
        let out = p.output.split(separator: "\n")
        let exited = out.filter { $0.contains("commandExited orderCoffee") }
        #expect(exited.count == 1, "\(p.output)")
        #expect(exited[0].contains("signal SIGTERM timed out"), "\(p.output)")
        #expect(out.contains { $0.contains("action orderWater from Water") }, "the later taps still reach the app")
        #expect(out.contains { $0.contains("deviceRemoved") }, "the recording played to its end")
        let shown = p.errors.split(separator: "\n").filter { $0 == "touchbridge: orderCoffee: y" }.count
        #expect(shown >= 1, "a burst of lines, then the rate: \(shown) shown")
        #expect(shown <= 100, "a burst of lines, then the rate: \(shown) shown")
        #expect(p.errors.contains("prints faster than 10 lines a second"))
        let notShown = p.errors.split(separator: "\n").first { $0.hasSuffix("lines of output not shown") }
        #expect(
            notShown.flatMap { Int($0.split(separator: " ")[2]) }.map { $0 > 1000 } == true, "\(p.errors.suffix(500))")
    }

    @Test func aCommandInheritsNoDescriptorButItsStandardOnes() throws {
        // The daemon is started holding descriptor 7 open (as a careless parent leaves one): its
        // command must not get it, nor any of the daemon's own.
        let scene = try kioskScene(
            commands: #"{"orderCoffee": {"run": ["/bin/sh", "-c", "cd /proc/self/fd && echo open: *"]}}"#)
        let setpriv = try #require(tool("setpriv"), "util-linux's setpriv runs the daemon as another user")
        let p = try Spawned(
            "/bin/sh",
            [
                "-c", #"exec 7</dev/null; exec "$0" "$@""#, setpriv, "--reuid=65534", "--regid=65534",
                "--clear-groups", OtherUsers.touchbridge, "run", "--scene", scene,
                OtherUsers.readable(repositoryDirectory + "/examples/kiosk.evemu"),
            ])
        #expect(p.wait(timeout: 30) == 0, "\(p.errors)")
        let line = p.errors.split(separator: "\n").first { $0.hasPrefix("touchbridge: orderCoffee: open:") }
        // The shell's 0, 1, 2, and the directory its glob reads.
        #expect(line.map { $0.split(separator: " ").dropFirst(3).count } == 4, "\(p.errors)")
    }

    @Test func fiftyTriggersASecondAreBoundedByConcurrency() throws {
        // 50 taps on Coffee in one second; the command takes longer than the whole burst.
        var r = RecordingText()
        for i in 0..<50 {
            let t = Double(i) * 0.02
            r.down(t, slot: 0, id: i + 1, 160, 380)
            r.sync(t)
            r.up(t + 0.01, slot: 0)
            r.sync(t + 0.01)
        }
        let scene = try kioskScene(commands: #"{"orderCoffee": {"run": ["/bin/sleep", "0.5"], "concurrency": 3}}"#)
        let p = try run(scene, try r.file())
        let lines = p.output.split(separator: "\n")
        func count(_ event: String) -> Int { lines.filter { $0.contains("\"event\":\"\(event)\"") }.count }
        #expect(count("action") == 50)
        #expect(count("commandStarted") + count("commandSkipped") == 50)
        #expect(count("commandStarted") == 3, "the recording plays faster than a command ends")
        #expect(count("commandExited") == 3)
        #expect(lines.filter { $0.contains("commandSkipped") }.allSatisfy { $0.contains("\"running\":3") })
    }

    @Test func aMissingProgramIsRefusedWhenTheSceneIsLoaded() throws {
        let scene = try kioskScene(commands: #"{"orderCoffee": {"run": ["/usr/local/bin/no-such-vend", "coffee"]}}"#)
        let p = try Spawned(
            touchbridgeExecutable, ["run", "--scene", scene, repositoryDirectory + "/examples/kiosk.evemu"])
        #expect(p.wait() == 65)
        let line = try String(contentsOfFile: scene, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .firstIndex { $0.contains("no-such-vend") }.map { $0 + 1 }
        #expect(p.errors.contains("\(scene): commands.orderCoffee.run[0]: "), "\(p.errors)")
        #expect(p.errors.contains("(line \(line ?? 0))"), "\(p.errors)")
        #expect(p.errors.contains("no such program"), "\(p.errors)")
        #expect(p.output.isEmpty, "nothing runs")
        let relative = try kioskScene(commands: #"{"orderCoffee": {"run": ["vend"]}}"#)
        let q = try Spawned(touchbridgeExecutable, ["scene", relative])
        #expect(q.wait() == 65)
        #expect(q.errors.contains("expected an absolute path"), "\(q.errors)")
    }
}
