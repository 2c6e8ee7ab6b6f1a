import ArgumentParser
import Glibc
import InputEvents
import Output
import ReportArchive
import Sysexits
import TextBuffers

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
                The archive is read as it is shown, whatever its size; one with two files of one name is \
                refused (65). Control characters other than newline and tab, and characters a terminal \
                would hide or reorder text with, are shown as \\u{NN}: the text is the devices'.
                """)

        @Argument(help: "The report, as doctor --report wrote it.")
        var file: String

        @Argument(help: "One file of the report to print, its path inside the report.")
        var member: String?

        func run() throws {
            let top = BugReport.top
            let named = { (name: String) in name.hasPrefix(top) ? String(name.dropFirst(top.count)) : name }
            let out = OutputSink.standardOutput()
            // A first pass reads every header: the archive is whole and its names unique before
            // anything of it is shown.
            var listing: [String] = []
            var names: [String] = []
            var index: Int?
            var readme = ShownText()
            var doctor = ShownText()
            try reading { (reader: inout TarReader<FileBytes>) throws(ArchiveError) in
                var i = 0
                while let e = try reader.next() {
                    let name = named(e.name)
                    listing.append("  \(name.printable)  \(e.size) bytes\n")
                    names.append(name.printable)
                    if let member, index == nil, name == member || e.name == member { index = i }
                    if member == nil, name == "README" { try reader.readData { readme.append($0) } }
                    if member == nil, name == "doctor.txt" { try reader.readData { doctor.append($0) } }
                    i += 1
                }
            }
            var b = TextBuffer(capacity: 1 << 16)
            guard let member else {
                if let text = readme.text { b.append(string: text + "\n") }
                b.append(string: "Files:\n")
                for line in listing { b.append(string: line) }
                if let text = doctor.text { b.append(string: "\nDoctor's findings:\n" + text) }
                out.flush(&b)
                return
            }
            guard let index else {
                Diagnostics.print(
                    "touchbridge: report: \(file) has no \(member); it has: " + names.joined(separator: ", "),
                    level: .error)
                throw ExitCode(Sysexits.noInput)
            }
            // The second pass streams the member: memory is one piece whatever its size.
            try reading { (reader: inout TarReader<FileBytes>) throws(ArchiveError) in
                for _ in 0..<index { _ = try reader.next() }
                _ = try reader.next()
                var text = PrintableStream(keepingLines: true)
                try reader.readData { piece in
                    b.append(string: text.text(piece))
                    out.flush(&b)
                }
                b.append(string: text.finish())
                out.flush(&b)
            }
        }

        /// The archive read from its file by `body`; a damaged one exits 65 with its byte, a
        /// missing or unreadable file 66 or 77.
        func reading(_ body: (inout TarReader<FileBytes>) throws(ArchiveError) -> Void) throws {
            let fd = open(file, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                let e = errno
                let why = e == ENOENT ? "no such file" : String(cString: strerror(e))
                Diagnostics.print("touchbridge: report: \(file): \(why)", level: .error)
                throw ExitCode(e == EACCES ? Sysexits.noPermission : Sysexits.noInput)
            }
            defer { close(fd) }
            var reader = TarReader(FileBytes(fd: fd), file: file)
            do { try body(&reader) } catch {
                Diagnostics.print("touchbridge: report: \(error.description)", level: .error)
                throw ExitCode(Sysexits.dataError)
            }
        }
    }
}

/// A text member shown whole in the listing (README, doctor's findings): at most 1 MiB of it.
struct ShownText {
    static let limit = 1 << 20
    var bytes: [UInt8]?

    mutating func append(_ piece: [UInt8]) {
        let room = Self.limit - (bytes?.count ?? 0)
        bytes = (bytes ?? []) + piece.prefix(max(0, room))
    }

    var text: String? {
        guard let bytes else { return nil }
        var stream = PrintableStream(keepingLines: true)
        let cut = bytes.count >= Self.limit ? "\n(cut at 1 MiB: `report show FILE NAME` shows it whole)\n" : ""
        return stream.text(bytes) + stream.finish() + cut
    }
}

/// An archive's file, read as it is listed; a member stepped over is sought past.
struct FileBytes: ArchiveBytes {
    let fd: Int32

    mutating func read(_ count: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: max(0, count))
        var got = 0
        while got < out.count {
            let n = out.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + got, $0.count - got) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            got += n
        }
        return Array(out.prefix(got))
    }

    mutating func skip(_ count: Int) -> Int {
        let here = lseek(fd, 0, SEEK_CUR)
        let end = lseek(fd, 0, SEEK_END)
        guard here >= 0, end >= 0 else {
            // Not a file one can seek in (a pipe): read past it.
            var left = count
            while left > 0 {
                let n = read(min(left, 1 << 16)).count
                if n == 0 { break }
                left -= n
            }
            return count - left
        }
        let moved = min(Int(end - here), max(0, count))
        lseek(fd, here + off_t(moved), SEEK_SET)
        return moved
    }
}
