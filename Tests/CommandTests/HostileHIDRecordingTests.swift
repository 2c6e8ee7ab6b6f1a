import Foundation
import Glibc
import ProgramTestSupport
import Testing

/// `hid-replay` on a recording from someone else: read as it plays, so its length costs
/// nothing before the devices are made; a first report a week away refused before any device
/// is made; a machine without uhid told how to load it.
@Suite("hid-replay on a crafted recording")
struct HostileHIDRecordingTests {
    static let header = "R: 1 c0\nN: crafted\nI: 3 0eef 7224\n"

    func file(_ text: String) throws -> String {
        let path = makeFileTree([:]) + "/crafted.hid"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aFirstReportAWeekAwayIsRefusedWithItsLine() throws {
        let path = try file(Self.header + "E: 604800.000000 1 01\n")
        let p = try Spawned(touchbridgeExecutable, ["hid-replay", path])
        #expect(p.wait(timeout: 30) == 65, "\(p.errors)")
        #expect(
            p.errors.contains("crafted.hid:4: expected a first report within 60.000000 s (--max-gap"), "\(p.errors)")
    }

    @Test(.enabled(if: access("/dev/uhid", F_OK) != 0, "this machine has /dev/uhid (the VM's tests replay)"))
    func aMissingUhidIsSaidWithTheModuleToLoad() throws {
        let path = try file(Self.header + "E: 0.000000 1 01\n")
        let p = try Spawned(touchbridgeExecutable, ["hid-replay", path])
        #expect(p.wait(timeout: 30) == 69, "\(p.errors)")
        #expect(p.errors.contains("/dev/uhid: no such device: the uhid module is not loaded (sudo modprobe uhid)"))
        #expect(!p.errors.contains("hidraw"), "\(p.errors)")
    }

    /// 64 MiB of reports: the devices are due after the first, within 100 MB of address space
    /// (the whole file read first took 480 MB).
    @Test(.enabled(if: access("/dev/uhid", F_OK) != 0, "this machine has /dev/uhid (the VM's tests replay)"))
    func aLongRecordingIsReadAsItPlays() throws {
        var text = Self.header
        let line = "E: 000000.000000 8 01 02 03 04 05 06 07 08\n"
        text.reserveCapacity(64 << 20)
        while text.utf8.count < 64 << 20 { text += line }
        let path = try file(text)
        let p = try Spawned(
            "/bin/bash", ["-c", "ulimit -v 100000; exec '\(touchbridgeExecutable)' hid-replay '\(path)'"])
        #expect(p.wait(timeout: 60) == 69, "it got as far as making the device: \(p.errors)")
        #expect(p.errors.contains("/dev/uhid"), "\(p.errors)")
    }
}
