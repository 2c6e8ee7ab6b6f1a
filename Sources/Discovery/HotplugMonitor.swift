import CUdev
import Evdev
import Glibc
import InputEvents
import Runtime

/// Input devices arriving and leaving, from udev's netlink monitor, and (when asked) news of
/// the displays. Its `fd` goes into the caller's poll set; `next()` returns what is pending
/// without blocking.
public final class HotplugMonitor {
    /// `changed`: udev processed the device again (`udevadm trigger`, an edited rule): its
    /// properties may be new.
    public enum Action: String, Sendable {
        case added = "add"
        case removed = "remove"
        case changed = "change"
    }

    public struct Change: Sendable {
        public var action: Action
        public var device: InputDeviceInfo
    }

    private let udev: OpaquePointer
    private let monitor: OpaquePointer
    public let fd: Int32
    /// Set when `next()` passed news of a display (a DRM device added, removed or changed: a
    /// monitor plugged, unplugged or switched) since the caller last cleared it.
    public var displaysChanged = false
    /// The cards (`card0`) whose news came with `displaysChanged`, which the caller empties
    /// with it: their displays' orientations are to be read again.
    public var changedCards: Set<String> = []
    /// Set when the kernel dropped news because the monitor's buffer was full (`ENOBUFS`: a
    /// hotplug storm): the caller must list the devices again, since some came or went unheard.
    public var overflowed = false
    /// The monitor's receive buffer: room for thousands of uevents, so a storm of devices
    /// is heard rather than dropped (raised beyond the system's `rmem_max` only with
    /// CAP_NET_ADMIN; the kernel's default is then the ceiling, and `overflowed` says a loss).
    public static let receiveBufferSize: Int32 = 4 << 20

    /// `displays`: the DRM devices' news too (`displaysChanged`).
    public init(displays: Bool = false) throws(DeviceError) {
        guard let u = udev_new() else { throw .system(path: "udev", call: "udev_new", errno: errno) }
        guard let m = udev_monitor_new_from_netlink(u, "udev") else {
            udev_unref(u)
            throw .system(path: "udev monitor", call: "udev_monitor_new_from_netlink", errno: errno)
        }
        udev_monitor_filter_add_match_subsystem_devtype(m, "input", nil)
        if displays { udev_monitor_filter_add_match_subsystem_devtype(m, "drm", nil) }
        if udev_monitor_set_receive_buffer_size(m, Self.receiveBufferSize) < 0 {
            var size = Self.receiveBufferSize
            _ = setsockopt(
                udev_monitor_get_fd(m), SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        let rc = udev_monitor_enable_receiving(m)
        if rc < 0 {
            udev_monitor_unref(m)
            udev_unref(u)
            throw .system(path: "udev monitor", call: "udev_monitor_enable_receiving", errno: -rc)
        }
        let fd = udev_monitor_get_fd(m)
        // libudev's monitor socket is blocking; next() must never block the event loop.
        if let e = UnixSocket.makeNonBlocking(fd) {
            udev_monitor_unref(m)
            udev_unref(u)
            throw .system(path: "udev monitor", call: "fcntl(O_NONBLOCK)", errno: e)
        }
        udev = u
        monitor = m
        self.fd = fd
    }

    deinit {
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }

    /// The next pending change of an event node, or nil when none is pending (`overflowed`
    /// set when news was lost).
    public func next() -> Change? {
        while true {
            errno = 0
            guard let dev = udev_monitor_receive_device(monitor) else {
                if errno == ENOBUFS {
                    overflowed = true
                    continue
                }
                // Nothing pending (EAGAIN), or a message libudev refused: the next one is read
                // on the next wake.
                return nil
            }
            defer { udev_device_unref(dev) }
            if udev_device_get_subsystem(dev).map({ String(cString: $0) }) == "drm" {
                displaysChanged = true
                if let name = udev_device_get_sysname(dev).map({ String(cString: $0) }), name.hasPrefix("card") {
                    changedCards.insert(String(name.prefix { $0 != "-" }))
                }
                continue
            }
            guard let actionC = udev_device_get_action(dev),
                let action = Action(rawValue: String(cString: actionC)),
                let info = DeviceDiscovery.info(dev)
            else { continue }
            return Change(action: action, device: info)
        }
    }
}
