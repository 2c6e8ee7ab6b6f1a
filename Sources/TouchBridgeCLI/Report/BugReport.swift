import Doctor
import Evdev
import Glibc
import HIDRaw
import InputEvents
import Output
import ReportArchive
import TextBuffers

/// What `doctor --report` gathers into one archive a person attaches to a bug report: doctor's
/// findings, `list`, `screens`, each touch device's evemu description, udev properties and
/// decoded HID report descriptor, the kernel's lines about input devices and the versions; with
/// `listen`, that many seconds of each device's events at the evdev and the HID level.
struct BugReport {
    /// The directory every member sits in, so extracting it makes one folder.
    static let top = "touchbridge-report/"

    var nodes: [String]
    var listen: Double?

    /// What the report holds and what it does not, said before it is written.
    var contents: [String] {
        [
            "the report holds doctor's findings, `list` and `screens`; each touch device's description,"
                + " udev properties and decoded HID report descriptor; the kernel's lines of the touch devices'"
                + " own USB, I2C and HID chain and drivers and of the input and HID subsystems;"
                + " the kernel's, touchbridge's and the compositor's versions"
                + (listen.map { "; \(EventsLink.seconds($0)) s of each touch device's events" } ?? ""),
            "it holds device names, the touch devices' serial numbers and the user names doctor's access"
                + " check names; MAC and IP addresses, the host name and other devices' serial numbers are"
                + " masked wherever the kernel's lines hold them; no file of yours",
        ]
    }

    /// The archive's members, in the order `report show` lists them.
    func collect(examination: Examination, subjects: [Examined]) -> [TarArchive.Member] {
        let exe = Self.executable()
        let touch = Array(Set(subjects.compactMap(\.subject.node))).sorted()
        var members: [TarArchive.Member] = [member("README", text: readme(touch))]
        let raws = Array(Set(touch.compactMap(Self.hidraw(of:)))).sorted()
        let recorded = listen.map { BugReportRecordings.record(evdev: touch, hid: raws, seconds: $0, exe: exe) }
        members.append(member("doctor.json", bytes: run([exe, "doctor", "--json"] + nodes, seconds: 60)))
        members.append(member("doctor.txt", bytes: run([exe, "doctor"] + nodes, seconds: 60)))
        members.append(member("list.txt", bytes: run([exe, "list"])))
        members.append(member("screens.json", bytes: run([exe, "screens", "--json"])))
        members.append(member("versions.txt", text: versions(examination)))
        members.append(member("kernel.txt", text: kernelLines(examination, subjects)))
        for node in touch {
            let dir = "devices/" + Self.base(node) + "/"
            members.append(member(dir + "description.evemu", text: Self.description(node)))
            members.append(
                member(dir + "udev.txt", bytes: run(["udevadm", "info", "--query=property", "--name=" + node])))
            if let r = recorded?.evdev[node] { members.append(member(dir + "events.evemu", bytes: r)) }
        }
        for raw in raws {
            let dir = "devices/" + Self.base(raw) + "/"
            let sysfs = "/sys/class/hidraw/\(Self.base(raw))/device/report_descriptor"
            let bytes = LiveFiles().bytes(sysfs, limit: ReportDescriptor.maximumSize + 1) ?? []
            let behind = touch.filter { Self.hidraw(of: $0) == raw }.joined(separator: ", ")
            let lines = ["\(raw), the HID device behind \(behind)"] + ReportDescriptor.described(bytes)
            members.append(member(dir + "descriptor.txt", text: lines.joined(separator: "\n") + "\n"))
            if let r = recorded?.hid[raw] { members.append(member(dir + "events.hid", bytes: r)) }
        }
        return members
    }

    private func member(_ name: String, text: String) -> TarArchive.Member {
        TarArchive.Member(name: Self.top + name, text: text)
    }

    private func member(_ name: String, bytes: [UInt8]) -> TarArchive.Member {
        TarArchive.Member(name: Self.top + name, bytes: bytes)
    }

