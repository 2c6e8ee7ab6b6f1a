import Glibc
import Runtime
import SceneCommands
import Testing
import TouchScene

/// The scene's programs: never started with root's rights, and otherwise started for their
/// action or the kiosk going idle, their end logged.
struct CommandRunnerTests {
    let scene = """
        { "windows": [ { "name": "w" } ],
          "commands": { "order": { "run": ["/bin/true"] } },
          "idle": { "after": 60, "run": ["/bin/sh", "-c", "exit 3"] } }
        """

    @Test(.enabled(if: geteuid() == 0, "only root is refused"))
    func aScenesProgramsNeverRunAsRoot() throws {
        let s = try Scene.parse(Array(scene.utf8), file: "scene.json")
        do {
            _ = try CommandRunner(
                commands: s.commands, loop: try EventLoop(), log: HandlerLog(format: .json), logTime: { 0 })
            Issue.record("root was let run the scene's programs")
        } catch let refusal as CommandRunner.RootRefusal {
            #expect(refusal.exitCode == 77)
            #expect(refusal.description.contains("root"), "\(refusal)")
        }
    }

    @Test(.enabled(if: geteuid() != 0, "root is refused (the test above); as another user the program runs"))
    func goingIdleStartsItsProgramAndItsEndIsLogged() throws {
        let s = try Scene.parse(Array(scene.utf8), file: "scene.json")
        let loop = try EventLoop()
        let log = HandlerLog(format: .json)
        let signals = SignalWatch(signals: [SIGCHLD])
        let runner = try CommandRunner(commands: s.commands, idle: s.idle, loop: loop, log: log, logTime: { 1 })
        _ = try loop.watch(signals.fd, order: .signal) {
            while signals.take() != nil { runner.reap() }
            if runner.runningCount == 0 { loop.stop() }
        }
        runner.trigger(idle: false, time: 1)
        #expect(runner.runningCount == 1)
        loop.run(beforeSleep: {})
        #expect(log.buffer.string.contains("\"event\":\"commandExited\",\"action\":\"idle\""), "\(log.buffer.string)")
        #expect(log.buffer.string.contains("\"status\":3"), "\(log.buffer.string)")
    }
}
