import ArgumentParser
import Doctor
import Evdev
import Glibc
import InputEvents
import Output
import ReportArchive
import RunCommandLine
import Runtime
import TextBuffers
import TouchTools

struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Walk each touch device's chain from the wire to the window and name the broken link.",
        discussion: """
            For every touchscreen, pen, HID digitizer (even one with no input node) and absolute pointer \
            with buttons (a possible controller in mouse mode), one line a link, each ✓ or ✗ with what was \
            found: device (only when there is no touch device at all: what lies below, USB, HID, modules), driver (the bus and the driver bound: hid-multitouch for a \
            controller that names its fingers), kernel (its messages since boot, where readable), node (the \
            evdev node, its axes, udev's properties), access (whether you and the service's user may read \
            it), grab (another program holding it), events (with --listen), display (the display it is on), \
            compositor (whether the compositor maps it there) and service (touchbridge.service). Under each ✗ \
            the problem in one sentence and the command that fixes it. Exit 0 when every link holds, 1 when \
            one is broken. docs/troubleshooting.md goes from each symptom to what doctor says.
            """)

    @Argument(help: "Event nodes to check (default: every touch device).")
    var nodes: [String] = []

    @Flag(help: "One JSON object: {\"checks\": [...]} (schema/doctor.schema.json).")
    var json = false

    // `.unconditional`: a negative number is the option's value, refused by its range.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Listen this many seconds (at most 600) while each panel is touched, and say whether it delivers events.",
            valueName: "SECONDS"))
    var listen: Double?

    @Option(
        help: ArgumentHelp(
            "Bring a stalled controller back: re-bind its driver (or re-authorise its USB device), as unplugging it would.",
            valueName: "NODE"))
    var reset: String?

    @Option(
        help: ArgumentHelp(
            "Write one archive to attach to a bug report: doctor's findings, list, screens, each touch device's description, udev properties and decoded HID descriptor, the kernel's lines and versions (with --listen, the events too).",
            valueName: "FILE"))
    var report: String?

    func validate() throws {
        if let listen, !(listen > 0 && listen <= 600) {
            throw ValidationError("--listen takes seconds above 0, at most 600")
        }
        if reset != nil && (listen != nil || !nodes.isEmpty || json || report != nil) {
            throw ValidationError("--reset takes one node and nothing else")
        }
        if report != nil && json { throw ValidationError("--report writes a file; --json is for standard output") }
    }

    func run() throws {
        var examination: Examination
        do { examination = try Examination(socketOf: RunArguments.socketPath(ofCommandLine:)) } catch {
            throw fail(error)
        }
        if let reset { return try self.reset(reset, examination) }
        let subjects: [Examined]
        do { subjects = try examination.subjects(nodes) } catch { throw fail(error) }
        if let report { return try writeReport(report, examination, subjects) }
        if let listen {
            let nodes = subjects.compactMap(\.subject.node)
            examination.heard = Listening.listen(nodes, seconds: listen) {
                Diagnostics.print(
                    "touchbridge: doctor: listening \(EventsLink.seconds(listen)) s: touch each panel now")
            }
        }
        let report = DoctorReport(checks: examination.checks(subjects))
        var b = TextBuffer(capacity: 8192)
        if json { report.writeJSON(into: &b) } else { report.writeText(into: &b) }
        OutputSink.standardOutput().flush(&b)
        if !report.healthy { throw ExitCode(1) }
    }

    func reset(_ node: String, _ e: Examination) throws {
        do {
            let done = try ControllerReset.reset(node, e)
            let back = done.node.map { "; it is back as \($0)" } ?? "; no new node within 10 s"
            Diagnostics.print("touchbridge: doctor: \(node): \(done.action)" + back)
            if done.node == nil { throw ExitCode(1) }
        } catch let f as ControllerReset.Failure {
            Diagnostics.print("touchbridge: doctor: \(f.description)", level: .error)
            throw ExitCode(f.exitCode)
        }
    }

    func writeReport(_ file: String, _ e: Examination, _ subjects: [Examined]) throws {
        // Opened before the kernel log and the devices are read: a path refused costs nothing.
        let out: NewFile
        do { out = try NewFile(file, mode: NewFile.privateMode) } catch { throw fail(error) }
        let bug = BugReport(nodes: nodes, listen: listen)
        for line in bug.contents { Diagnostics.print("touchbridge: doctor: " + line) }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let members = bug.collect(examination: e, subjects: subjects)
        let bytes = TarArchive.write(members, mtime: Int(now.tv_sec))
        do {
            try out.write(bytes)
            try out.commit()
        } catch { throw fail(error) }
        Diagnostics.print(
            "touchbridge: doctor: wrote \(file) (\(members.count) files, \(bytes.count) bytes): attach it to the bug report;"
                + " `touchbridge report show \(file)` reads it")
    }
}
