import CEvdev
import CLinux
import Glibc
import InputEvents
import Runtime

/// A virtual kernel input device created through `/dev/uinput` from a description, so a
/// recording (or a test) can drive every program reading evdev as real hardware would.
public final class UInputDevice {
    private let template: OpaquePointer
    private let uinput: OpaquePointer
    /// The `/dev/uinput` descriptor the device lives on (opened here, to give it its phys first).
    private let uinputFD: Int32
    /// `/dev/input/eventN` of the new device.
    public let devnode: String
    public let syspath: String

    /// True where this process may create uinput devices.
    public static var isAvailable: Bool { access("/dev/uinput", R_OK | W_OK) == 0 }

    /// Enables `d`'s properties, types and codes (with each axis' range and the key repeat) on
    /// the template `t`; a code libevdev refuses (past its type's maximum, say) is refused here.
    private static func enable(_ d: DeviceDescription, on t: OpaquePointer) throws(DeviceError) {
        func check(_ rc: Int32, _ what: String) throws(DeviceError) {
            guard rc == 0 else {
                throw .unsuitable(path: "/dev/uinput", reason: "libevdev cannot enable \(what) on a uinput device")
            }
        }
        for p in d.properties { try check(libevdev_enable_property(t, UInt32(p)), "input property \(p)") }
        for (type, codes) in d.codes where type != Kernel.EV_SYN {
            try check(libevdev_enable_event_type(t, UInt32(type)), "event type \(type)")
            for code in codes {
                let rc: Int32
                if type == Kernel.EV_ABS {
                    let a = d.absInfo[code] ?? AbsInfo(minimum: 0, maximum: 0)
                    var info = input_absinfo(
                        value: a.value, minimum: a.minimum, maximum: a.maximum,
                        fuzz: a.fuzz, flat: a.flat, resolution: a.resolution)
                    rc = libevdev_enable_event_code(t, UInt32(type), UInt32(code), &info)
                } else if type == Kernel.EV_REP {
                    var v: Int32 = code == Kernel.REP_DELAY ? (d.keyRepeat?.delay ?? 250) : (d.keyRepeat?.period ?? 33)
                    rc = libevdev_enable_event_code(t, UInt32(type), UInt32(code), &v)
                } else {
                    rc = libevdev_enable_event_code(t, UInt32(type), UInt32(code), nil)
                }
                try check(rc, "code \(code) of event type \(type)")
            }
        }
    }

    public init(_ d: DeviceDescription) throws(DeviceError) {
        guard let t = libevdev_new() else { throw .system(path: "/dev/uinput", call: "libevdev_new", errno: ENOMEM) }
        libevdev_set_name(t, d.name)
        libevdev_set_id_bustype(t, Int32(d.id.bustype))
        libevdev_set_id_vendor(t, Int32(d.id.vendor))
        libevdev_set_id_product(t, Int32(d.id.product))
        libevdev_set_id_version(t, Int32(d.id.version))
        if let phys = d.phys { libevdev_set_phys(t, phys) }
        do throws(DeviceError) {
            try Self.enable(d, on: t)
        } catch {
            libevdev_free(t)
            throw error
        }
        let fd = open("/dev/uinput", O_RDWR | O_CLOEXEC)
        var handle: OpaquePointer?
        var rc = fd < 0 ? -errno : 0
        var call = "open"
        if rc == 0, let phys = d.phys, touchbridge_uinput_set_phys(fd, phys) != 0 {
            rc = -errno
            call = "UI_SET_PHYS"
        }
        if rc == 0 {
            rc = libevdev_uinput_create_from_device(t, fd, &handle)
            call = "libevdev_uinput_create_from_device"
        }
        guard rc == 0, let handle else {
            if fd >= 0 { close(fd) }
            libevdev_free(t)
            if rc == -EACCES || rc == -EPERM { throw .uinputUnavailable(permission: true) }
            if rc == -ENOENT || rc == -ENODEV || rc == -ENXIO { throw .uinputUnavailable(permission: false) }
            throw .system(path: "/dev/uinput", call: call, errno: -rc)
        }
        uinputFD = fd
        template = t
        uinput = handle
        devnode = libevdev_uinput_get_devnode(handle).map { String(cString: $0) } ?? ""
        syspath = libevdev_uinput_get_syspath(handle).map { String(cString: $0) } ?? ""
        queued.reserveCapacity(64)
    }

    deinit {
        libevdev_uinput_destroy(uinput)
        close(uinputFD)
        libevdev_free(template)
    }

    /// Writes one event (the kernel timestamps it on arrival).
    public func write(type: UInt16, code: UInt16, value: Int32) throws(DeviceError) {
        let rc = libevdev_uinput_write_event(uinput, UInt32(type), UInt32(code), value)
        if rc != 0 { throw .system(path: devnode, call: "write", errno: -rc) }
    }

    public func write(_ e: InputEvent) throws(DeviceError) {
        try write(type: e.type, code: e.code, value: e.value)
    }

    /// Events queued for one write (a frame or two), in the kernel's layout, which stays
    /// inside this module.
    @usableFromInline var queued: [input_event] = []

    /// Queues an event for `writeQueued()`: a virtual device that forwards each input frame
    /// costs one system call per frame.
    @inlinable
    public func queue(type: UInt16, code: UInt16, value: Int32) {
        queued.append(input_event(time: timeval(), type: type, code: code, value: value))
    }

    /// How many events are queued.
    @inlinable public var queuedCount: Int { queued.count }

    /// The type, code and value of queued event `i`.
    @inlinable
    public func queuedEvent(at i: Int) -> (type: UInt16, code: UInt16, value: Int32) {
        let e = queued[i]
        return (e.type, e.code, e.value)
    }

    /// Forgets what is queued.
    public func discardQueued() { queued.removeAll(keepingCapacity: true) }

    /// Writes what is queued (whole frames, `SYN_REPORT` included) in one system call, and
    /// empties the queue.
    public func writeQueued() throws(DeviceError) {
        defer { queued.removeAll(keepingCapacity: true) }
        guard !queued.isEmpty else { return }
        let size = MemoryLayout<input_event>.stride * queued.count
        let n = queued.withUnsafeBytes { Glibc.write(libevdev_uinput_get_fd(uinput), $0.baseAddress, size) }
        if n != size { throw .system(path: devnode, call: "write", errno: n < 0 ? errno : EIO) }
    }

    /// Writes `events` and ends the frame with `SYN_REPORT`.
    public func frame(_ events: [(UInt16, UInt16, Int32)]) throws(DeviceError) {
        for (t, c, v) in events { try write(type: t, code: c, value: v) }
        try write(type: Kernel.EV_SYN, code: Kernel.SYN_REPORT, value: 0)
    }
}
