import ArgumentParser
import Glibc
import HIDRaw
import InputEvents
import Output
import Runtime
import Sysexits
import TextBuffers

struct HIDRecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hid-record",
        abstract: "Record HID devices below their drivers, in hid-tools' format (as hid-recorder writes it).",
        discussion: """
            Reads each hidraw node: its report descriptor, name, physical path, bus and ids, then every \
            report it delivers until SIGINT or SIGTERM, times relative to the first report. What the \
            kernel's driver makes of the reports is not in the file, so a driver's bug replays with it: \
            hid-tools' hid-replay recreates the device through uhid. hidraw nodes are root's unless a \
            udev rule grants them; without a node, the hidraw nodes there are are listed (64).
            """)

    @Argument(help: "The hidraw nodes to record, such as /dev/hidraw0.")
    var nodes: [String] = []

    @Option(name: .shortAndLong, help: "Write the recording to this file instead of standard output.")
    var output: String?

    func run() throws {
        guard !nodes.isEmpty else { throw usage() }
        let signals = SignalWatch(signals: [SIGINT, SIGTERM])
        var devices: [HIDRawNode] = []
        for n in nodes {
            do { devices.append(try HIDRawNode(path: n)) } catch {
                Diagnostics.print("touchbridge: hid-record: \(error.description)", level: .error)
                throw ExitCode(error.exitCode)
            }
        }
        // A recording holds where fingers went: the owner's alone (0600), made new beside its path.
        let file: NewFile?
        do { file = try output.map { path throws(FileError) in try NewFile(path, mode: NewFile.privateMode) } } catch {
            Diagnostics.print("touchbridge: hid-record: \(error.description)", level: .error)
            throw ExitCode(error.exitCode)
        }
        let sink = file.map { OutputSink(fd: $0.fd) } ?? OutputSink.standardOutput()
        var writer = HIDRecordingWriter(devices: devices.count)
        var text = TextBuffer(capacity: 1 << 16)
        for (i, d) in devices.enumerated() {
            text.append(
                string: writer.header(
                    index: i, name: d.name, descriptor: d.descriptor, bus: d.bus, vendor: d.vendor,
                    product: d.product, phys: d.phys))
            // The feature reports as the device answers them now, for the replay to answer alike.
            for (number, bits) in ReportDescriptor(d.descriptor).featureBits.sorted(by: { $0.key < $1.key }) {
                if let bytes = d.feature(number, size: (bits + 7) / 8) { text.append(string: writer.feature(bytes)) }
            }
        }
        sink.flush(&text)
        var report = [UInt8](repeating: 0, count: 16_384)
        var live = Array(devices.indices)
        while !live.isEmpty, !sink.isBroken {
            let ready = waitReadable(live.map { devices[$0].fd } + [signals.fd])
            let stop = ready.contains(live.count) && signals.take() != nil
            var gone: [Int] = []
            for (k, i) in live.enumerated() where ready.contains(k) || stop {
                // At most 256 reports a node a wake, so one flooding device cannot hold the others.
                for _ in 0..<256 {
                    guard let n = devices[i].read(into: &report) else {
                        gone.append(i)
                        break
                    }
                    guard n > 0 else { break }
                    text.append(string: writer.event(index: i, time: monotonicSeconds(), bytes: report[..<n]))
                }
            }
            sink.flush(&text)
            for i in gone {
                Diagnostics.print("touchbridge: hid-record: \(devices[i].path): the device went away")
            }
            live.removeAll { gone.contains($0) }
            if stop { break }
        }
        try finish(file, sink)
    }

    /// No node named: the hidraw nodes there are, with their devices' names, and 64.
    func usage() -> ExitCode {
        var lines = ["touchbridge: hid-record: name the hidraw nodes to record; these are here:"]
        let dir = opendir("/dev")
        var names: [String] = []
        while let dir, let e = readdir(dir) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("hidraw") { names.append("/dev/" + name) }
        }
        if let dir { closedir(dir) }
        for n in names.sorted() {
            let name = (try? HIDRawNode(path: n))?.name ?? "(not readable: run as root)"
            lines.append("  \(n)  \(name.printable)")
        }
        if names.isEmpty { lines.append("  none (no HID device, or hidraw is not in this kernel)") }
        for line in lines { Diagnostics.print(line, level: .error) }
        return ExitCode(Sysexits.usage)
    }

    /// The file put in place once recorded; a failed write is said (74), the previous file kept.
    func finish(_ file: NewFile?, _ sink: OutputSink) throws {
        guard let file else { return }
        do throws(FileError) {
            if sink.isBroken { throw .system(SystemError(path: file.path, call: "write", errno: sink.failure)) }
            try file.commit()
        } catch {
            Diagnostics.print("touchbridge: hid-record: \(error.description)", level: .error)
            throw ExitCode(error.exitCode)
        }
    }
}
