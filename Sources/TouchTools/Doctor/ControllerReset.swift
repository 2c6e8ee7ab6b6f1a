import Doctor
import Evdev
import Glibc
import Runtime

/// `doctor --reset`: a stalled controller brought back by re-binding its driver (or
/// re-authorising its USB device), as unplugging it would, and the node it comes back as.
package enum ControllerReset {
    /// Why a reset could not be done, with its sysexits code.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
        package var exitCode: Int32
    }

    /// What was done and the node the controller came back as (nil when none appeared in time).
    package struct Done {
        package var action: String
        package var node: String?
    }

    /// The sysfs writes that reset the controller behind `node`, in order, and what they do.
    static func plan(_ node: String, _ e: Examination) throws(Failure) -> (
        writes: [(String, String)], action: String, key: String
    ) {
        if let h = e.hid(of: node) {
            if case .usb(let dev) = h.parent {
                let path = "/sys/bus/usb/devices/\(dev)/authorized"
                return ([(path, "0"), (path, "1")], "re-authorised USB device \(dev)", h.id)
            }
            let driver = h.driver ?? (h.wantsMultitouch ? "hid-multitouch" : "hid-generic")
            let dir = "/sys/bus/hid/drivers/\(driver)/"
            let unbind = h.driver == nil ? [] : [(dir + "unbind", h.id)]
            return (unbind + [(dir + "bind", h.id)], "re-bound \(h.id) to \(driver)", h.id)
        }
        guard let info = e.discovery.device(devnode: node) else {
            throw Failure(description: "\(node): no such input device", exitCode: 66)
        }
        let parent = info.syspath + "/device/device"
        guard let path = e.files.link(parent), let driver = e.files.linkName(parent + "/driver"),
            let bus = e.files.linkName(parent + "/subsystem")
        else {
            throw Failure(
                description: "\(node): a virtual device or one without a driver: nothing to reset", exitCode: 66)
        }
        let name = String(path.split(separator: "/").last ?? "")
        let dir = "/sys/bus/\(bus)/drivers/\(driver)/"
        return ([(dir + "unbind", name), (dir + "bind", name)], "re-bound \(bus) \(name) to \(driver)", name)
    }

    /// Resets the controller behind `node` and waits up to 10 s for its new node of the same
    /// kind (a controller may make several: a touchscreen and a pen, or a mouse beside it).
    package static func reset(_ node: String, _ e: Examination) throws(Failure) -> Done {
        let resolved = Examination.resolved(node)
        let (writes, action, key) = try plan(resolved, e)
        let was = e.discovery.device(devnode: resolved)
        let sameKind: (InputDeviceInfo) -> Bool = { i in
            guard let was else { return true }
            return i.isTouchscreen == was.isTouchscreen && i.isTablet == was.isTablet
        }
        let monitor = try? HotplugMonitor()
        for (path, value) in writes { try write(value, to: path) }
        return Done(action: action, node: monitor.flatMap { waitForNode(of: key, on: $0, where: sameKind) })
    }

    static func write(_ value: String, to path: String) throws(Failure) {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let e = errno
            if e == EACCES || e == EPERM {
                throw Failure(description: "\(path): permission denied (run doctor --reset with sudo)", exitCode: 77)
            }
            throw Failure(description: "\(path): \(String(cString: strerror(e)))", exitCode: 66)
        }
        defer { close(fd) }
        let bytes = Array(value.utf8)
        guard Glibc.write(fd, bytes, bytes.count) == bytes.count else {
            throw Failure(
                description: "\(path): writing \(value) failed: \(String(cString: strerror(errno)))", exitCode: 66)
        }
    }

    /// The first event node udev announces whose device path runs through `key` and which
    /// `wanted` accepts.
    static func waitForNode(of key: String, on monitor: HotplugMonitor, where wanted: (InputDeviceInfo) -> Bool)
        -> String?
    {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        let end = Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9 + 10
        while true {
            while let change = monitor.next() {
                let d = change.device
                if change.action == .added, d.syspath.contains(key), d.devnode.contains("/event"), wanted(d) {
                    return change.device.devnode
                }
            }
            clock_gettime(CLOCK_MONOTONIC, &ts)
            let left = end - (Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9)
            var p = pollfd(fd: monitor.fd, events: Int16(POLLIN), revents: 0)
            guard left > 0, poll(&p, 1, Int32(left * 1000) + 1) > 0 else { return nil }
        }
    }
}
