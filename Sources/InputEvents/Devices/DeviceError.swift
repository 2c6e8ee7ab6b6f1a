import Glibc
import Sysexits

/// Why a device could not be opened or read, worded for the person at the panel, with the
/// sysexits code the command line exits with.
public enum DeviceError: Error, CustomStringConvertible, Equatable {
    /// Nothing at that path; `touchscreens` lists what there is instead.
    case notFound(path: String, touchscreens: [String])
    /// No device was named and udev knows no touchscreen.
    case noTouchscreen
    /// A file (a scene, a recording) that does not exist.
    case missingFile(path: String)
    case permissionDenied(path: String)
    /// The device went away (unplugged, or removed by its driver).
    case unplugged(path: String)
    /// The path exists but is not an evdev node.
    case notEvdev(path: String)
    /// A file (a recording, an output file) this user may not read or write.
    case fileNotAccessible(path: String)
    /// /dev/uinput is missing or not writable, so no virtual device can be made.
    case uinputUnavailable(permission: Bool)
    /// A device that works but cannot do what was asked (not a touchscreen, say).
    case unsuitable(path: String, reason: String)
    case system(path: String, call: String, errno: Int32)

    public var description: String {
        switch self {
        case .notFound(let path, let touchscreens):
            let there =
                touchscreens.isEmpty
                ? "no touchscreen is connected"
                : "touchscreens present: " + touchscreens.joined(separator: ", ")
            return "\(path): no such device (\(there))"
        case .missingFile(let path):
            return "\(path): no such file"
        case .noTouchscreen:
            return "no touchscreen is connected (udev knows no device with ID_INPUT_TOUCHSCREEN=1); "
                + "name a device, or an evemu recording to play"
        case .permissionDenied(let path):
            return "\(path): permission denied. \(DeviceError.accessAdvice)"
        case .unplugged(let path):
            return "\(path): the device was unplugged"
        case .fileNotAccessible(let path):
            return "\(path): permission denied (the file is not accessible to this user)"
        case .uinputUnavailable(let permission):
            return permission
                ? "/dev/uinput: permission denied (creating a virtual device needs root, or write access to /dev/uinput)"
                : "/dev/uinput: not available (load the module with 'sudo modprobe uinput')"
        case .notEvdev(let path):
            return "\(path): not an evdev device node (expected /dev/input/eventN or an evemu recording)"
        case .unsuitable(let path, let reason):
            return "\(path): \(reason)"
        case .system(let path, let call, let errno):
            return "\(path): \(call) failed: \(errnoDescription(errno))"
        }
    }

    /// How to get read access to input devices.
    public static let accessAdvice =
        "Input devices belong to the 'input' group: add the user "
        + "to it (sudo usermod -aG input $USER, then log in again), or install touchbridge's udev "
        + "rule (udev/70-touchbridge.rules), which gives the 'touchbridge' group access to touchscreens"

    /// The sysexits code: 66 for missing or vanished input, 77 for permissions.
    public var exitCode: Int32 {
        switch self {
        case .notFound, .noTouchscreen, .missingFile, .unplugged, .notEvdev, .uinputUnavailable(permission: false):
            return Sysexits.noInput
        case .permissionDenied, .fileNotAccessible, .uinputUnavailable(permission: true): return Sysexits.noPermission
        case .unsuitable: return Sysexits.dataError
        case .system: return Sysexits.ioError
        }
    }
}

/// What the C library says of `code`.
package func errnoDescription(_ code: Int32) -> String {
    String(cString: strerror(code))
}
