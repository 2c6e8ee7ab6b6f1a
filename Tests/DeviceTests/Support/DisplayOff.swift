import Foundation
import Glibc
import ProgramTestSupport

/// A display turned off through its DPMS by `scripts/vm/dpms.py`, which holds the card until
/// `release` (then the console lights it again, as a compositor's wake would).
final class DisplayOff {
    private let program: Spawned
    private var input: Int32

    init(card: String, connector: String) throws {
        let fifo = temporaryPath("dpms")
        guard mkfifo(fifo, 0o600) == 0 else { throw DeviceTestFailure("mkfifo: errno \(errno)") }
        program = try Spawned(
            "/bin/sh", ["-c", "exec python3 \(repositoryDirectory)/scripts/vm/dpms.py \(card) \(connector) < \(fifo)"])
        input = open(fifo, O_WRONLY | O_CLOEXEC)
        guard input >= 0, program.waitFor("off", timeout: 20) else {
            throw DeviceTestFailure("dpms.py: \(program.errors)")
        }
    }

    /// Lets the card go: the display comes back on.
    func release() {
        if input >= 0 { close(input) }
        input = -1
        _ = program.wait(timeout: 10)
    }

    deinit { release() }
}
