import Glibc
import Runtime
import Testing

/// A command's output file where another user may have prepared the path: nothing there is
/// written through or taken over, the previous file survives a failure, recordings are private.
@Suite("New files where others can write", .serialized)
struct NewFileTests {
    let dir = SafeFilesTests().directory()

    func contents(_ path: String) -> String? { SafeFilesTests().contents(path) }

    func refusal(_ path: String) -> String? {
        do {
            _ = try NewFile(path, mode: NewFile.privateMode)
            return nil
        } catch {
            #expect(error.exitCode == 73, "\(error)")
            return error.description
        }
    }

    @Test func aLinkAtThePathIsRefusedAndItsTargetKept() throws {
        try writeFileAtomically(dir + "/victim", "precious\n")
        #expect(symlink(dir + "/victim", dir + "/report.tar") == 0)
        let why = try #require(refusal(dir + "/report.tar"))
        #expect(why.contains("a symbolic link"), "\(why)")
        #expect(contents(dir + "/victim") == "precious\n")
        #expect(SafeFilesTests().names(in: dir) == ["report.tar", "victim"], "nothing left beside")
    }

    @Test func aDanglingLinkIsRefusedAndItsTargetNeverMade() throws {
        #expect(symlink(dir + "/made-by-root", dir + "/report.tar") == 0)
        #expect(refusal(dir + "/report.tar") != nil)
        var st = stat()
        #expect(lstat(dir + "/made-by-root", &st) != 0)
    }

    @Test(.enabled(if: geteuid() == 0, "needs root to make another user's file"))
    func anotherUsersFileIsRefusedAndStaysAsItWas() throws {
        try writeFileAtomically(dir + "/report.tar", "theirs\n")
        #expect(chown(dir + "/report.tar", 65534, 65534) == 0)
        let why = try #require(refusal(dir + "/report.tar"))
        #expect(why.contains("another user's file (uid 65534)"), "\(why)")
        #expect(contents(dir + "/report.tar") == "theirs\n")
    }

    @Test(.enabled(if: geteuid() == 0, "the rule is root's"))
    func rootRefusesADirectoryAnotherUserCanWriteUnlessItIsSticky() throws {
        let theirs = dir + "/home"
        #expect(mkdir(theirs, 0o755) == 0)
        #expect(chown(theirs, 65534, 65534) == 0)
        let why = try #require(refusal(theirs + "/report.tar"))
        #expect(why.contains("a directory another user can write (user 65534 owns it)"), "\(why)")
        let open = dir + "/open"
        #expect(mkdir(open, 0o777) == 0)
        #expect(chmod(open, 0o777) == 0)
        #expect(refusal(open + "/report.tar")?.contains("its mode is 777") == true)
        #expect(chmod(open, 0o1777) == 0)
        try writeFileAtomically(open + "/report.tar", "root's\n")
        #expect(contents(open + "/report.tar") == "root's\n", "a sticky directory such as /tmp is fine")
    }

    @Test func anAbandonedFileLeavesThePreviousOneAndNoTemporary() throws {
        try writeFileAtomically(dir + "/rec.evemu", "old\n")
        let file = try NewFile(dir + "/rec.evemu", mode: NewFile.privateMode)
        try file.write(Array("half a recor".utf8))
        file.abandon()
        #expect(contents(dir + "/rec.evemu") == "old\n")
        #expect(SafeFilesTests().names(in: dir) == ["rec.evemu"])
    }

    @Test func aRecordingIsTheOwnersAloneAndReplacesTheOwnersOldOne() throws {
        try writeFileAtomically(dir + "/rec.evemu", "old\n")
        let file = try NewFile(dir + "/rec.evemu", mode: NewFile.privateMode)
        try file.write(Array("new\n".utf8))
        try file.commit()
        var st = stat()
        #expect(stat(dir + "/rec.evemu", &st) == 0)
        #expect(st.st_mode & 0o777 == 0o600)
        #expect(contents(dir + "/rec.evemu") == "new\n")
    }

    @Test func aMissingDirectoryIsSaidAsSuch() throws {
        let why = try #require(refusal(dir + "/nowhere/rec.evemu"))
        #expect(why.contains("no such directory \(dir)/nowhere"), "\(why)")
    }
}
