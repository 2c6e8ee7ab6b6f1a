import Foundation
import Glibc
import ProgramTestSupport
import Testing

/// What the tools write, where another user prepared the path or the disk is full: a link or
/// another user's file is refused (73) and left as it was; a write that fails is 74, never a
/// quiet success with an empty file.
@Suite("Files the tools write, against a full disk and planted paths")
struct HostileFilesTests {
    let kiosk = repositoryDirectory + "/examples/kiosk.json"
    let recording = repositoryDirectory + "/examples/kiosk.evemu"

    /// Each one-shot command whose output is standard output, into a disk with no space left.
    @Test(arguments: [
        ["run", "--scene", "KIOSK", "REC"], ["run", "--json", "REC"], ["evtest", "REC"], ["touches", "REC"],
        ["picture", "--scene", "KIOSK", "REC"], ["scene", "KIOSK"], ["health", "REC"],
    ])
    func aFullDiskUnderStandardOutputIs74WithTheReason(_ arguments: [String]) throws {
        let words = arguments.map { $0 == "KIOSK" ? kiosk : $0 == "REC" ? recording : $0 }
        let p = try Spawned(touchbridgeExecutable, words, standardOutput: "/dev/full")
        #expect(p.wait(timeout: 60) == 74, "\(arguments): \(p.errors)")
        #expect(p.errors.contains("standard output: write failed: No space left on device"), "\(p.errors)")
    }

    @Test func aReaderThatWentAwayIsNoFailure() throws {
        let p = try Spawned(
            "/bin/bash",
            ["-c", "set -o pipefail; '\(touchbridgeExecutable)' evtest '\(recording)' | head -n 1 >/dev/null"])
        #expect(p.wait(timeout: 60) == 0, "\(p.errors)")
        #expect(!p.errors.contains("write failed"), "\(p.errors)")
    }

    /// A fresh directory of this test's.
    func directory() throws -> String { makeFileTree([:]) }

    @Test func doctorsReportRefusesALinkPlantedAtItsPathAndKeepsTheTarget() throws {
        let dir = try directory()
        try "precious\n".write(toFile: dir + "/victim", atomically: false, encoding: .utf8)
        #expect(symlink(dir + "/victim", dir + "/panel-report.tar") == 0)
        let p = try Spawned(touchbridgeExecutable, ["doctor", "--report", dir + "/panel-report.tar"])
        #expect(p.wait(timeout: 60) == 73, "\(p.errors)")
        #expect(p.errors.contains("panel-report.tar: not written: a symbolic link"), "\(p.errors)")
        #expect(try String(contentsOfFile: dir + "/victim", encoding: .utf8) == "precious\n")
    }

    @Test(.enabled(if: geteuid() == 0, "the rule is root's"))
    func doctorsReportAsRootRefusesAnotherUsersHomeAndSaysWhere() throws {
        let home = try directory() + "/kiosk"
        #expect(mkdir(home, 0o755) == 0)
        #expect(chown(home, 65534, 65534) == 0)
        let p = try Spawned(touchbridgeExecutable, ["doctor", "--report", home + "/panel-report.tar"])
        #expect(p.wait(timeout: 60) == 73, "\(p.errors)")
        #expect(p.errors.contains("a directory another user can write (user 65534 owns it)"), "\(p.errors)")
        #expect(p.errors.contains("such as /root"), "\(p.errors)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: home)) == [], "nothing made there")
    }

    @Test func doctorsReportIsTheOwnersAloneAndReplacesOnlyWhole() throws {
        let dir = try directory()
        let file = dir + "/panel-report.tar"
        let first = try Spawned(touchbridgeExecutable, ["doctor", "--report", file])
        #expect(first.wait(timeout: 60) == 0, "\(first.errors)")
        var st = stat()
        #expect(stat(file, &st) == 0)
        #expect(st.st_mode & 0o777 == 0o600)
        let again = try Spawned(touchbridgeExecutable, ["doctor", "--report", file])
        #expect(again.wait(timeout: 60) == 0, "\(again.errors)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: dir)) == ["panel-report.tar"])
    }
}
