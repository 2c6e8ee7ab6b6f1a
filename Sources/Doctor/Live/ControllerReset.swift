import Discovery
import Evdev
import Glibc
import InputEvents
import Runtime
import Sysexits
import Sysfs

/// `doctor --reset`: a stalled controller brought back — a USB device re-authorised, any other
/// controller's driver re-bound — and the node it comes back as.
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

    /// Resets the controller behind `node` and waits up to 10 s for its new node of the same
    /// kind (a controller may make several: a touchscreen and a pen, or a mouse beside it).
    package static func reset(_ node: String, _ e: Examination) throws(Failure) -> Done {
        let resolved = Examination.resolved(node)
        guard let was = e.discovery.device(devnode: resolved) else {
            throw Failure(description: "\(node): no such input device", exitCode: Sysexits.noInput)
        }
        guard let plan = plan(for: resolved, syspath: was.syspath, e) else {
            throw Failure(
                description: "\(node): a virtual device or one without a driver: nothing to reset",
                exitCode: Sysexits.noInput)
        }
        let monitor = try? HotplugMonitor()
        for w in plan.writes {
            if let failure = SysfsWrite.write(w.value, to: w.path) {
                throw Failure(description: failure.0, exitCode: failure.1)
            }
        }
        let sameKind: (InputDeviceInfo) -> Bool = { i in
            i.isTouchscreen == was.isTouchscreen && i.isTablet == was.isTablet
        }
        return Done(action: plan.action, node: monitor.flatMap { waitForNode(of: plan.key, on: $0, where: sameKind) })
    }

    /// How the controller behind `node` (its input device at `syspath`) is reset: its USB device
    /// re-authorised, else its driver re-bound; nil for a virtual device or one without a driver,
    /// which nothing here can bring back.
    static func plan(for node: String, syspath: String, _ e: Examination) -> (
        writes: [DriverRebind.Write], action: String, key: String
    )? {
        if let usb = USBReauthorisation.plan(node: node, in: e.files) {
            return ([.init(path: usb.path, value: "0"), .init(path: usb.path, value: "1")], usb.action, usb.key)
        }
        if let rebind = DriverRebind.plan(inputSyspath: syspath, link: e.files.link) {
            return (rebind.writes, rebind.action, rebind.key)
        }
        return nil
    }

    /// The first event node udev announces whose device path runs through `key` and which
    /// `wanted` accepts, within 10 s.
    static func waitForNode(of key: String, on monitor: HotplugMonitor, where wanted: (InputDeviceInfo) -> Bool)
        -> String?
    {
        let end = monotonicSeconds() + 10
        while true {
            while let change = monitor.next() {
                let d = change.device
                if change.action == .added, d.syspath.contains(key), d.devnode.contains("/event"), wanted(d) {
                    return d.devnode
                }
            }
            let left = end - monotonicSeconds()
            var p = pollfd(fd: monitor.fd, events: Int16(POLLIN), revents: 0)
            guard left > 0, poll(&p, 1, Int32(left * 1000) + 1) > 0 else { return nil }
        }
    }
}
