import CLinux
import Glibc
import Sysexits

/// A hidraw node opened for reading: what the kernel says of its HID device (report
/// descriptor, bus, ids, name, physical path) and the reports it delivers, byte for byte, before
/// any driver has made events of them.
public final class HIDRawNode {
    public let path: String
    /// The open node (non-blocking), closed with this object.
    public let fd: Int32
    public let descriptor: [UInt8]
    public let bus: UInt32
    public let vendor: UInt16
    public let product: UInt16
    public let name: String
    public let phys: String

    /// Opens `path` and reads its device's description; throws with the sysexits code a
    /// missing node (66), one this user may not read (77) or one that is no hidraw node (65) gets.
    public init(path: String) throws(HIDRawError) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw HIDRawError(path: path, errno: errno) }
        var bytes = [UInt8](repeating: 0, count: Int(TOUCHBRIDGE_HID_MAX_DESCRIPTOR_SIZE))
        let size = touchbridge_hidraw_descriptor(fd, &bytes)
        var bus: UInt32 = 0
        var vendor: UInt16 = 0
        var product: UInt16 = 0
        guard size >= 0, touchbridge_hidraw_info(fd, &bus, &vendor, &product) == 0 else {
            let e = errno
            close(fd)
            throw HIDRawError(path: path, errno: e == ENOTTY || e == EINVAL ? ENOTTY : e)
        }
        self.path = path
        self.fd = fd
        descriptor = Array(bytes.prefix(Int(size)))
        self.bus = bus
        self.vendor = vendor
        self.product = product
        name = Self.string(fd, physical: false)
        phys = Self.string(fd, physical: true)
    }

    deinit { close(fd) }

    /// Feature report `number` as the device answers it now (`size` bytes of data at most), the
    /// number first; nil when the device refuses it.
    public func feature(_ number: UInt8, size: Int) -> [UInt8]? {
        var buf = [UInt8](repeating: 0, count: min(max(2, size + 1), HIDRecording.maxReport))
        let n = touchbridge_hidraw_feature(fd, number, &buf, Int32(buf.count))
        return n > 0 ? Array(buf.prefix(Int(n))) : nil
    }

    static func string(_ fd: Int32, physical: Bool) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard touchbridge_hidraw_string(fd, physical ? 1 : 0, &buffer, Int32(buffer.count)) >= 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Reads one report into `buffer` (hidraw hands out one a read, at most 16 KiB); its length,
    /// 0 when none is waiting, nil when the device is gone.
    public func read(into buffer: inout [UInt8]) -> Int? {
        let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        if n >= 0 { return n }
        return errno == EAGAIN || errno == EINTR ? 0 : nil
    }
}

/// Why a hidraw node could not be read, with its sysexits code.
public struct HIDRawError: Error, CustomStringConvertible {
    public let path: String
    public let errno: Int32

    public var exitCode: Int32 {
        switch errno {
        case ENOENT, ENODEV, ENXIO: return Sysexits.noInput
        case EACCES, EPERM: return Sysexits.noPermission
        default: return Sysexits.dataError
        }
    }

    public var description: String {
        switch errno {
        case ENOENT, ENODEV, ENXIO: return "\(path): no such hidraw node (ls /dev/hidraw*)"
        case EACCES, EPERM:
            return "\(path): permission denied: hidraw nodes are root's unless a udev rule grants them (run as root)"
        case ENOTTY: return "\(path): not a hidraw node"
        default: return "\(path): \(String(cString: strerror(errno)))"
        }
    }
}
