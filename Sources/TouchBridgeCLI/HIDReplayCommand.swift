import ArgumentParser
import Glibc
import HIDRaw
import Output
import Runtime

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
            recorded gaps. Needs write access to /dev/uhid (root).
            """)

    @Argument(help: "The recording (hid-tools' format).")
    var file: String

    @Option(help: "Seconds to wait once the driver started, for readers to open the new nodes (0 to 60).")
    var startDelay: Double = 1

    @Option(help: "Seconds to keep the devices after the last report (0 to 60).")
    var hold: Double = 0.5

    func validate() throws {
        guard (0...60).contains(startDelay) else { throw ValidationError("--start-delay takes seconds from 0 to 60") }
        guard (0...60).contains(hold) else { throw ValidationError("--hold takes seconds from 0 to 60") }
    }

    func run() throws {
        let recording: HIDRecording
        do {
            let bytes = try readFileContents(file, limit: 64 << 20)
            recording = try HIDRecording.parse(String(decoding: bytes, as: UTF8.self), file: file)
        } catch let e as HIDRecordingError {
            Diagnostics.print("touchbridge: hid-replay: \(e.description)", level: .error)
            throw ExitCode(65)
        } catch {
            Diagnostics.print("touchbridge: hid-replay: \(error)", level: .error)
            throw ExitCode(66)
        }
        let signals = SignalWatch(signals: [SIGINT, SIGTERM])
        var devices: [UHIDDevice] = []
        for d in recording.devices {
            do { devices.append(try UHIDDevice(d)) } catch {
                Diagnostics.print("touchbridge: hid-replay: \(error.description)", level: .error)
                throw ExitCode(error.exitCode == 65 ? 69 : error.exitCode)
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
            throw ExitCode(69)
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
        for r in recording.reports {
            guard serve(devices, signals, until: start + r.time) else { return }
            if !devices[r.device].input(r.bytes) {
                Diagnostics.print("touchbridge: hid-replay: the kernel refused a report: \(errno)", level: .warning)
            }
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
