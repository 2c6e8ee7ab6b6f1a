import CLoop
import Glibc

/// SIGINT and SIGTERM (and SIGHUP) as a pollable file descriptor, so the one event loop can
/// end cleanly (grab released, output flushed) instead of dying inside a handler.
public final class SignalWatch {
    public let fd: Int32

    public init(signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]) {
        var mask = sigset_t()
        sigemptyset(&mask)
        for s in signals { sigaddset(&mask, s) }
        sigprocmask(SIG_BLOCK, &mask, nil)
        fd = signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
    }

    deinit { if fd >= 0 { close(fd) } }

    /// The pending signal's number, or nil when none is pending.
    public func take() -> Int32? {
        var info = signalfd_siginfo()
        let n = withUnsafeMutableBytes(of: &info) { read(fd, $0.baseAddress, $0.count) }
        return n == MemoryLayout<signalfd_siginfo>.size ? Int32(info.ssi_signo) : nil
    }
}

/// Blocks until one of `fds` is readable (or `timeoutMs` passes, -1 = forever) and returns
/// the readable ones' indices. No busy loop: the process sleeps in poll(2).
public func waitReadable(_ fds: [Int32], timeoutMs: Int32 = -1) -> [Int] {
    var pfds = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    while true {
        let rc = poll(&pfds, nfds_t(pfds.count), timeoutMs)
        if rc < 0 && errno == EINTR { continue }
        if rc <= 0 { return [] }
        return pfds.indices.filter { pfds[$0].revents != 0 }
    }
}
