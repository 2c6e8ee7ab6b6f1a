import Evdev
import Glibc
import InputEvents
import Runtime

extension EvdevDevice {
    /// Opens an event node for the commands and the daemon alike. With `resolvingLinks`, a
    /// `/dev/input/by-*` link opens as its node (the daemon matches hotplug news by node). A
    /// missing node says which touchscreens there are; a missing path outside /dev is a
    /// missing file (a mistyped recording, say).
    public static func openNode(_ node: String, clock: clockid_t? = nil, resolvingLinks: Bool = false)
        throws(DeviceError) -> EvdevDevice
    {
        var path = node
        if resolvingLinks, let real = realpath(node, nil) {
            path = String(cString: real)
            free(real)
        }
        let result = Result { () throws(DeviceError) in try EvdevDevice(path: path, clock: clock) }
        switch result {
        case .success(let device):
            return device
        case .failure(let error):
            guard case .notFound = error else { throw error }
            if !node.hasPrefix("/dev/") { throw DeviceError.missingFile(path: node) }
            let present = (try? DeviceDiscovery())?.touchscreens().map { "\($0.devnode) (\($0.name))" } ?? []
            throw DeviceError.notFound(path: node, touchscreens: present)
        }
    }
}
