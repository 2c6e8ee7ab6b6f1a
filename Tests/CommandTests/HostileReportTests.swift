import Foundation
import Glibc
import ProgramTestSupport
import ReportArchive
import Testing

/// `report show` reads an archive that came from someone else: a crafted one can neither drive
/// the terminal, forge a line of the listing, show one file while tar extracts another, nor
/// take memory in proportion to a member's size.
@Suite("report show on a crafted archive")
struct HostileReportTests {
    static let top = "touchbridge-report/"

    func archive(_ members: [TarArchive.Member]) throws -> String {
        let path = makeFileTree([:]) + "/crafted.tar"
        let bytes = TarArchive.write(members, mtime: 0)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    func show(_ arguments: [String]) throws -> Spawned {
        let p = try Spawned(touchbridgeExecutable, ["report", "show"] + arguments)
        #expect(p.wait(timeout: 120) != nil)
        return p
    }

    static let hostile = "\u{1B}]0;pwned\u{7}\u{9B}2J\u{9D}8;;x\u{9C}\u{202E}txt.exe\u{200B}\u{7F}"

    @Test func controlsAndHiddenCharactersAreEscapedInNamesAndContents() throws {
        let file = try archive([
            .init(name: Self.top + "README", text: "made by touchbridge\(Self.hostile)\nsecond line\n"),
            .init(name: Self.top + "devices/event3/evil\(Self.hostile)", text: "x"),
            .init(name: Self.top + "doctor.txt", text: "Panel\(Self.hostile)\n"),
        ])
        let listed = try show([file])
        #expect(listed.exitCode == 0, "\(listed.errors)")
        #expect(terminalHidden(listed.output).isEmpty, "\(listed.output.debugDescription)")
        #expect(listed.output.contains(#"\u{1B}]0;pwned\u{7}\u{9B}2J\u{9D}8;;x\u{9C}\u{202E}txt.exe\u{200B}\u{7F}"#))
        #expect(listed.output.contains("made by touchbridge"))
        #expect(listed.output.contains("\nsecond line\n"), "a file's own lines are kept")
        let one = try show([file, "doctor.txt"])
        #expect(one.exitCode == 0, "\(one.errors)")
        #expect(one.output == #"Panel\u{1B}]0;pwned\u{7}\u{9B}2J\u{9D}8;;x\u{9C}\u{202E}txt.exe\u{200B}\u{7F}"# + "\n")
    }

    @Test func aNewlineInANameCannotForgeALineOfTheListing() throws {
        let file = try archive([
            .init(name: Self.top + "a\n  doctor.json  12 bytes", text: "x"),
            .init(name: Self.top + "b", text: "y"),
        ])
        let p = try show([file])
        #expect(p.exitCode == 0, "\(p.errors)")
        let files = p.output.split(separator: "\n").drop { $0 != "Files:" }.dropFirst()
        #expect(Array(files) == [#"  a\u{A}  doctor.json  12 bytes  1 bytes"#, "  b  1 bytes"], "\(p.output)")
    }

    @Test func twoMembersOfOneNameAreRefused() throws {
        let file = try archive([
            .init(name: Self.top + "doctor.txt", text: "all well\n"),
            .init(name: Self.top + "doctor.txt", text: "the other one, which tar -x leaves\n"),
        ])
        for arguments in [[file], [file, "doctor.txt"]] {
            let p = try show(arguments)
            #expect(p.exitCode == 65, "\(p.errors)")
            #expect(
                p.errors.contains(#"expected each member's name once ("touchbridge-report/doctor.txt" is there twice)"#)
            )
            #expect(p.output.isEmpty, "nothing shown of it: \(p.output)")
        }
    }

    /// 64 MiB in one member: listed and shown within 100 MB of address space (the whole member
    /// read at once took more than that; streamed, 60 MB is enough).
    @Test func aLargeMemberIsStreamedInBoundedMemory() throws {
        let size = 64 << 20
        let line = Array("0123456789abcdef\u{202E}\n".utf8)
        var big: [UInt8] = []
        big.reserveCapacity(size)
        while big.count + line.count <= size { big += line }
        let file = try archive([.init(name: Self.top + "kernel.txt", bytes: big)])
        let listed = try bounded(["report", "show", file])
        #expect(listed.exitCode == 0, "\(listed.errors)")
        #expect(listed.output.contains("  kernel.txt  \(big.count) bytes"), "\(listed.output)")
        let shown = try bounded(["report", "show", file, "kernel.txt", "|", "tail", "-n", "1"])
        #expect(shown.exitCode == 0, "\(shown.errors)")
        #expect(shown.output == #"0123456789abcdef\u{202E}"# + "\n", "\(shown.output.debugDescription)")
    }

    /// touchbridge with at most 100 MB of address space (`ulimit -v`).
    func bounded(_ arguments: [String]) throws -> Spawned {
        let words = arguments.map { $0 == "|" || $0 == "tail" || $0.hasPrefix("-") || Int($0) != nil ? $0 : "'\($0)'" }
        let p = try Spawned(
            "/bin/bash",
            ["-c", "set -o pipefail; ulimit -v 100000; '\(touchbridgeExecutable)' " + words.joined(separator: " ")])
        #expect(p.wait(timeout: 300) != nil)
        return p
    }
}
