import Evdev
import InputEvents
import Output
import TouchInput

extension Daemon {
    /// The panels the selection names, or every touchscreen there is, opened: with their udev
    /// records and their place among the named ones; named devices that are no panel but an
    /// accelerometer or have keys apart. A touchscreen that cannot be used is warned about and
    /// left out, unless it is a permission problem (which stops the service) or named.
    static func openSelected(
        _ selection: Selection, discovery: DeviceDiscovery?, warn: (String, Diagnostics.Level) -> Void
    ) throws -> (found: [(EvdevDevice, InputDeviceInfo?, Int?)], auxiliaries: [EvdevDevice], named: [Named]) {
        var found: [(EvdevDevice, InputDeviceInfo?, Int?)] = []
        var namedAuxiliaries: [EvdevDevice] = []
        var named: [Named] = []
        switch selection {
        case .allTouchscreens:
            for info in discovery?.touchscreens() ?? [] where info.isInitialized && !Self.isVirtual(info) {
                // Any touchscreen may be unusable; only a permission problem stops the service.
                do { found.append((try Self.open(info.devnode), info, nil)) } catch let e as DeviceError {
                    if e.exitCode == 77 { throw e }
                    warn("\(info.devnode): \(e)", .warning)
                }
            }
        case .named(let names):
            for (i, name) in names.enumerated() {
                let device = try Self.open(name)
                if let problem = touchscreenProblem(device.description) {
                    guard AuxiliaryDevice.kind(of: device.description) != nil else {
                        throw DeviceError.unsuitable(
                            path: name, reason: problem + ", nor an accelerometer or a device with keys")
                    }
                    namedAuxiliaries.append(device)
                    continue
                }
                let info = discovery?.device(devnode: device.path)
                named.append(Named(name: name, panel: nil, idPath: info?.idPath, deviceName: device.description.name))
                found.append((device, info, i))
            }
        }
        found.removeAll { entry in
            if let problem = touchscreenProblem(entry.0.description) {
                warn("\(entry.0.path): \(problem)", .warning)
                return true
            }
            return false
        }
        return (found, namedAuxiliaries, named)
    }
}
