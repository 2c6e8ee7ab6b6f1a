import Glibc
import Runtime

/// What a system program (systemctl, journalctl, swaymsg) prints, read with a deadline and a
/// limit so a hung or chatty program cannot hold `doctor`.
enum ProgramOutput {
    /// Its standard output, or nil when it could not be started, failed, or overran `seconds`.
    static func read(_ argv: [String], seconds: Int32 = 3, limit: Int = 1 << 16) -> String? {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
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
        let rc = posix_spawnp(&pid, argv[0], &actions, nil, args, environ)
        close(fds[1])
        defer { close(fds[0]) }
        guard rc == 0 else { return nil }
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 4096)
        let end = milliseconds() + Int64(seconds) * 1000
        var overran = false
        while out.count < limit {
            let left = end - milliseconds()
            var p = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
            guard left > 0, poll(&p, 1, Int32(left)) > 0 else {
                overran = true
                break
            }
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
        guard !overran, status & 0x7f == 0, (status >> 8) & 0xff == 0 else { return nil }
        return String(decoding: out, as: UTF8.self)
    }

    /// The monotonic clock, in milliseconds.
    static func milliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
