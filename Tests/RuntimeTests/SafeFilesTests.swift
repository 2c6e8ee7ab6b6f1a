import Glibc
import Runtime
import Testing

/// Files the daemon writes where others can write too (the metrics file in node_exporter's
/// textfile directory), and timers armed with durations from files.
@Suite("Safe files and bounded timers", .serialized)
struct SafeFilesTests {
    /// A fresh directory.
    func directory() -> String {
        var template = Array("/tmp/touchbridge-safe-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        return made.map { String(cString: $0) } ?? "/tmp"
    }

    func contents(_ path: String) -> String? {
        guard let bytes = try? readFileContents(path) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    func names(in dir: String) -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var out: [String] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { out.append(name) }
        }
        return out.sorted()
    }

    /// A fresh directory with another user's file, `victim`, and a link to it planted as `name`.
    func plantedLink(_ name: String) throws -> (dir: String, victim: String) {
        let dir = directory()
        let victim = dir + "/victim"
        try writeFileAtomically(victim, "precious\n")
        #expect(symlink(victim, dir + "/" + name) == 0)
        return (dir, victim)
    }

    @Test func aLinkPlantedAtTheOldTemporaryNameIsNeitherFollowedNorLeftBehind() throws {
        // The name earlier versions wrote through.
        let (dir, victim) = try plantedLink("touchbridge.prom.tmp")
        try writeFileAtomically(dir + "/touchbridge.prom", "touchbridge_frames_total 1\n", trust: .replace)
        #expect(contents(victim) == "precious\n")
        #expect(contents(dir + "/touchbridge.prom") == "touchbridge_frames_total 1\n")
        #expect(names(in: dir) == ["touchbridge.prom", "touchbridge.prom.tmp", "victim"], "no temporary left")
    }

    @Test func aLinkAtTheFilesOwnNameIsReplacedNotFollowed() throws {
        let (dir, victim) = try plantedLink("touchbridge.prom")
        try writeFileAtomically(dir + "/touchbridge.prom", "new\n", trust: .replace)
        #expect(contents(victim) == "precious\n")
        var st = stat()
        #expect(lstat(dir + "/touchbridge.prom", &st) == 0)
        #expect((st.st_mode & S_IFMT) == S_IFREG)
    }

    /// The socket gets its mode whatever the process's umask (the group's write survives 022),
    /// without the umask being touched (it is every thread's), and nothing is left beside it.
    @Test func aSocketHasItsModeExactlyAndLeavesNothingBeside() throws {
        let dir = directory()
        let fd = try UnixSocket.listen(path: dir + "/s.sock", mode: 0o660)
        defer { close(fd) }
        var st = stat()
        #expect(lstat(dir + "/s.sock", &st) == 0)
        #expect((st.st_mode & S_IFMT) == S_IFSOCK)
        #expect(st.st_mode & 0o777 == 0o660)
        #expect(names(in: dir) == ["s.sock"])
        let client = try #require(try? UnixSocket.connect(path: dir + "/s.sock").get())
        close(client)
    }

    @Test func aDirectoryThatCannotBeWrittenSaysSoAndLeavesNothing() throws {
        #expect(throws: FileError.self) { try writeFileAtomically("/proc/touchbridge-test/m.prom", "x\n") }
    }

    @Test(arguments: [1e300, Double.infinity, Double.nan, 1e19])
    func aTimerArmedForAnyDurationNeverTrapsAndWaitsAtMostTheLatestDeadline(seconds: Double) throws {
        let t = try DeadlineTimer()
        t.arm(monotonicSeconds() + seconds)
        // The kernel's own word (timerfd's fdinfo: "it_value: (SECONDS, NANOSECONDS)"): armed,
        // for at most the latest deadline from now.
        let info = contents("/proc/self/fdinfo/\(t.fd)") ?? ""
        let value = info.split(separator: "\n").first { $0.hasPrefix("it_value:") }
        let left = value.flatMap { Double($0.drop { $0 != "(" }.dropFirst().prefix { $0 != "," }) }
        #expect(left.map { $0 > 0 && $0 <= DeadlineTimer.latestDeadline } == true, "\(info)")
    }

    @Test func aTimerArmedInThePastFiresAtOnce() throws {
        let t = try DeadlineTimer()
        t.arm(monotonicSeconds() - 5)
        var p = pollfd(fd: t.fd, events: Int16(POLLIN), revents: 0)
        #expect(poll(&p, 1, 10_000) == 1)
    }
}
