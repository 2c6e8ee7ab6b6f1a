import Evdev
import Foundation
import Glibc
import InputEvents
import Runtime

/// Polls `condition` (bounded) while waiting for the kernel or udev to catch up. The bound is
/// generous (an emulated VM on a busy host can take seconds): only a failure waits it out.
package func eventually(timeout: Double = 20, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}

/// A program run with posix_spawn, its standard output captured in a file; ended with
/// SIGTERM. (Foundation's Process needs CFRunLoop sockets the minimal test VM lacks.)
package final class Spawned {
    package let pid: pid_t
    package let outputPath: String
    package let errorPath: String
    private var status: Int32?

    /// `environment` adds to this process's; a function of standard error's path (made
    /// before the start) may add more, such as journald's `JOURNAL_STREAM`. Standard input is
    /// /dev/null, or `input` opened for reading and writing (a FIFO the test writes to, which
    /// then never reads as ended). `standardOutput`: a file in place of the one `output` reads
    /// (`/dev/full`, a disk with no space left).
    package init(
        _ executable: String, _ arguments: [String], environment extra: [String: String] = [:],
        input: String? = nil, standardOutput: String? = nil, errorEnvironment: ((String) -> [String: String])? = nil
    ) throws {
        outputPath = NSTemporaryDirectory() + "tb-\(UUID().uuidString).out"
        errorPath = outputPath + ".err"
        var extra = extra
        if let errorEnvironment {
            _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
            for (k, v) in errorEnvironment(errorPath) { extra[k] = v }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", input == nil ? O_RDONLY : O_RDWR, 0)
        posix_spawn_file_actions_addopen(&actions, 1, standardOutput ?? outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var env = ProcessInfo.processInfo.environment
        for (k, v) in extra { env[k] = v }
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in envp { free(p) } }
        // A clean signal state, as a shell gives: nothing blocked or ignored that this test
        // process blocks or ignores (tmux, for one, needs SIGCHLD to learn its panes' status).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        var all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard rc == 0 else { throw DeviceError.system(path: executable, call: "posix_spawn", errno: rc) }
        self.pid = pid
    }

    package var output: String { Self.read(outputPath) }
    package var errors: String { Self.read(errorPath) }

    /// A file's text; an empty file is not handed to Foundation, whose read of one leaks a
    /// page (LeakSanitizer, `make sanitize`).
    private static func read(_ path: String) -> String {
        var st = stat()
        guard stat(path, &st) == 0, st.st_size > 0 else { return "" }
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    package var isRunning: Bool {
        guard status == nil else { return false }
        var st: Int32 = 0
        var usage = rusage()
        if wait4(pid, &st, WNOHANG, &usage) == pid {
            status = st
            peakResidentKiB = usage.ru_maxrss
            return false
        }
        return true
    }

    /// The most memory the program held at once (its peak RSS), once it has ended.
    package private(set) var peakResidentKiB = 0

    /// The exit code (128 + signal for a signalled process), once it has ended.
    package var exitCode: Int32? {
        guard !isRunning, let st = status else { return nil }
        return (st & 0x7f) == 0 ? (st >> 8) & 0xff : 128 + (st & 0x7f)
    }

    package func waitFor(_ text: String, timeout: Double = 30) -> Bool {
        eventually(timeout: timeout) { output.contains(text) }
    }

    package func signal(_ sig: Int32) { if isRunning { kill(pid, sig) } }

    /// True once the program has `path` open (it is ready to read that device).
    package func hasOpen(_ path: String) -> Bool {
        guard let fds = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd") else { return false }
        return fds.contains {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) == path
        }
    }

    /// Sends SIGTERM and waits (bounded) for the exit; returns the exit code.
    @discardableResult
    package func stop(timeout: Double = 5) -> Int32? {
        signal(SIGTERM)
        if !eventually(timeout: timeout, { !isRunning }) {
            kill(pid, SIGKILL)
            _ = eventually { !isRunning }
        }
        return exitCode
    }

    /// Waits (bounded) for the program to end by itself.
    package func wait(timeout: Double = 10) -> Int32? {
        _ = eventually(timeout: timeout) { !isRunning }
        return exitCode
    }

    deinit {
        if isRunning {
            kill(pid, SIGKILL)
            _ = eventually { !isRunning }
        }
        try? FileManager.default.removeItem(atPath: outputPath)
        try? FileManager.default.removeItem(atPath: errorPath)
    }
}

/// The built `touchbridge` executable, next to the test bundle.
package var touchbridgeExecutable: String {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    return bundle.appendingPathComponent("touchbridge").path
}

/// The first executable of that name on PATH.
package func tool(_ name: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let path = "\(dir)/\(name)"
        if access(path, X_OK) == 0 { return path }
    }
    return nil
}

/// The peak resident memory of process `pid` in KiB (`VmHWM`), 0 when unknown.
package func peakKiB(_ pid: pid_t) -> Int {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}
