import CWaylandClient
import Glibc
import Runtime

/// A compositor that does not answer cannot hold a tool: the connection is made without
/// waiting for a full backlog, and each round trip while the surface opens waits
/// `answerTimeout` seconds at most (another user's socket under /run/user may be silent).
extension WaylandSurface {
    /// Seconds a compositor has to answer one round trip.
    static let answerTimeout = 2.0

    /// A connection to the compositor's socket at `path`, made without waiting.
    static func connect(_ path: String) throws(DrawingError) -> OpaquePointer {
        let fd: Int32
        switch UnixSocket.connect(path: path, waiting: false) {
        case .success(let s): fd = s
        case .failure(let f): throw DrawingError("no compositor answers on \(path) (\(f.description))")
        }
        // Connected: blocking again, as libwayland's own connections are (its flush then
        // waits for room instead of keeping the requests for a later wake).
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        guard let d = wl_display_connect_to_fd(fd) else {
            Glibc.close(fd)
            throw DrawingError("no compositor answers on \(path) (errno \(errno))")
        }
        return d
    }

    /// What `wl_display_roundtrip` does (every request sent, every answer to them handled),
    /// within `answerTimeout`.
    func roundtrip() throws(DrawingError) {
        guard let callback = wl_display_sync(display) else { throw broken }
        defer { wl_callback_destroy(callback) }
        synced = false
        wl_callback_add_listener(callback, syncListener, opaque)
        let deadline = monotonicSeconds() + Self.answerTimeout
        while !synced {
            if wl_display_dispatch_pending(display) < 0 { throw broken }
            if synced { break }
            guard wl_display_prepare_read(display) == 0 else { continue }
            _ = wl_display_flush(display)
            var p = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
            let left = deadline - monotonicSeconds()
            let ready = left > 0 ? poll(&p, 1, Int32(left * 1000) + 1) : 0
            guard ready > 0 else {
                wl_display_cancel_read(display)
                if ready < 0 && errno == EINTR { continue }
                throw DrawingError(
                    "the compositor on \(socket) did not answer within \(Int(Self.answerTimeout)) s")
            }
            if wl_display_read_events(display) < 0 { throw broken }
        }
    }

    private var broken: DrawingError { DrawingError("the compositor on \(socket) broke the connection") }
}

nonisolated(unsafe) let syncListener = Listener.make(
    wl_callback_listener(done: { data, _, _ in
        data.map { Unmanaged<WaylandSurface>.fromOpaque($0).takeUnretainedValue() }?.synced = true
    }))
