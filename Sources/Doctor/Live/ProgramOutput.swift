import Glibc
import Runtime

/// What a system program (systemctl, journalctl, swaymsg) prints, read with a deadline and a
/// limit so a hung or chatty program cannot hold `doctor`.
package enum ProgramOutput {
    /// Its standard output, or nil when it could not be started, failed, or overran `seconds`.
    static func read(_ argv: [String], seconds: Int32 = 3, limit: Int = 1 << 16) -> String? {
        let ran = run(argv, seconds: seconds, limit: limit)
        guard ran.status == 0 else { return nil }
        return String(decoding: ran.output, as: UTF8.self)
    }

    /// What a program printed and its exit code (nil when it could not start, was killed at
    /// the deadline or printed more than `limit`); with `interrupt`, it is sent SIGINT after
    /// that many seconds, as a person ends a recording, and given until the deadline to end.
    package static func run(
        _ argv: [String], seconds: Int32 = 3, interrupt: Int32? = nil, limit: Int = 1 << 16
    ) -> (output: [UInt8], status: Int32?) {
        var fds: [Int32] = [0, 0]
        guard !argv.isEmpty, pipe(&fds) == 0 else { return ([], nil) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        _ = addCloseFrom(3, to: &actions)
        var pid: pid_t = 0
        let args = argv.map { strdup($0) } + [nil]
        defer { for a in args { free(a) } }
        // Default signal dispositions and mask, so SIGINT reaches it whatever this process blocks.
        let rc = withDefaultSignals(ownGroup: false) { posix_spawnp(&pid, argv[0], &actions, &$0, args, environ) }
        close(fds[1])
        defer { close(fds[0]) }
        guard rc == 0 else { return ([], nil) }
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 4096)
        let start = milliseconds()
        let end = start + Int64(seconds) * 1000
        var interruptAt = interrupt.map { start + Int64($0) * 1000 }
        var overran = false
        while out.count < limit {
            let now = milliseconds()
            if let at = interruptAt, now >= at {
                kill(pid, SIGINT)
                interruptAt = nil
            }
            if now >= end {
                overran = true
                break
            }
            // Until the interrupt is due (the loop's top sends it), or the deadline.
            let left = max(0, min(end, interruptAt ?? end) - now)
            var p = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, Int32(left))
            if ready == 0 { continue }
            if ready < 0 { if errno == EINTR { continue } else { break } }
            let n = Glibc.read(fds[0], &buf, min(buf.count, limit - out.count))
            if n <= 0 { break }
            out += buf[0..<n]
        }
        if overran || out.count >= limit { kill(pid, SIGKILL) }
        var status: Int32 = 0
        // A program that closed its output but lingers is given until the deadline, then killed.
        while waitpid(pid, &status, WNOHANG) == 0 {
            if milliseconds() >= end {
                kill(pid, SIGKILL)
                overran = true
                waitpid(pid, &status, 0)
                break
            }
            usleep(10_000)
        }
        guard !overran, out.count < limit, status & 0x7f == 0 else { return (out, nil) }
        return (out, (status >> 8) & 0xff)
    }

    /// The monotonic clock, in milliseconds.
    static func milliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
