import ArgumentParser
import DeviceTools
import Evdev
import Glibc
import InputEvents
import Output
import RunCommandLine
import Runtime
import TextBuffers

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a device in evemu 1.3 format, as evemu-record writes it.",
        discussion: """
            Writes the device description, then every event until SIGINT or SIGTERM, times relative \
            to the first event. The file replays with `touchbridge replay`, `evemu-device` and \
            `evemu-play`, and every touchbridge command accepts it in place of a device. A recording \
            is refused (64): it is recorded already, and `touchbridge evtest` or `replay` reads it.
            """)

    @Argument(help: "The event node to record, such as /dev/input/event3.")
    var device: String

    @Option(name: .shortAndLong, help: "Write the recording to this file instead of standard output.")
    var output: String?

    func validate() throws {
        if RunInvocation.isRecording(device) {
            throw ValidationError(
                "\(device) is a recording, not a device: record reads a live event node (/dev/input/eventN); "
                    + "touchbridge evtest or replay reads a recording")
        }
    }

    func run() throws {
        let signals = SignalWatch()
        let dev: EvdevDevice
        do {
            guard case .device(let d) = try InputSource.open(device) else {
                throw DeviceError.notEvdev(path: device)
            }
            dev = d
        } catch { throw fail(error) }
        // A recording holds where fingers went: the owner's alone (0600), made new beside its path.
        let file: NewFile?
        do { file = try output.map { path throws(FileError) in try NewFile(path, mode: NewFile.privateMode) } } catch {
            throw fail(error)
        }
        let sink = file.map { OutputSink(fd: $0.fd) } ?? OutputSink.standardOutput()
        var writer = EvemuWriter(naming: LibevdevNames())
        var buffer = TextBuffer(capacity: 1 << 16)
        writer.writeHeader(dev.description, kernel: kernelRelease(), dmi: dmiModalias(), into: &buffer)
        sink.flush(&buffer)
        let failure = readUntilStopped(
            dev, .raw, signals: signals, finished: { sink.isBroken }, drained: { sink.flush(&buffer) },
            onEvent: { e, _ in
                writer.write(e, into: &buffer)
                if buffer.count > OutputSink.chunk { sink.flush(&buffer) }
            })
        // What was recorded before an unplug is kept: the device's last moments are the point.
        try finish(file, sink)
        if let failure { throw fail(failure) }
    }

    /// The file put in place, or the failed write said (74) and the previous file kept.
    private func finish(_ file: NewFile?, _ sink: OutputSink) throws {
        guard let file else { return }
        do {
            if sink.isBroken {
                throw FileError.system(SystemError(path: file.path, call: "write", errno: sink.failure))
            }
            try file.commit()
        } catch { throw fail(error) }
    }

    private func kernelRelease() -> String? {
        var u = utsname()
        guard uname(&u) == 0 else { return nil }
        return withUnsafeBytes(of: &u.release) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
    }

    private func dmiModalias() -> String? {
        let fd = open("/sys/class/dmi/id/modalias", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buf = [UInt8](repeating: 0, count: 4096)
        let n = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        var text = String(decoding: buf[0..<n], as: UTF8.self)
        while text.last == "\n" { text.removeLast() }
        return text.isEmpty ? nil : text
    }
}
