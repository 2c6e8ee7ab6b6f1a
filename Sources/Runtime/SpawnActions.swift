import CLoop
import Glibc

/// A spawn file action glibc declares only for GNU programs: close every descriptor from
/// `lowest` on in the child, so a program the daemon starts inherits nothing but what the
/// earlier actions gave it (standard input, output and error).
public func addCloseFrom(_ lowest: Int32, to actions: inout posix_spawn_file_actions_t) -> Int32 {
    posix_spawn_file_actions_addclosefrom_np(&actions, lowest)
}

/// Runs `body` with spawn attributes that give the child an empty signal mask and every
/// signal's default disposition (the daemon blocks the ones its loop reads), in a process group
/// of its own with `ownGroup`: a program the daemon starts behaves as started from a shell.
public func withDefaultSignals<T>(ownGroup: Bool, _ body: (inout posix_spawnattr_t) -> T) -> T {
    var attr = posix_spawnattr_t()
    posix_spawnattr_init(&attr)
    defer { posix_spawnattr_destroy(&attr) }
    var empty = sigset_t()
    var all = sigset_t()
    sigemptyset(&empty)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attr, &empty)
    posix_spawnattr_setsigdefault(&attr, &all)
    var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    if ownGroup {
        posix_spawnattr_setpgroup(&attr, 0)
        flags |= POSIX_SPAWN_SETPGROUP
    }
    posix_spawnattr_setflags(&attr, Int16(flags))
    return body(&attr)
}

/// Waits up to `milliseconds` for the child `pid`, already asked to stop, to end; then kills it
/// and reaps it, so a child that ignores the request never outlives the wait.
public func reap(_ pid: pid_t, within milliseconds: Int) {
    var status: Int32 = 0
    for _ in 0..<max(1, milliseconds / 10) {
        if waitpid(pid, &status, WNOHANG) != 0 { return }
        usleep(10_000)
    }
    kill(pid, SIGKILL)
    waitpid(pid, &status, 0)
}
