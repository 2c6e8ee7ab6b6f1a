import ArgumentParser
import Glibc
import HIDRaw
import Output
import Runtime
import Sysexits

struct HIDReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hid-replay",
        abstract: "Make the devices of a HID recording again through uhid and play their reports.",
        discussion: """
            Reads a recording in hid-tools' format (hid-recorder's or touchbridge hid-record's), creates \
            each device through /dev/uhid with the recorded bus, vendor, product and report descriptor, so \
            the kernel's own driver takes it as it took the real one, waits for the driver to start and \
            open it, \
            answers its feature-report requests as the recorded device did (hid-record's # F: lines) or \
            with zeros of the size the descriptor declares, then plays the reports with their \
            recorded gaps. The file is read as it plays, so its length costs no memory; times that go \
            back, a first report or a gap longer than --max-gap, and a byte that is not two \
            hexadecimal digits are refused with the file's line (65). Needs write access to /dev/uhid \
            (root) and the uhid module.
            """)

    @Argument(help: "The recording (hid-tools' format).")
    var file: String

    @Option(help: "Seconds to wait once the driver started, for readers to open the new nodes (0 to 60).")
    var startDelay: Double = 1

    @Option(help: "Seconds to keep the devices after the last report (0 to 60).")
    var hold: Double = 0.5

    @Option(help: "The longest wait, in seconds, before the first report or between two (0.001 to 86400; default 60).")
    var maxGap: Double = HIDRecording.defaultMaxGap

    func validate() throws {
        guard (0.001...86_400).contains(maxGap) else {
            throw ValidationError("--max-gap takes seconds from 0.001 to 86400")
        }
        guard (0...60).contains(startDelay) else { throw ValidationError("--start-delay takes seconds from 0 to 60") }
        guard (0...60).contains(hold) else { throw ValidationError("--hold takes seconds from 0 to 60") }
    }

    func run() throws {
        var lines = try openLines()
        var reader = HIDRecordingReader(file: file, maxGap: maxGap)
        // The descriptions, up to the first report: what to create.
        var first: HIDRecording.Report?
        let described: [HIDRecording.Device]
        do {
            while first == nil, let line = try lines.next() { first = try reader.read(line: line) }
            described = try reader.described ?? reader.finish()
        } catch { throw refuse(error) }
        let signals = SignalWatch(signals: [SIGINT, SIGTERM])
        var devices: [UHIDDevice] = []
        for d in described {
            do { devices.append(try UHIDDevice(d)) } catch {
                let missing = error.errno == ENOENT || error.errno == ENODEV
                Diagnostics.print(
                    "touchbridge: hid-replay: "
                        + (missing
                            ? "\(error.path): no such device: the uhid module is not loaded (sudo modprobe uhid)"
                            : error.description),
                    level: .error)
                throw ExitCode(
                    missing
                        ? Sysexits.unavailable
                        : error.exitCode == Sysexits.dataError ? Sysexits.unavailable : error.exitCode)
            }
        }
        // The driver starts within moments; ten seconds is a kernel that has none for it.
        guard serve(devices, signals, until: monotonicSeconds() + 10, while: { !devices.allSatisfy(\.started) }) else {
            return
        }
        guard devices.allSatisfy(\.started) else {
            Diagnostics.print(
                "touchbridge: hid-replay: no driver started on the device within 10 s (is hid-generic loaded?)",
                level: .error)
            throw ExitCode(Sysexits.unavailable)
        }
        // Then for something to open it (the kernel's own input handlers do, within moments);
        // readers that come later are what --start-delay waits for.
        guard serve(devices, signals, until: monotonicSeconds() + 2, while: { !devices.allSatisfy(\.opened) }) else {
            return
        }
        for d in devices {
            Diagnostics.print(
                "touchbridge: hid-replay: \(d.device.name.printable): created, its driver started"
                    + (d.opened ? " and opened it" : ", nothing opened it within 2 s"))
        }
        guard serve(devices, signals, until: monotonicSeconds() + startDelay) else { return }
        let start = monotonicSeconds()
        var next = first
        while let r = next {
            guard serve(devices, signals, until: start + r.time) else { return }
            if !devices[r.device].input(r.bytes) {
                Diagnostics.print("touchbridge: hid-replay: the kernel refused a report: \(errno)", level: .warning)
            }
            next = nil
            do {
                while next == nil, let line = try lines.next() { next = try reader.read(line: line) }
                if next == nil { _ = try reader.finish() }
            } catch { throw refuse(error) }
        }
        _ = serve(devices, signals, until: monotonicSeconds() + hold)
        for d in devices {
            for s in d.setReports {
                Diagnostics.print(
                    "touchbridge: hid-replay: \(d.device.name.printable): the driver set report \(s.number) "
                        + "(type \(s.type)): \(s.bytes.map { String($0, radix: 16) }.joined(separator: " "))")
            }
        }
    }

    /// The recording's lines, read from its file as they are asked for.
    func openLines() throws -> FileLines {
        do { return try FileLines(path: file, maxLine: HIDRecording.maxLine) } catch {
            Diagnostics.print("touchbridge: hid-replay: \(error.description)", level: .error)
            throw ExitCode(error.exitCode)
        }
    }

    /// A recording that is not hid-tools' format, said with its line (65).
    func refuse(_ error: any Error) -> ExitCode {
        Diagnostics.print("touchbridge: hid-replay: \(error)", level: .error)
        return ExitCode((error as? FileError)?.exitCode ?? Sysexits.dataError)
    }

    /// Answers the devices' requests until `deadline` (monotonic seconds) or while `condition`
    /// holds; false when SIGINT or SIGTERM came.
    func serve(
        _ devices: [UHIDDevice], _ signals: SignalWatch, until deadline: Double, while condition: () -> Bool = { true }
    )
        -> Bool
    {
        while condition() {
            let left = deadline - monotonicSeconds()
            if left <= 0 { return true }
            let ready = waitReadable(devices.map(\.fd) + [signals.fd], timeoutMs: Int32(min(left * 1000 + 1, 60_000)))
            if ready.contains(devices.count), signals.take() != nil { return false }
            for i in ready where i < devices.count { devices[i].serve() }
        }
        return true
    }
}
