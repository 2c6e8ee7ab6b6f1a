import Foundation
import ReportArchive
import Testing

/// The archive a bug report travels in: what is written reads back, `tar` itself reads it, and
/// a damaged file is refused at its byte with what was expected.
@Suite struct TarArchiveTests {
    static let members = [
        TarArchive.Member(name: "touchbridge-report/README", text: "a report\n"),
        TarArchive.Member(
            name: "touchbridge-report/devices/event3/description.evemu", bytes: Array(repeating: 7, count: 1500)),
        TarArchive.Member(name: "touchbridge-report/empty", bytes: []),
    ]

    @Test func whatIsWrittenReadsBack() throws {
        let bytes = TarArchive.write(Self.members, mtime: 1_764_000_000)
        #expect(bytes.count % 512 == 0)
        #expect(bytes.count == 512 * (1 + 1 + 1 + 3 + 1 + 2))
        #expect(try TarArchive.read(bytes, file: "r.tar") == Self.members)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tar"), "needs GNU tar"))
    func tarListsAndExtractsIt() throws {
        let dir = NSTemporaryDirectory() + "tar-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/r.tar"
        #expect(FileManager.default.createFile(atPath: file, contents: Data(TarArchive.write(Self.members, mtime: 0))))
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/usr/bin/tar")
        tar.arguments = ["-xf", file, "-C", dir]
        let errors = Pipe()
        tar.standardError = errors
        try tar.run()
        tar.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(tar.terminationStatus == 0, "\(said)")
        #expect(said.isEmpty, "tar warned: \(said)")
        let readme = try String(contentsOfFile: dir + "/touchbridge-report/README", encoding: .utf8)
        #expect(readme == "a report\n")
        let data = FileManager.default.contents(atPath: dir + "/touchbridge-report/devices/event3/description.evemu")
        #expect(data?.count == 1500)
    }

    @Test func aDamagedArchiveIsRefusedAtItsByte() {
        let good = TarArchive.write(Self.members, mtime: 0)
        func refusal(_ bytes: [UInt8]) -> String? {
            do {
                _ = try TarArchive.read(bytes, file: "r.tar")
                return nil
            } catch { return error.description }
        }
        var flipped = good
        flipped[10] ^= 1
        #expect(refusal(flipped) == "r.tar: byte 0: expected a header whose checksum matches its bytes")
        #expect(
            refusal(Array("not an archive".utf8) + Array(repeating: 0, count: 600))
                == "r.tar: byte 0: expected a ustar header")
        #expect(
            refusal(Array(good.prefix(512 * 3 + 100)))
                == "r.tar: byte 1024: expected 1500 bytes of member data, not the end of the file")
        #expect(
            refusal(Array(good.prefix(512 * 7)))
                == "r.tar: byte 3584: expected the two empty blocks that end an archive")
        #expect(refusal(Array(good.prefix(100))) == "r.tar: byte 0: expected a whole 512-byte block")
        #expect(refusal(Array(good.prefix(600))) == "r.tar: byte 600: expected a whole 512-byte block")
    }
}