    /// A program's output, whatever its exit code (doctor's is 1 when a link is broken); what it
    /// could not say is said in the member.
    private func run(_ argv: [String], seconds: Int32 = 20) -> [UInt8] {
        let ran = ProgramOutput.run(argv, seconds: seconds, limit: 8 << 20)
        guard ran.status != nil else {
            return Array("(\(argv.joined(separator: " ")) did not start or did not end within \(seconds) s)\n".utf8)
        }
        return ran.output
    }

    private func readme(_ touch: [String]) -> String {
        var now = time(nil)
        var parts = tm()
        var stamp = [CChar](repeating: 0, count: 32)
        _ = gmtime_r(&now, &parts)
        let n = strftime(&stamp, stamp.count, "%Y-%m-%d %H:%M:%S UTC", &parts)
        let made = String(decoding: stamp.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return """
            touchbridge \(touchbridgeVersion) bug report, made \(made)
            with: touchbridge doctor --report FILE\(nodes.map { " " + $0 }.joined())\(listen.map { " --listen \(EventsLink.seconds($0))" } ?? "")
            touch devices: \(touch.isEmpty ? "none" : touch.joined(separator: ", "))
            \(contents.joined(separator: "\n"))
            Read it with: touchbridge report show FILE [MEMBER], or tar -xf FILE.

            """
    }

    private func versions(_ e: Examination) -> String {
        var u = utsname()
        var lines = ["touchbridge \(touchbridgeVersion)"]
        if uname(&u) == 0 {
            let field = { (p: UnsafeRawBufferPointer) in String(decoding: p.prefix { $0 != 0 }, as: UTF8.self) }
            let release = withUnsafeBytes(of: &u.release, field)
            let version = withUnsafeBytes(of: &u.version, field)
            let machine = withUnsafeBytes(of: &u.machine, field)
            lines.append("kernel \(release) \(version) \(machine)")
        }
        if let c = e.compositor {
            let asked = ProgramOutput.run([c.name, c.name == "cage" ? "-v" : "--version"], seconds: 3).output
            let said = String(decoding: asked, as: UTF8.self).split(separator: "\n").first.map(String.init)
            lines.append("compositor \(c.name) (pid \(c.pid))" + (said.map { ": " + $0 } ?? ""))
        } else {
            lines.append("compositor: none running")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The kernel's lines of the touch devices' own chain and of the input and HID subsystems
    /// (not the whole log: the rest is the machine's, not the panel's), addresses masked.
    private func kernelLines(_ e: Examination, _ subjects: [Examined]) -> String {
        guard let log = e.kernelLog else { return "(the kernel's log could not be read: /dev/kmsg)\n" }
        var host = [CChar](repeating: 0, count: 256)
        let name =
            gethostname(&host, host.count - 1) == 0
            ? String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
        let keys = subjects.flatMap(e.kernelKeys)
        return log.reportLines(chainKeys: keys, hostName: name).map { $0 + "\n" }.joined()
    }

    /// The node's evemu description, as `record` starts its file.
    static func description(_ node: String) -> String {
        do {
            let d = try EvdevDevice(path: node)
            var b = TextBuffer(capacity: 1 << 14)
            let w = EvemuWriter(naming: LibevdevNames())
            w.writeHeader(d.description, kernel: nil, dmi: nil, into: &b)
            return String(decoding: b.bytes, as: UTF8.self)
        } catch {
            return "(\(node): \(error.description))\n"
        }
    }

    /// The hidraw node of the HID device behind an event node, if it has one.
    static func hidraw(of node: String) -> String? {
        let dir = "/sys/class/input/\(base(node))/device/device/hidraw"
        return LiveFiles().list(dir).filter { $0.hasPrefix("hidraw") }.sorted().first.map { "/dev/" + $0 }
    }

    static func base(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }

    /// This program's own path, so the report runs the commands it is made of as a person would.
    static func executable() -> String {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        guard n > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
