import Glibc

/// A file being written for a person who named its path, made so that whoever else can write
/// near it chooses nothing: written under a new name in the target's directory and renamed into
/// place only once whole and on disk, so the previous file stays intact on any failure, and
/// nothing at the path — a link, another user's file — is ever written through.
public final class NewFile {
    /// Who else may have prepared the path.
    public enum Trust: Sendable {
        /// A command's output: a link, a non-file or another user's file at the path is
        /// refused, and so, as root, is a directory another user can write unless it is sticky.
        case refuseOthers
        /// The daemon's own file in a directory it shares (the metrics file): whatever is at
        /// the path is replaced, never followed.
        case replace
    }

    /// Where the file will be.
    public let path: String
    /// The descriptor to write to: the new file, under its temporary name until `commit`.
    public let fd: Int32
    private let directory: Int32
    private let name: String
    private let temporary: String
    private let trust: Trust
    private var finished = false

    /// Mode of a file that records where fingers went (a recording, a bug report): the owner's.
    public static let privateMode: mode_t = 0o600
    /// Mode of a file anyone may read (a picture, a calibration rule), less the caller's umask.
    public static let sharedMode: mode_t = 0o644

    /// Opens a new file to become `path`. `mode` is narrowed by the umask unless `exactMode`
    /// (a file another user's collector must read whatever the daemon's umask).
    public init(_ path: String, mode: mode_t, exactMode: Bool = false, trust: Trust = .refuseOthers)
        throws(FileError)
    {
        let slash = path.lastIndex(of: "/")
        let dirPath = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        self.path = path
        self.trust = trust
        guard !name.isEmpty, name != ".", name != ".." else {
            throw .refused(path: path, reason: "names a directory, not a file")
        }
        directory = open(dirPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else {
            let e = errno
            if e == EACCES || e == EPERM { throw .notAccessible(path: dirPath) }
            if e == ENOENT || e == ENOTDIR { throw .refused(path: path, reason: "no such directory \(dirPath)") }
            throw .system(SystemError(path: dirPath, call: "open", errno: e))
        }
        do throws(FileError) {
            if trust == .refuseOthers {
                try Self.checkDirectory(directory, dirPath)
                try Self.checkTarget(directory, name, path)
            }
            (fd, temporary) = try Self.createTemporary(directory, name, dirPath, mode: mode)
        } catch {
            close(directory)
            throw error
        }
        if exactMode, fchmod(fd, mode) != 0 {
            let e = errno
            abandon()
            throw .system(SystemError(path: path, call: "fchmod", errno: e))
        }
    }

    deinit {
        abandon()
        close(directory)
    }

    /// Writes all of `raw`; a failure (a full disk: ENOSPC) is 74 with the path.
    public func write(_ raw: UnsafeRawBufferPointer) throws(FileError) {
        guard let base = raw.baseAddress else { return }
        var at = 0
        while at < raw.count {
            let n = Glibc.write(fd, base + at, raw.count - at)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw .system(SystemError(path: path, call: "write", errno: n < 0 ? errno : ENOSPC)) }
            at += n
        }
    }

    public func write(_ bytes: [UInt8]) throws(FileError) {
        let result = bytes.withUnsafeBytes { raw -> FileError? in
            do throws(FileError) { try write(raw) } catch { return error }
            return nil
        }
        if let result { throw result }
    }

    /// Puts the finished file in place: synced, checked again, renamed over the path. On any
    /// failure the temporary is removed and the previous file is as it was.
    public func commit() throws(FileError) {
        guard !finished else { return }
        func fail(_ call: String, _ e: Int32) -> FileError {
            abandon()
            return .system(SystemError(path: path, call: call, errno: e))
        }
        guard fsync(fd) == 0 else { throw fail("fsync", errno) }
        if trust == .refuseOthers {
            do throws(FileError) { try Self.checkTarget(directory, name, path) } catch {
                abandon()
                throw error
            }
        }
        finished = true
        guard close(fd) == 0 else {
            let e = errno
            unlinkat(directory, temporary, 0)
            throw .system(SystemError(path: path, call: "close", errno: e))
        }
        guard renameat(directory, temporary, directory, name) == 0 else {
            let e = errno
            unlinkat(directory, temporary, 0)
            throw .system(SystemError(path: path, call: "rename", errno: e))
        }
        _ = fsync(directory)
    }

    /// Removes the unfinished file; the path keeps what it had.
    public func abandon() {
        guard !finished else { return }
        finished = true
        close(fd)
        unlinkat(directory, temporary, 0)
    }

    /// As root, a directory that another user can write is theirs to prepare: refused unless
    /// it is sticky (where no one may rename or remove root's file).
    static func checkDirectory(_ dir: Int32, _ dirPath: String) throws(FileError) {
        guard geteuid() == 0 else { return }
        var st = stat()
        guard fstat(dir, &st) == 0 else { return }
        let othersWrite = st.st_uid != 0 || st.st_mode & 0o002 != 0 || (st.st_mode & 0o020 != 0 && st.st_gid != 0)
        guard othersWrite, st.st_mode & S_ISVTX == 0 else { return }
        let owner =
            st.st_uid != 0 ? "user \(st.st_uid) owns it" : "its mode is \(String(st.st_mode & 0o7777, radix: 8))"
        throw .refused(
            path: dirPath,
            reason:
                "a directory another user can write (\(owner)): root does not write a file where another user chooses what is there; name a path in a directory only root can write, such as /root"
        )
    }

    /// Whatever is at the path already must be a plain file of this user's: a link is never
    /// written through nor replaced, another user's file never taken over.
    static func checkTarget(_ dir: Int32, _ name: String, _ path: String) throws(FileError) {
        var st = stat()
        guard fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { return }
        switch st.st_mode & S_IFMT {
        case S_IFLNK:
            throw .refused(
                path: path,
                reason: "a symbolic link: a file is never written through a link; remove it or name another path")
        case S_IFDIR:
            throw .refused(path: path, reason: "a directory, not a file")
        case S_IFREG:
            break
        default:
            throw .refused(path: path, reason: "not a plain file (a device, a pipe or a socket)")
        }
        guard st.st_uid == geteuid() else {
            throw .refused(
                path: path,
                reason: "another user's file (uid \(st.st_uid)): it is not replaced; remove it or name another path")
        }
    }

    /// A file of a new, unpredictable name beside the target, created exclusively: no link or
    /// file planted there is opened.
    static func createTemporary(_ dir: Int32, _ name: String, _ dirPath: String, mode: mode_t)
        throws(FileError) -> (Int32, String)
    {
        let stem = String(decoding: name.utf8.prefix(200), as: UTF8.self)
        let urandom = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        defer { if urandom >= 0 { close(urandom) } }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        var random = UInt64(truncatingIfNeeded: now.tv_nsec) ^ UInt64(getpid()) << 32
        for _ in 0..<64 {
            _ = withUnsafeMutableBytes(of: &random) { read(urandom, $0.baseAddress, $0.count) }
            random &+= 0x9E37_79B9_7F4A_7C15
            let temporary = ".\(stem).\(String(random, radix: 36))"
            let fd = openat(dir, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if fd >= 0 { return (fd, temporary) }
            let e = errno
            if e == EEXIST || e == EINTR { continue }
            if e == EACCES || e == EPERM || e == EROFS { throw .notAccessible(path: dirPath) }
            throw .system(SystemError(path: dirPath, call: "creating a file in", errno: e))
        }
        throw .system(SystemError(path: dirPath, call: "creating a file in", errno: EEXIST))
    }
}
