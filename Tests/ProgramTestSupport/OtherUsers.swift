import Foundation
import Glibc
import Synchronization

/// What a process of another user (nobody, through setpriv) is handed: the checkout may be
/// out of its reach (root's home is 0700 on Debian), so the programs and files are copied into
/// the tests' temporary directory, which every user can read.
package enum OtherUsers {
    /// The `touchbridge` program, with `touchbridge-cli` beside it (the commands it hands on).
    package static let touchbridge: String = {
        let bin = testTemporaryDirectory + "/bin"
        mkdir(bin, 0o755)
        let built = URL(fileURLWithPath: touchbridgeExecutable).deletingLastPathComponent().path
        for name in ["touchbridge", "touchbridge-cli"] { copy(built + "/" + name, to: bin + "/" + name, mode: 0o755) }
        return bin + "/touchbridge"
    }()

    private static let copied = Mutex<Set<String>>([])

    /// A copy of `path` (a recording, a scene) that any user can read; the same copy each time.
    package static func readable(_ path: String) -> String {
        let target = testTemporaryDirectory + "/shared-" + path.split(separator: "/").joined(separator: "-")
        copied.withLock { done in
            if done.insert(path).inserted { copy(path, to: target, mode: 0o644) }
        }
        return target
    }

    /// Copies through a descriptor closed on exec, under a temporary name renamed into place: a
    /// program the tests start meanwhile never holds the copy open for writing (which would
    /// make running it fail with ETXTBSY) nor sees half of it.
    package static func copy(_ source: String, to target: String, mode: mode_t) {
        let temporary = target + ".part"
        let input = open(source, O_RDONLY | O_CLOEXEC)
        let output = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        defer {
            if input >= 0 { close(input) }
        }
        guard input >= 0, output >= 0 else {
            if output >= 0 { close(output) }
            return
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            _ = buffer.withUnsafeBytes { write(output, $0.baseAddress, n) }
        }
        fchmod(output, mode)
        close(output)
        rename(temporary, target)
    }
}
