import Evdev
import Glibc
import InputEvents

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

    static func readRecording(_ path: String) throws -> Recording {
        try EvemuParser(file: path).parse(try readFileContents(path))
    }
}
