import Evdev
import EventSocket
import Output
import Pipeline
import Runtime
import SceneCommands
import TextBuffers
import TouchKit
import TouchScene

/// Where the handler log goes when the loop is about to sleep: standard output (the kinds
/// `--log-events` chose), the event socket's clients, and the scene's commands (started as
/// actions are sent). The one place `run` hands lines to their readers.
package final class LogOutputs {
    let standardOutput: any TextSink
    /// `--log-events`: what standard output gets.
    let kinds: HandlerLog.Kinds
    package private(set) var socket: EventSocket?
    package private(set) var commands: CommandRunner?
    /// The log the commands hear, and their registration on it.
    private var commandsListening: (log: HandlerLog, listening: HandlerLog.Listening, idle: HandlerLog.Listening)?
    private var scratch = TextBuffer(capacity: 1 << 12)

    init(standardOutput: any TextSink, kinds: HandlerLog.Kinds) {
        self.standardOutput = standardOutput
        self.kinds = kinds
    }

    /// Opens the event socket (at `path`, or the one systemd passed when `activation`) in `loop`.
    func openSocket(
        path: String?, activation: Bool, stallLimit: Double, served: HandlerLog.Kinds, loop: EventLoop,
        pipeline: TouchPipeline,
        screen: @escaping () -> Size, sceneFile: String?, now: @escaping () -> Double,
        warn: @escaping (String, Diagnostics.Level) -> Void
    ) throws {
        let inherited = activation ? try UnixSocket.inherited() : nil
        guard path != nil || inherited != nil else { return }
        let s = try EventSocket(
            path: path, inherited: inherited, loop: loop, log: pipeline.log, stallLimit: stallLimit, served: served)
        // A socket that does not serve touches tells no place of a finger or a pen (a PIN
        // pad's): not in its hello, not on a wake line.
        let places = served.contains(.touches)
        pipeline.log.namesWakingPlaces = places
        s.hello = { [unowned pipeline] b in
            HelloLine.write(pipeline, screen: screen(), sceneFile: sceneFile, serves: served, time: now(), into: &b)
        }
        s.now = now
        s.warn = warn
        socket = s
        warn("event socket: listening on \(s.path ?? "the socket systemd passed")", .info)
    }

    /// Starts the scene's commands as its actions are sent (again after each reload). Throws
    /// `CommandRunner.RootRefusal` when the daemon runs as root.
    func runCommands(of scene: Scene, log: HandlerLog, loop: EventLoop, now: @escaping () -> Double) throws {
        if commands == nil && scene.programs.isEmpty { return }
        if let commands {
            commands.update(scene.commands, idle: scene.idle)
        } else {
            commands = try CommandRunner(commands: scene.commands, idle: scene.idle, loop: loop, log: log, logTime: now)
        }
        // A reload keeps the log: the commands hear it once.
        if let l = commandsListening, l.log === log { return }
        if let l = commandsListening {
            l.log.stopListening(l.listening)
            l.log.stopListening(l.idle)
        }
        commandsListening = (
            log, log.listen(toActions: { [unowned self] in commands?.trigger($0) }),
            log.listen(toIdle: { [unowned self] waking, time in commands?.trigger(idle: waking, time: time) })
        )
    }

    /// Hands what the log holds to every reader and empties it.
    func flush(_ log: HandlerLog) {
        socket?.deliver()
        if kinds == .all {
            log.flush(to: standardOutput)
        } else {
            scratch.removeAll()
            HandlerLog.copy(kinds, from: log.buffer, marks: log.marks, into: &scratch)
            standardOutput.flush(&scratch)
            log.discard()
        }
    }

    /// Shutdown, after the last lines were flushed: commands stopped, clients ended.
    func finish(_ log: HandlerLog) {
        if let commands, commands.runningCount > 0 {
            commands.stopAll()
            flush(log)
        }
        socket?.finish()
    }
}
