import ArgumentParser
import DeviceTools
import Discovery
import Evdev
import Glibc
import InputEvents
import Pipeline
import Runtime
import TouchBridge
import TouchInput

extension InputSource {
    /// Opens `path` as a touchscreen (the monotonic clock for a device): the source, its
    /// description and, live, udev's record of it; anything else is refused with the
    /// message and exit code every touch command gives. A device `rules` (or udev) marks as a
    /// panel may be a touch controller in mouse mode.
    static func openTouchscreen(_ path: String, device: Int? = nil, rules: PanelRules = PanelRules()) throws -> (
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
        let key = TouchProtocol.contactKey(of: d, marked: rules.marks(node: path, name: d.name, info: info))
        if let problem = touchscreenProblem(d, contactKey: key) {
            throw fail(DeviceError.unsuitable(path: path, reason: problem))
        }
        return (input, d, info)
    }
}

/// The event node or recording a tool reads, and which device of a recording: what every
/// command on one panel takes first.
struct SourceArgument: ParsableArguments {
    @Argument(help: "An event node such as /dev/input/event3, or a recording (evemu, or libinput record).")
    var source: String

    @OptionGroup var recorded: RecordedDeviceOption

    /// Of a libinput record file holding several devices, the one to read.
    var device: Int? { recorded.index }
}

/// `--device N`: which device of a `libinput record` file holding several to read.
struct RecordedDeviceOption: ParsableArguments {
    @Option(
        name: .customLong("device"),
        help: ArgumentHelp(
            "Of a libinput record file holding several devices, the one to read (from 0; default: its first touchscreen).",
            valueName: "N"))
    var index: Int?
}
