import Glibc
import Sysexits

/// One value written to a sysfs attribute (a driver's `bind`, a USB device's `authorized`).
public enum SysfsWrite {
    /// nil when written; else what failed, with its sysexits code (77: permission).
    /// `access` says what grants writing it, for the error when it is not granted.
    public static func write(
        _ value: String, to path: String, access: String = "writing it needs root"
    ) -> (String, Int32)? {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let e = errno
            if e == EACCES || e == EPERM || e == EROFS {
                return ("\(path): \(String(cString: strerror(e))) (\(access))", Sysexits.noPermission)
            }
            return ("\(path): \(String(cString: strerror(e)))", Sysexits.noInput)
        }
        defer { close(fd) }
        let bytes = Array(value.utf8)
        guard Glibc.write(fd, bytes, bytes.count) == bytes.count else {
            return ("\(path): writing \(value) failed: \(String(cString: strerror(errno)))", Sysexits.noInput)
        }
        return nil
    }
}
