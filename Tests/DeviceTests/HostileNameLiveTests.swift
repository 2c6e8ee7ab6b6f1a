import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing

/// A panel whose kernel name is hostile (a USB device names itself): every command that prints
/// the name writes it escaped, on standard output and on standard error alike.
@Suite(
    "A hostile device name on a live panel", .enabled(if: DeviceTestGate.enabled, DeviceTestGate.reason), .serialized)
struct HostileNameLiveTests {
    /// Fits the kernel's 80 bytes: a window title, a colour, a reversal, a C1 CSI, a zero width.
    static let name = "Evil\u{1B}]0;pwned\u{7}\u{1B}[31mRED\u{202E}TXT\u{9B}2J\u{200B}"

    @Test(arguments: [
        ["list"], ["list", "--json"], ["doctor", "NODE"], ["doctor", "--json", "NODE"], ["health", "NODE"],
    ])
    func theNameIsEscapedWhereverItIsPrinted(_ command: [String]) throws {
        let (device, _) = try createDevice(VirtualDevices.multitouch(name: Self.name))
        let words = command.map { $0 == "NODE" ? device.devnode : $0 }
        let p = try Spawned(touchbridgeExecutable, words)
        if command.first == "health" || command.first == "touches" {
            #expect(eventually { p.errors.contains("measuring") || p.errors.contains("reading") }, "\(p.errors)")
            #expect(p.stop(timeout: 20) != nil)
        } else {
            #expect(p.wait(timeout: 60) != nil, "\(command): \(p.errors)")
        }
        #expect(terminalHidden(p.output).isEmpty, "\(command): \(p.output.debugDescription)")
        #expect(terminalHidden(p.errors).isEmpty, "\(command): \(p.errors.debugDescription)")
        #expect((p.output + p.errors).contains("RED"), "the name is still shown: \(p.output) \(p.errors)")
    }
}
