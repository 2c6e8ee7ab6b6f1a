import Foundation
import Glibc
import ProgramTestSupport
import Testing

/// A real touchscreen re-created from its HID report descriptor by `scripts/uhid/panel.py`
/// through /dev/uhid; the kernel's hid-multitouch driver makes its evdev node as it would
/// for the real device. Gestures are played on request.
final class UHIDPanel {
    /// One entry of `scripts/uhid/panels.json`.
    struct Spec: Sendable, CustomTestStringConvertible {
        let name: String
        /// Slots hid-multitouch gives it when the class fixes them (3M: 60); nil: as the device answers.
        let slots: Int?
        /// Whether hid-multitouch gives its position axes fuzz (classes with a signal-to-noise ratio).
        let fuzz: Bool
        var testDescription: String { name }
    }

    /// The panels to test (`TOUCHBRIDGE_UHID_PANEL=TEXT` keeps those whose name contains TEXT).
    static let catalog: [Spec] = {
        let only = ProcessInfo.processInfo.environment["TOUCHBRIDGE_UHID_PANEL"]
        return allPanels.filter { only == nil || $0.name.contains(only!) }
    }()

    /// Every panel of `scripts/uhid/panels.json`.
    static let allPanels: [Spec] = entries("panels.json", key: "panels").compactMap { p in
        (p["name"] as? String).map { Spec(name: $0, slots: p["slots"] as? Int, fuzz: p["fuzz"] as? Bool ?? false) }
    }

    /// The entries under `key` of the catalog `scripts/uhid/FILE` (none when it cannot be read).
    static func entries(_ file: String, key: String) -> [[String: Any]] {
        guard let data = FileManager.default.contents(atPath: repositoryDirectory + "/scripts/uhid/" + file),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [] }
        return root[key] as? [[String: Any]] ?? []
    }

    /// Whether devices can be made: /dev/uhid is writable, or this is the test VM, where it must be.
    static let available =
        access("/dev/uhid", R_OK | W_OK) == 0 || ProcessInfo.processInfo.environment["TOUCHBRIDGE_IN_VM"] == "1"

    /// hid-tools' report builder, installed by `make test-deps` (scripts/py-ensure).
    static let pythonPath = repositoryDirectory + "/.build/pydeps"

    /// How long a Python program may take to start and answer, in seconds. The VM's one
    /// emulated CPU shares the host with the service and package VMs; hid-tools' `hid-replay`
    /// once took more than 30 s to say a word there. Only a failure waits it out.
    static let pythonStart: Double = 120

    private(set) var node = ""
    /// The Contact Count Maximum the device answers.
    private(set) var contacts = 0
    private var pid: pid_t = 0
    /// The write end of panel.py's standard input and the read end of its standard output.
    private var toPanel: Int32 = -1, fromPanel: Int32 = -1
    private var pending = ""

    /// The device `name` of `scripts/uhid/SCRIPT`'s catalog: `panel.py` (touchscreens) or `pen.py` (pens);
    /// on another bus with `bus` (0x18: I2C); with `waitingForNode` false, `node` is "none" and
    /// no gesture can be played (for a driver that makes no touchscreen of it).
    /// A write to a script that died must fail that test, not end the whole run: SIGPIPE is
    /// ignored once, so the write returns EPIPE instead.
    private static let pipesIgnored: Bool = {
        signal(SIGPIPE, SIG_IGN)
        return true
    }()

    init(_ name: String, script: String = "panel.py", bus: Int? = nil, waitingForNode: Bool = true) throws {
        _ = Self.pipesIgnored
        var inPipe: [Int32] = [0, 0]
        var outPipe: [Int32] = [0, 0]
        guard pipe(&inPipe) == 0, pipe(&outPipe) == 0 else { throw DeviceTestFailure("pipe: errno \(errno)") }
        // Only the child's standard input and output (dup2 clears the flag on those) cross exec.
        for fd in inPipe + outPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        let arguments: [String] = ["/usr/bin/python3", repositoryDirectory + "/scripts/uhid/" + script, name]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var env = ProcessInfo.processInfo.environment
        env["PYTHONPATH"] = Self.pythonPath
        if let bus { env["TOUCHBRIDGE_UHID_BUS"] = String(bus) }
        if !waitingForNode { env["TOUCHBRIDGE_UHID_NO_NODE"] = "1" }
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in envp { free(p) } }
        let rc = posix_spawn(&pid, "/usr/bin/python3", &actions, nil, argv, envp)
        close(inPipe[0])
        close(outPipe[1])
        (toPanel, fromPanel) = (inPipe[1], outPipe[0])
        guard rc == 0 else { throw DeviceTestFailure("posix_spawn /usr/bin/python3: \(rc)") }
        let line = readLine(timeout: Self.pythonStart) ?? ""
        let words = line.split(separator: " ")
        guard words.count == 4, words[0] == "node", let n = Int(words[3]) else {
            throw DeviceTestFailure(
                "\(name): \(script) said \"\(line)\" instead of its node (is \(Self.pythonPath) installed? make test-deps)"
            )
        }
        node = String(words[1])
        contacts = n
    }

    /// Plays one of panel.py's gestures and waits until it is played.
    func play(_ gesture: String) throws {
        send("play \(gesture)\n")
        let line = readLine(timeout: 30)
        guard line == "done \(gesture)" else { throw DeviceTestFailure("panel.py: \(gesture): \(line ?? "no answer")") }
    }

    /// Stops its reports, as a hung controller, until its driver is re-bound.
    func stall() throws {
        send("stall\n")
        let line = readLine(timeout: 10)
        guard line == "done stall" else { throw DeviceTestFailure("panel.py: stall: \(line ?? "no answer")") }
    }

    /// A line from panel.py, or nil after `timeout` seconds.
    private func readLine(timeout: Double) -> String? {
        let fd = fromPanel
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let nl = pending.firstIndex(of: "\n") {
                let line = String(pending[..<nl])
                pending = String(pending[pending.index(after: nl)...])
                return line
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, Int32(left * 1000) + 1) > 0 else { continue }
            var buf = [UInt8](repeating: 0, count: 4096)
            let n = read(fd, &buf, buf.count)
            guard n > 0 else { return nil }
            pending += String(decoding: buf[0..<n], as: UTF8.self)
        }
    }

    private func send(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(toPanel, &bytes, bytes.count)
    }

    /// Destroys the device (panel.py ends on `quit` or end of input), waiting at most 10 s.
    deinit {
        if toPanel >= 0 {
            send("quit\n")
            close(toPanel)
        }
        if fromPanel >= 0 { close(fromPanel) }
        guard pid > 0 else { return }
        var status: Int32 = 0
        if !eventually(timeout: 10, { waitpid(pid, &status, WNOHANG) == pid }) {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
    }
}

/// A set-up step of a device test that failed, with what to do.
struct DeviceTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
