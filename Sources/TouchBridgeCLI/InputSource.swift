import ArgumentParser
import Evdev
import Glibc
import InputEvents
import TouchInput

/// What a subcommand reads: a live evdev node, or an evemu recording standing in for one.
enum InputSource {
    case device(EvdevDevice)
    case recording(Recording, path: String)

    /// Opens `path`: a regular file is read as an evemu recording, anything else as a device.
    /// A missing path lists the touchscreens that do exist.
    static func open(_ path: String, clock: clockid_t? = nil, device: Int? = nil) throws -> InputSource {
        var st = stat()
        if stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG {
            return .recording(try readRecording(path, device: device), path: path)
        }
        return .device(try EvdevDevice.openNode(path, clock: clock))
    }

    /// Opens `path` as a touchscreen (the monotonic clock for a device): the source, its
    /// description and, live, udev's record of it; anything else is refused with the
    /// message and exit code every touch command gives.
    static func openTouchscreen(_ path: String, device: Int? = nil) throws -> (
        InputSource, DeviceDescription, InputDeviceInfo?
    ) {
        let input: InputSource
        do { input = try open(path, clock: CLOCK_MONOTONIC, device: device) } catch { throw fail(error) }
        let d: DeviceDescription
        let info: InputDeviceInfo?
        switch input {
        case .recording(let r, _):
            (d, info) = (r.description, r.recordedInfo(at: path))
        case .device(let device):
            (d, info) = (device.description, (try? DeviceDiscovery())?.device(devnode: device.path))
        }
        if let problem = touchscreenProblem(d) { throw fail(DeviceError.unsuitable(path: path, reason: problem)) }
        return (input, d, info)
    }

    /// An evemu recording, or of a `libinput record` file the device `--device` names (from 0),
    /// else its first touchscreen (else its first device).
    static func readRecording(_ path: String, device: Int? = nil) throws -> Recording {
        let all = try LibinputRecordParser.recordings(in: try readFileContents(path), file: path)
        if let device {
            guard device >= 0 && device < all.count else {
                throw ValidationError(
                    "--device \(device): \(path) holds \(all.count) device\(all.count == 1 ? "" : "s") (0 to \(all.count - 1))"
                )
            }
            return all[device]
        }
        return all.first { touchscreenProblem($0.description) == nil } ?? all[0]
    }
}

extension Recording {
    /// What udev said of the recorded device, where the file keeps it (`libinput record`).
    func recordedInfo(at path: String) -> InputDeviceInfo? {
        udevProperties.isEmpty
            ? nil : InputDeviceInfo(recordedAt: path, name: description.name, udevProperties: udevProperties)
    }
}

/// `--device N`: which device of a `libinput record` file holding several to read.
/// The event node or recording a tool reads, and which device of a recording: what every
/// command on one panel takes first.
struct SourceArgument: ParsableArguments {
    @Argument(help: "An event node such as /dev/input/event3, or a recording (evemu, or libinput record).")
    var source: String

    @OptionGroup var recorded: RecordedDeviceOption

    /// Of a libinput record file holding several devices, the one to read.
    var device: Int? { recorded.index }
}

struct RecordedDeviceOption: ParsableArguments {
    @Option(
        name: .customLong("device"),
        help: ArgumentHelp(
            "Of a libinput record file holding several devices, the one to read (from 0; default: its first touchscreen).",
            valueName: "N"))
    var index: Int?
}
