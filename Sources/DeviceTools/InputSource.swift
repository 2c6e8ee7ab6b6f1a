import Discovery
import Evdev
import Glibc
import Host
import InputEvents
import RunCommandLine
import Runtime
import TouchInput

/// What a tool reads: a live evdev node, or a recording standing in for one.
package enum InputSource {
    case device(EvdevDevice)
    case recording(Recording, path: String)

    /// Opens `path`: a regular file is read as an evemu recording, anything else as a device.
    /// A missing path lists the touchscreens that do exist.
    package static func open(_ path: String, clock: clockid_t? = nil, device: Int? = nil) throws -> InputSource {
        var st = stat()
        if stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG {
            return .recording(try readRecording(path, device: device), path: path)
        }
        return .device(try EvdevDevice.openNode(path, clock: clock))
    }

    /// An evemu recording, or of a `libinput record` file the device `--device` names (from 0),
    /// else its first touchscreen (else its first device).
    package static func readRecording(_ path: String, device: Int? = nil) throws -> Recording {
        let all = try LibinputRecordParser.recordings(in: try readFileContents(path), file: path)
        if let device {
            guard device >= 0 && device < all.count else {
                throw UsageError(
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
    package func recordedInfo(at path: String) -> InputDeviceInfo? {
        udevProperties.isEmpty
            ? nil : InputDeviceInfo(recordedAt: path, name: description.name, udevProperties: udevProperties)
    }
}
