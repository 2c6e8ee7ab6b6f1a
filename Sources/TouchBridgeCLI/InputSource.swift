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
        let result: Result<EvdevDevice, DeviceError> = Result { () throws(DeviceError) in try EvdevDevice(path: path, clock: clock) }
        switch result {
        case let .success(device):
            return .device(device)
        case let .failure(error):
            guard case .notFound = error else { throw error }
            let present = (try? DeviceDiscovery())?.touchscreens().map { "\($0.devnode) (\($0.name))" } ?? []
            throw DeviceError.notFound(path: path, touchscreens: present)
        }
    }

    static func readRecording(_ path: String) throws -> Recording {
        try EvemuParser(file: path).parse(try readFileContents(path))
    }
}
