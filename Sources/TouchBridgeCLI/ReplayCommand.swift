import ArgumentParser
import DeviceTools
import Evdev
import Glibc
import InputEvents
import Output
import Runtime

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Recreate a recorded device through uinput and play its events with their timing.",
        discussion: """
            Prints the new device's node on standard error, waits --start-delay seconds so readers \
            (evtest, libinput, touchbridge itself) can open it, then writes the events with the \
            recorded gaps between frames. Needs write access to /dev/uinput (usually root).
            """)

    @Argument(help: "An evemu recording.")
    var file: String

    @OptionGroup var recorded: RecordedDeviceOption

    @Option(help: "Seconds to wait after creating the device before playing.")
    var startDelay: Double = 1.0

    @Option(help: "Seconds to keep the device after the last event.")
    var hold: Double = 0.5

    func validate() throws {
        guard startDelay >= 0, startDelay <= 3600, hold >= 0, hold <= 3600 else {
            throw ValidationError("--start-delay and --hold take seconds from 0 to 3600")
        }
    }

    func run() throws {
        let signals = SignalWatch()
        do {
            let recording = try InputSource.readRecording(file, device: recorded.index)
            let device = try UInputDevice(recording.description)
            Diagnostics.print("\(recording.description.name): \(device.devnode)")
            if wait(seconds: startDelay, signals) { return }
            var previous: EventTime?
            for e in recording.events {
                if let p = previous {
                    let gap = e.time.totalMicroseconds - p.totalMicroseconds
                    if gap > 500, wait(seconds: Double(gap) / 1e6, signals) { return }
                }
                previous = e.time
                try device.write(e)
            }
            _ = wait(seconds: hold, signals)
        } catch {
            throw fail(error)
        }
    }

    /// Sleeps in poll(2) on the signal fd; true when a signal asks to stop.
    private func wait(seconds: Double, _ signals: SignalWatch) -> Bool {
        guard seconds > 0 else { return false }
        let ms = Int32(min(seconds * 1000, Double(Int32.max)))
        if !waitReadable([signals.fd], timeoutMs: ms).isEmpty { return signals.take() != nil }
        return false
    }
}
