import Glibc
import Sysexits

/// Unix stream sockets for the event socket and its clients: listen (replacing a stale
/// socket file, refusing a live one), accept without blocking, the peer's credentials,
/// connect, and a socket handed over by systemd (`LISTEN_FDS`).
public enum UnixSocket {
    /// Why a socket could not be listened on or connected to, with its sysexits code.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public let description: String
        public let exitCode: Int32
        /// The errno behind it, when there is one.
        public let errno: Int32
    }

    /// The credentials of a connected peer (`SO_PEERCRED`).
    public struct Peer: Sendable, Equatable {
        public let pid: Int32
        public let uid: UInt32
        public let gid: UInt32

        public init(pid: Int32, uid: UInt32, gid: UInt32) {
            self.pid = pid
            self.uid = uid
            self.gid = gid
        }
    }

    /// Listens on `path` (mode `mode` at most: the process's umask may take more away), non-blocking. A socket file nobody listens on (left by a
    /// crash) is replaced; one another process listens on, or a file that is not a socket,
    /// stops it with a clear message.
    public static func listen(path: String, mode: mode_t = 0o660, backlog: Int32 = 16) throws(Failure) -> Int32 {
        guard path.utf8.count < MemoryLayout.size(ofValue: sockaddr_un().sun_path) else {
            throw Failure(
                description: "\(path): too long for a socket path", exitCode: Sysexits.usage, errno: ENAMETOOLONG)
        }
        var st = stat()
        if lstat(path, &st) == 0 {
            guard (st.st_mode & S_IFMT) == S_IFSOCK else {
                throw Failure(
                    description: "\(path): exists and is not a socket (not replaced)", exitCode: Sysexits.cannotCreate,
                    errno: EEXIST)
            }
            switch connect(path: path) {
            case .success(let fd):
                let who = peer(fd).map { " (pid \($0.pid))" } ?? ""
                close(fd)
                throw Failure(
                    description:
                        "\(path): another program\(who) is listening on it; stop it, or choose another --socket",
                    exitCode: Sysexits.cannotCreate, errno: EADDRINUSE)
            case .failure:
                unlink(path)  // nobody listens: a stale file from a run that crashed
            }
        }
        let fd = socket(
            AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else {
            throw Failure(
                description: "socket: \(String(cString: strerror(errno)))", exitCode: Sysexits.osError, errno: errno)
        }
        let bound = bindPrivately(fd, path: path, mode: mode)
        guard bound == 0 else {
            close(fd)
            let code: Int32 =
                bound == EACCES || bound == EPERM
                ? Sysexits.noPermission : (bound == ENOENT ? Sysexits.noInput : Sysexits.cannotCreate)
            let hint = bound == ENOENT ? " (its directory does not exist)" : ""
            throw Failure(
                description: "\(path): cannot create the socket: \(String(cString: strerror(bound)))\(hint)",
                exitCode: code, errno: bound)
        }
        guard Glibc.listen(fd, backlog) == 0 else {
            let e = errno
            close(fd)
            throw Failure(
                description: "\(path): listen: \(String(cString: strerror(e)))", exitCode: Sysexits.osError, errno: e)
        }
        return fd
    }

    /// Binds `fd` at `path` with exactly `mode`: bound in a directory of its own beside `path`
    /// (0700, so nobody reaches the socket there), given its mode there and linked into place,
    /// so the file never has another mode at `path` and no chmod by path can follow a link
    /// swapped in. No umask is touched: it is the whole process's, every thread's files' too.
    /// Where that directory's path would be too long for a socket, bound at `path` under a
    /// umask that leaves only `mode`. 0, or the errno.
    static func bindPrivately(_ fd: Int32, path: String, mode: mode_t) -> Int32 {
        let parent = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let pattern = (parent.isEmpty ? "/" : parent + "/") + ".touchbridge-XXXXXX"
        var template = Array(pattern.utf8CString)
        guard (pattern + "/s").utf8.count < MemoryLayout.size(ofValue: sockaddr_un().sun_path) else {
            let before = umask(~mode & 0o777)
            defer { umask(before) }
            return bind(fd, at: path)
        }
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return errno }
        let directory = String(cString: made)
        defer { rmdir(directory) }
        let temporary = directory + "/s"
        var e = bind(fd, at: temporary)
        // Linked, not renamed: a file that appeared at `path` meanwhile is not replaced (EEXIST).
        if e == 0, chmod(temporary, mode) != 0 || link(temporary, path) != 0 { e = errno }
        unlink(temporary)
        return e
    }

    /// bind(2) at `path`: 0, or the errno.
    private static func bind(_ fd: Int32, at path: String) -> Int32 {
        var address = Self.address(path)
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return rc == 0 ? 0 : errno
    }

    /// The listening socket systemd passed (`LISTEN_FDS`, `LISTEN_PID` this process), if any:
    /// the first one, descriptor 3. The variables are removed so children do not see them. A
    /// descriptor that cannot be made non-blocking is refused: accepting on it could hold the loop.
    public static func inherited() throws(Failure) -> Int32? {
        guard let pid = getenv("LISTEN_PID").map({ String(cString: $0) }), Int32(pid) == getpid(),
            let n = getenv("LISTEN_FDS").map({ String(cString: $0) }), let count = Int(n), count >= 1
        else { return nil }
        unsetenv("LISTEN_PID")
        unsetenv("LISTEN_FDS")
        unsetenv("LISTEN_FDNAMES")
        let fd: Int32 = 3
        if let e = makeNonBlocking(fd) {
            throw Failure(
                description: "the socket systemd passed (descriptor 3): \(String(cString: strerror(e)))",
                exitCode: Sysexits.osError,
                errno: e)
        }
        return fd
    }

    /// Makes `fd` close-on-exec and non-blocking: nil when done, else the errno.
    public static func makeNonBlocking(_ fd: Int32) -> Int32? {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFD, FD_CLOEXEC) == 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else {
            return errno
        }
        return nil
    }

    /// Accepts one waiting connection, non-blocking and close-on-exec; nil when none waits. A
    /// connection that cannot be made non-blocking (it could hold the loop) is closed and told to
    /// `refused` with the errno, and the next one is taken.
    public static func accept(_ listener: Int32, refused: (Int32) -> Void) -> Int32? {
        while true {
            let fd = Glibc.accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return nil
            }
            if let e = makeNonBlocking(fd) {
                close(fd)
                refused(e)
                continue
            }
            return fd
        }
    }

    /// The peer's pid, uid and gid.
    public static func peer(_ fd: Int32) -> Peer? {
        var c: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: c))
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &c, &length) == 0 else { return nil }
        return Peer(pid: c.0, uid: c.1, gid: c.2)
    }

    /// The supplementary groups of the process at the other end of `fd`, as they were when it
    /// connected (SO_PEERGROUPS); nil when the kernel does not say.
    public static func peerGroups(_ fd: Int32) -> [UInt32]? {
        var groups = [UInt32](repeating: 0, count: 64)
        for _ in 0..<2 {
            var length = socklen_t(groups.count * MemoryLayout<UInt32>.size)
            if getsockopt(fd, SOL_SOCKET, SO_PEERGROUPS, &groups, &length) == 0 {
                return Array(groups.prefix(Int(length) / MemoryLayout<UInt32>.size))
            }
            // ERANGE: the length it needs is in `length` (NGROUPS_MAX bounds it).
            guard errno == ERANGE, Int(length) <= 65536 * MemoryLayout<UInt32>.size else { return nil }
            groups = [UInt32](repeating: 0, count: Int(length) / MemoryLayout<UInt32>.size + 1)
        }
        return nil
    }

    /// Connects to the socket at `path` (`waiting`: blocking while its backlog is full, else
    /// refused at once, as a tool beside a silent peer wants it); the errno when it cannot.
    public static func connect(path: String, waiting: Bool = true) -> Result<Int32, Failure> {
        let flags =
            Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | (waiting ? 0 : Int32(SOCK_NONBLOCK.rawValue))
        let fd = socket(AF_UNIX, flags, 0)
        guard fd >= 0 else {
            return .failure(
                Failure(
                    description: "socket: \(String(cString: strerror(errno)))", exitCode: Sysexits.osError, errno: errno
                ))
        }
        var address = Self.address(path)
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard rc == 0 else {
            let e = errno
            close(fd)
            let code: Int32 = e == EACCES || e == EPERM ? Sysexits.noPermission : Sysexits.unavailable
            return .failure(Failure(description: "\(path): \(String(cString: strerror(e)))", exitCode: code, errno: e))
        }
        return .success(fd)
    }

    /// True when the peer of `fd` has closed its end entirely (not just its writing side).
    public static func peerClosed(_ fd: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        return poll(&p, 1, 0) > 0 && (p.revents & Int16(POLLHUP | POLLERR)) != 0
    }

    private static func address(_ path: String) -> sockaddr_un {
        var a = sockaddr_un()
        a.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &a.sun_path) { raw in
            for (i, b) in path.utf8.enumerated() { raw[i] = b }
        }
        return a
    }
}
