import CLinux
import Glibc

/// A HID device made again through /dev/uhid from a recording's description, so the kernel's
/// own driver takes it (its quirks by bus, vendor and product apply), fed the recorded reports;
/// it answers the driver's GET_REPORT with the recorded feature reports or the descriptor's, and notes each
/// SET_REPORT (a multitouch controller's Input Mode). Destroyed with this object.
public final class UHIDDevice {
    public let device: HIDRecording.Device
    /// /dev/uhid, opened for this device alone (non-blocking).
    public let fd: Int32
    let features: FeatureReports
    /// Whether the kernel started a driver on it, and whether something opened it.
    public private(set) var started = false
    public private(set) var opened = false
    /// Each SET_REPORT the driver sent: report type and number, and its bytes.
    public private(set) var setReports: [(type: UInt8, number: UInt8, bytes: [UInt8])] = []

    /// Creates the device; throws errno (ENOENT without uhid, EACCES without root).
    public init(_ device: HIDRecording.Device, path: String = "/dev/uhid") throws(HIDRawError) {
        let fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw HIDRawError(path: path, errno: errno) }
        let made = device.descriptor.withUnsafeBufferPointer { rd in
            touchbridge_uhid_create(
                fd, device.name, device.phys, rd.baseAddress, UInt16(rd.count), device.bus, device.vendor,
                device.product)
        }
        guard made == 0 else {
            let e = errno
            close(fd)
            throw HIDRawError(path: path, errno: e)
        }
        self.device = device
        self.fd = fd
        features = FeatureReports(descriptor: device.descriptor, recorded: device.features)
    }

    deinit {
        _ = touchbridge_uhid_destroy(fd)
        close(fd)
    }

    /// Sends one input report; false when the kernel refused it.
    public func input(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { touchbridge_uhid_input(fd, $0.baseAddress, UInt16($0.count)) } == 0
    }

    /// Reads what the kernel sent (at most 64 events, so a chatty driver cannot hold the loop)
    /// and answers each request.
    public func serve() {
        var data = [UInt8](repeating: 0, count: Int(TOUCHBRIDGE_UHID_DATA_MAX))
        for _ in 0..<64 {
            var type: UInt32 = 0
            var id: UInt32 = 0
            var number: UInt8 = 0
            var reportType: UInt8 = 0
            var size: UInt16 = 0
            guard touchbridge_uhid_read(fd, &type, &id, &number, &reportType, &data, &size) == 0 else { return }
            switch type {
            case UInt32(UHID_START.rawValue): started = true
            case UInt32(UHID_STOP.rawValue): started = false
            case UInt32(UHID_OPEN.rawValue): opened = true
            case UInt32(UHID_CLOSE.rawValue): opened = false
            case UInt32(UHID_GET_REPORT.rawValue):
                if let answer = features.answer(number) {
                    _ = answer.withUnsafeBufferPointer {
                        touchbridge_uhid_get_report_reply(fd, id, 0, $0.baseAddress, UInt16($0.count))
                    }
                } else {
                    _ = touchbridge_uhid_get_report_reply(fd, id, UInt16(EIO), nil, 0)
                }
            case UInt32(UHID_SET_REPORT.rawValue):
                if setReports.count < 256 { setReports.append((reportType, number, Array(data.prefix(Int(size))))) }
                _ = touchbridge_uhid_set_report_reply(fd, id, 0)
            default: break
            }
        }
    }
}
