import ArgumentParser
import Glibc
import InputEvents
import Output
import ReportArchive

/// `report`: reads back the archive `doctor --report` wrote, for whoever received it.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Read a bug report written by doctor --report.",
        subcommands: [Show.self])

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "List a report's files and print doctor's findings, or print one file of it.",
            discussion: """
                Without FILE-IN-REPORT: when and by which version it was made, each file with its size, then \
                doctor's findings as doctor printed them. With it (doctor.json, kernel.txt, \
                devices/event3/description.evemu, devices/hidraw0/events.hid…): that file, as written. \
                Control characters other than newline and tab are shown as \\xNN: the text is the devices'.
                """)

        @Argument(help: "The report, as doctor --report wrote it.")
        var file: String

        @Argument(help: "One file of the report to print, its path inside the report.")
        var member: String?

        func run() throws {
            let members: [TarArchive.Member]
            do { members = try TarArchive.read(try Self.contents(file), file: file) } catch let e as ArchiveError {
                Diagnostics.print("touchbridge: report: \(e.description)", level: .error)
                throw ExitCode(65)
            }
            var b = TextBuffer(capacity: 1 << 16)
            let top = BugReport.top
            let named = { (m: TarArchive.Member) in m.name.hasPrefix(top) ? String(m.name.dropFirst(top.count)) : m.name
            }
            if let member {
                guard let m = members.first(where: { named($0) == member || $0.name == member }) else {
                    Diagnostics.print(
                        "touchbridge: report: \(file) has no \(Self.shown(Array(member.utf8))); it has: "
                            + members.map(named).joined(separator: ", "), level: .error)
                    throw ExitCode(66)
                }
                b.append(string: Self.shown(m.bytes))
            } else {
                if let readme = members.first(where: { named($0) == "README" }) {
                    b.append(string: Self.shown(readme.bytes) + "\n")
                }
                b.append(string: "Files:\n")
                for m in members { b.append(string: "  \(Self.shown(Array(named(m).utf8)))  \(m.bytes.count) bytes\n") }
                if let doctor = members.first(where: { named($0) == "doctor.txt" }) {
                    b.append(string: "\nDoctor's findings:\n" + Self.shown(doctor.bytes))
                }
            }
            OutputSink.standardOutput().flush(&b)
        }

        /// The file's bytes, at most 256 MiB; a missing or unreadable file exits 66 or 77.
        static func contents(_ path: String) throws -> [UInt8] {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                let e = errno
                let why = e == ENOENT ? "no such file" : String(cString: strerror(e))
                Diagnostics.print("touchbridge: report: \(path): \(why)", level: .error)
                throw ExitCode(e == EACCES ? 77 : 66)
            }
            defer { close(fd) }
            var out: [UInt8] = []
            var buf = [UInt8](repeating: 0, count: 1 << 16)
            while out.count <= TarArchive.maxMemberSize {
                let n = read(fd, &buf, buf.count)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { break }
                out += buf[0..<n]
            }
            return out
        }

        /// Text from the report with its control characters (but newline and tab) as `\xNN`.
        static func shown(_ bytes: [UInt8]) -> String {
            var s = String(decoding: bytes, as: UTF8.self)
            guard
                s.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F })
            else { return s }
            s = String(
                s.unicodeScalars.map { c -> String in
                    (c.value < 0x20 && c != "\n" && c != "\t") || c.value == 0x7F
                        ? "\\x" + (c.value < 16 ? "0" : "") + String(c.value, radix: 16) : String(c)
                }.joined())
            return s
        }
    }
}
