import Glibc
import InputEvents
import Output
import Runtime
import Sysexits
import TouchScene

/// The scene's `commands`: when an action is sent, its program is started directly (no
/// shell), with the action's details in its environment, stdin from /dev/null, its output
/// to the daemon's stderr line by line (`CommandOutput`, bounded) and no other descriptor. Nothing here waits: output is read and children are
/// reaped from the loop (SIGCHLD through the signalfd), timeouts are a loop timer armed only
/// while a command runs.
package final class CommandRunner {
    private struct Running {
        let command: SceneCommand
        let pid: pid_t
        let started: Double
        var deadline: Double
        var terminated = false
        var output: CommandOutput?
    }

    private var commands: [String: SceneCommand]
    /// The scene's `idle`: its programs for going idle and waking.
    private var idle: SceneIdle?
    private let loop: EventLoop
    private let log: HandlerLog
    /// The log's time now (input time: the monotonic clock live, the recording's clock).
    private let logTime: () -> Double
    private var running: [Running] = []
    private var timer: LoopTimer!

    /// How many commands are running now.
    package var runningCount: Int { running.count }

    /// Refuses to run as root (`RootRefusal`): a scene file must never start programs with
    /// root's rights.
    package init(
        commands: [SceneCommand], idle: SceneIdle? = nil, loop: EventLoop, log: HandlerLog,
        logTime: @escaping () -> Double
    ) throws {
        if geteuid() == 0 { throw RootRefusal() }
        self.commands = Dictionary(commands.map { ($0.action, $0) }, uniquingKeysWith: { a, _ in a })
        self.idle = idle
        self.loop = loop
        self.log = log
        self.logTime = logTime
        timer = try loop.timer { [unowned self] in timeoutsDue() }
    }

    /// A reloaded scene's commands: those running go on (and are reaped); new triggers use these.
    package func update(_ commands: [SceneCommand], idle: SceneIdle? = nil) {
        self.commands = Dictionary(commands.map { ($0.action, $0) }, uniquingKeysWith: { a, _ in a })
        self.idle = idle
    }

    /// An action was sent: start its command, if it has one and may run another instance.
    package func trigger(_ sent: HandlerLog.ActionSent) {
        guard let command = commands[sent.action] else { return }
        start(command, environment: environment(for: sent), time: sent.time)
    }

    /// The kiosk went idle (`waking` false) or woke: start the scene's `idle.run` or `idle.wake`.
    package func trigger(idle waking: Bool, time: Double) {
        guard let command = waking ? idle?.wake : idle?.run else { return }
        start(
            command,
            environment: baseEnvironment() + [
                "TOUCHBRIDGE_EVENT=\(waking ? "wake" : "idle")",
                "TOUCHBRIDGE_TIME=\(String(fixed: time, decimals: 6))",
            ], time: time)
    }

    private func start(_ command: SceneCommand, environment: [String], time: Double) {
        let instances = running.lazy.filter { $0.command.action == command.action }.count
        guard instances < command.concurrency else {
            log.commandSkipped(action: command.action, running: instances, time: time)
            return
        }
        do {
            let (pid, fd) = try spawn(command, environment: environment)
            let now = monotonicSeconds()
            var r = Running(command: command, pid: pid, started: now, deadline: now + command.timeout)
            r.output = try? CommandOutput(fd: fd, action: command.action, loop: loop)
            r.output?.paused = { [unowned self] in armTimer() }
            if r.output == nil { close(fd) }
            running.append(r)
            log.commandStarted(action: command.action, pid: pid, run: command.run, time: time)
            armTimer()
        } catch {
            Diagnostics.print("touchbridge: command for \(command.action): \(error)", level: .error)
        }
    }

    /// SIGCHLD: reaps the commands that ended and logs how.
    package func reap() {
        var i = 0
        while i < running.count {
            var status: Int32 = 0
            let r = waitpid(running[i].pid, &status, WNOHANG)
            guard r == running[i].pid || (r < 0 && errno == ECHILD) else {
                i += 1
                continue
            }
            finish(running.remove(at: i), status: r < 0 ? nil : status)
        }
        armTimer()
    }

    /// Shutdown: every running command gets SIGTERM, then SIGKILL after the grace period; all
    /// are reaped before this returns.
    package func stopAll() {
        guard !running.isEmpty else { return }
        for r in running { kill(-r.pid, SIGTERM) }
        // Asleep until a child ends (SIGCHLD is blocked for the signalfd, so it waits pending)
        // or the grace period is over; no polling.
        let end = monotonicSeconds() + SceneCommand.killGrace
        var chld = sigset_t()
        sigemptyset(&chld)
        sigaddset(&chld, SIGCHLD)
        reap()
        while !running.isEmpty {
            let left = end - monotonicSeconds()
            guard left > 0 else { break }
            var wait = timespec(tv_sec: Int(left), tv_nsec: Int((left - left.rounded(.down)) * 1e9))
            _ = sigtimedwait(&chld, nil, &wait)
            reap()
        }
        for r in running { kill(-r.pid, SIGKILL) }
        while !running.isEmpty {
            let r = running.removeFirst()
            var status: Int32 = 0
            let w = waitpid(r.pid, &status, 0)
            finish(r, status: w == r.pid ? status : nil)
        }
    }

    private func finish(_ r: Running, status: Int32?) {
        r.output?.finish()
        var exit: Int32?
        var signal: String?
        if let s = status {
            let sig = s & 0x7f
            if sig == 0 { exit = (s >> 8) & 0xff } else { signal = Self.signalName(sig) }
        }
        log.commandExited(
            action: r.command.action, pid: r.pid, status: exit, signal: signal, timedOut: r.terminated,
            duration: monotonicSeconds() - r.started, time: logTime())
    }

    /// The timer: commands past their timeout get SIGTERM, those past the grace SIGKILL.
    private func timeoutsDue() {
        // A command whose SIGCHLD went to another thread of a host program (a test runner, an
        // app on `Kiosk` with threads of its own) is reaped here at the latest, not waited for forever.
        reap()
        let now = monotonicSeconds()
        for r in running {
            if let at = r.output?.resumeAt, at <= now { r.output?.resume() }
        }
        for i in running.indices where running[i].deadline <= now {
            if running[i].terminated {
                kill(-running[i].pid, SIGKILL)
                running[i].deadline = .infinity
            } else {
                Diagnostics.print(
                    "touchbridge: command for \(running[i].command.action) (pid \(running[i].pid)) ran past its "
                        + "timeout of \(running[i].command.timeout) s: terminated", level: .warning)
                kill(-running[i].pid, SIGTERM)
                running[i].terminated = true
                running[i].deadline = now + SceneCommand.killGrace
            }
        }
        armTimer()
    }

    /// The timer for the next timeout, or the next output's pause to end.
    private func armTimer() {
        let next = running.lazy.flatMap { [$0.deadline, $0.output?.resumeAt ?? .infinity] }.min()
        timer.arm(next.flatMap { $0.isFinite ? $0 : nil })
    }

    /// The daemon's environment without its own and systemd's variables.
    private func baseEnvironment() -> [String] {
        var env: [String] = []
        var p = environ
        while let entry = p.pointee {
            let s = String(cString: entry)
            if !s.hasPrefix("TOUCHBRIDGE_") && !s.hasPrefix("NOTIFY_SOCKET=") && !s.hasPrefix("WATCHDOG_")
                && !s.hasPrefix("LISTEN_")
            {
                env.append(s)
            }
            p += 1
        }
        return env
    }

    private func environment(for a: HandlerLog.ActionSent) -> [String] {
        var env = baseEnvironment()
        func fixed(_ v: Double, _ decimals: Int) -> String { String(fixed: v, decimals: decimals) }
        env.append("TOUCHBRIDGE_ACTION=\(a.action)")
        env.append("TOUCHBRIDGE_SENDER=\(a.sender)")
        env.append("TOUCHBRIDGE_CONTROL_EVENT=\(a.controlEvent ?? "")")
        env.append("TOUCHBRIDGE_TARGET=\(a.target ?? "")")
        env.append("TOUCHBRIDGE_X=\(a.location.map { fixed($0.x, 2) } ?? "")")
        env.append("TOUCHBRIDGE_Y=\(a.location.map { fixed($0.y, 2) } ?? "")")
        env.append("TOUCHBRIDGE_TIME=\(fixed(a.time, 6))")
        env.append("TOUCHBRIDGE_DEVICE=\(a.device)")
        return env
    }

    /// Starts `command` in its own process group with an empty signal mask and default
    /// dispositions; returns its pid and the read end of its output pipe.
    private func spawn(_ command: SceneCommand, environment: [String]) throws -> (pid_t, Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw SpawnError(message: "pipe: \(String(cString: strerror(errno)))") }
        // One thread: nothing can fork between pipe and these.
        defer { close(fds[1]) }
        // The read end is the loop's; the write end the child's only (close-on-exec here).
        if let e = UnixSocket.makeNonBlocking(fds[0]) ?? (fcntl(fds[1], F_SETFD, FD_CLOEXEC) == 0 ? nil : errno) {
            close(fds[0])
            throw SpawnError(message: "fcntl: \(String(cString: strerror(e)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
        // Only standard input, output and error: nothing the daemon holds (the socket, its
        // clients, panels, an app's own descriptors) reaches the program.
        _ = addCloseFrom(3, to: &actions)
        let argv = command.run.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { for p in argv + envp { free(p) } }
        var pid: pid_t = 0
        let rc = withDefaultSignals(ownGroup: true) { attr in
            posix_spawn(&pid, command.run[0], &actions, &attr, argv, envp)
        }
        guard rc == 0 else {
            close(fds[0])
            throw SpawnError(message: "cannot start \(command.run[0]): \(String(cString: strerror(rc)))")
        }
        return (pid, fds[0])
    }

    /// The daemon runs as root and the scene has commands.
    package struct RootRefusal: Error, CustomStringConvertible {
        package var description: String {
            "the scene's commands never run as root: run touchbridge as an unprivileged user "
                + "(the installed service runs as 'touchbridge'; by hand: sudo -u touchbridge touchbridge run …)"
        }
        /// sysexits' "permission denied".
        package var exitCode: Int32 { Sysexits.noPermission }
    }

    struct SpawnError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    static func signalName(_ s: Int32) -> String {
        switch s {
        case SIGTERM: return "SIGTERM"
        case SIGKILL: return "SIGKILL"
        case SIGINT: return "SIGINT"
        case SIGHUP: return "SIGHUP"
        case SIGSEGV: return "SIGSEGV"
        case SIGABRT: return "SIGABRT"
        case SIGPIPE: return "SIGPIPE"
        default: return "SIG\(s)"
        }
    }
}
