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
    static func open(_ path: String, clock: clockid_t? = nil) throws -> InputSource {
        var st = stat()
        if stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG {
            return .recording(try readRecording(path), path: path)
        }
        return .device(try EvdevDevice.openNode(path, clock: clock))
    }

    /// Opens `path` as a touchscreen (the monotonic clock for a device): the source, its
    /// description and, live, udev's record of it; anything else is refused with the
    /// message and exit code every touch command gives.
    static func openTouchscreen(_ path: String) throws -> (InputSource, DeviceDescription, InputDeviceInfo?) {
        let input: InputSource
        do { input = try open(path, clock: CLOCK_MONOTONIC) } catch { throw fail(error) }
        let d: DeviceDescription, info: InputDeviceInfo?
        switch input {
        case let .recording(r, _): (d, info) = (r.description, nil)
        case let .device(device): (d, info) = (device.description, (try? DeviceDiscovery())?.device(devnode: device.path))
        }
        if let problem = touchscreenProblem(d) { throw fail(DeviceError.unsuitable(path: path, reason: problem)) }
        return (input, d, info)
    }

    static func readRecording(_ path: String) throws -> Recording {
        try EvemuParser(file: path).parse(try readFileContents(path))
    }
}
