import Glibc
import Host
import Output
import Runtime

extension LiveSource {
    /// `--spots`: the command line's `spots` started beside the daemon for the same panels (or,
    /// with none named, every touchscreen, following hotplug), drawing on their displays; the
    /// daemon links no drawing of its own. Its diagnostics go where the daemon's go.
    func startSpots() {
        guard let program = options.spotsProgram else { return }
        var arguments = [program, "spots", "--follow"]
        if case .named(let names) = selection { arguments += names }
        if let output = options.output { arguments += ["--output", output] }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        // Standard error is the daemon's; nothing else it holds (panels, the socket) is passed on.
        _ = addCloseFrom(3, to: &actions)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let rc = withDefaultSignals(ownGroup: false) { attr in
            posix_spawn(&pid, program, &actions, &attr, argv, environ)
        }
        guard rc == 0 else {
            warn("spots: cannot start \(program): \(String(cString: strerror(rc)))", .warning)
            return
        }
        spotsPID = pid
        warn("spots: contacts shown on the panels' displays (\(program) spots, pid \(pid))", .info)
    }

    /// Ends `spots` with the daemon: asked to stop, then killed after a second.
    func stopSpots() {
        guard let pid = spotsPID else { return }
        spotsPID = nil
        kill(pid, SIGTERM)
        reap(pid, within: 1000)
    }
}
