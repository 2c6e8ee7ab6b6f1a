import CLoop
import Glibc

/// One epoll set: the descriptors an event loop sleeps on (devices, signals, timers, udev).
/// The loop blocks in `wait`; nothing polls.
public final class Poller {
    public let fd: Int32
    private var events = [epoll_event](repeating: epoll_event(), count: 32)

    public init() throws(SystemError) {
        fd = epoll_create1(Int32(EPOLL_CLOEXEC))
        if fd < 0 { throw SystemError(path: "epoll", call: "epoll_create1", errno: errno) }
    }

    deinit { close(fd) }

    /// Watches `descriptor` for input (or, `writable`, for room to write; neither: only for
    /// errors); `token` comes back from `wait` when it is ready.
    public func add(_ descriptor: Int32, token: UInt64, readable: Bool = true, writable: Bool = false)
        throws(SystemError)
    {
        var ev = epoll_event()
        ev.events = (readable ? EPOLLIN.rawValue : 0) | (writable ? EPOLLOUT.rawValue : 0)
        ev.data.u64 = token
        if epoll_ctl(fd, EPOLL_CTL_ADD, descriptor, &ev) != 0 {
            throw SystemError(path: "epoll", call: "epoll_ctl", errno: errno)
        }
    }

    /// Changes what a watched descriptor is watched for.
    public func modify(_ descriptor: Int32, token: UInt64, readable: Bool, writable: Bool) {
        var ev = epoll_event()
        ev.events = (readable ? EPOLLIN.rawValue : 0) | (writable ? EPOLLOUT.rawValue : 0)
        ev.data.u64 = token
        // It fails only for a descriptor that is no longer watched (closed: epoll dropped it).
        _ = epoll_ctl(fd, EPOLL_CTL_MOD, descriptor, &ev)
    }

    public func remove(_ descriptor: Int32) {
        // A descriptor already closed has left the set by itself (ENOENT, EBADF): nothing to undo.
        _ = epoll_ctl(fd, EPOLL_CTL_DEL, descriptor, nil)
    }

    /// The tokens of the descriptors ready now; waits up to `timeoutMs` (-1: until one is,
    /// 0: not at all). Interrupted waits return what is ready (possibly nothing).
    public func wait(timeoutMs: Int32, into ready: inout [UInt64]) {
        ready.removeAll(keepingCapacity: true)
        let n = events.withUnsafeMutableBufferPointer { epoll_wait(fd, $0.baseAddress, Int32($0.count), timeoutMs) }
        guard n > 0 else { return }
        for i in 0..<Int(n) { ready.append(events[i].data.u64) }
    }
}

/// A timerfd on `CLOCK_MONOTONIC` armed for an absolute deadline (a long press, a multi-tap
/// timeout): readable when it passes, silent while disarmed.
public final class DeadlineTimer {
    public let fd: Int32
    /// The armed deadline in seconds, nil while disarmed.
    public private(set) var deadline: Double?

    public init() throws(SystemError) {
        fd = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        if fd < 0 { throw SystemError(path: "timerfd", call: "timerfd_create", errno: errno) }
    }

    deinit { close(fd) }

    /// The latest deadline a timer is armed for, in seconds of the monotonic clock (about 31
    /// years of uptime): a later one, infinity or NaN is armed for this instead, so no duration
    /// read from a file or a client can overflow the kernel's time.
    public static let latestDeadline = 1e9

    /// Arms the timer for `seconds` on the monotonic clock (clamped to `latestDeadline`), or
    /// disarms it for nil. Does nothing when that deadline is already armed.
    public func arm(_ seconds: Double?) {
        guard seconds != deadline else { return }
        deadline = seconds
        var spec = itimerspec()
        if var s = seconds {
            if !(s <= Self.latestDeadline) { s = Self.latestDeadline }
            let whole = max(0, s.rounded(.down))
            spec.it_value.tv_sec = Int(whole)
            spec.it_value.tv_nsec = Int(((s - whole) * 1e9).rounded(.up))
            if spec.it_value.tv_nsec >= 1_000_000_000 {
                spec.it_value.tv_sec += 1
                spec.it_value.tv_nsec -= 1_000_000_000
            }
            // A zero it_value would disarm it; a past deadline fires at once with 1 ns.
            if spec.it_value.tv_sec == 0 && spec.it_value.tv_nsec == 0 { spec.it_value.tv_nsec = 1 }
        }
        // Its own timer with a normalised time: EINVAL and EBADF cannot happen.
        _ = timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME), &spec, nil)
    }

    /// Consumes the expiry (call when the fd was readable); the timer is then disarmed.
    public func acknowledge() {
        var n: UInt64 = 0
        // EAGAIN when the timer was re-armed since it fired: then there is nothing to consume.
        _ = read(fd, &n, 8)
        deadline = nil
    }
}

/// Seconds on `CLOCK_MONOTONIC`, the clock the daemon sets on its devices.
public func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
