import Discovery
import Evdev
import Host
import InputEvents
import Output
import Pipeline
import Runtime
import Sysexits
import TouchInput

extension LiveSource {
    /// The panels the selection names, or every touchscreen there is (and every device `rules`
    /// or udev marks as a panel), opened: with their udev records and their place among the
    /// named ones; named devices that are no panel but an accelerometer or have keys apart. A
    /// touchscreen that cannot be used is warned about and left out, unless it is a permission
    /// problem (which stops the service) or named.
    static func openSelected(
        _ selection: Selection, discovery: DeviceDiscovery?, rules: PanelRules,
        warn: (String, Diagnostics.Level) -> Void
    ) throws -> (found: [(EvdevDevice, InputDeviceInfo?, Int?)], auxiliaries: [EvdevDevice], named: [Named]) {
        func problem(_ device: EvdevDevice, _ info: InputDeviceInfo?) -> String? {
            let d = device.description
            let marked = rules.marks(node: device.path, name: d.name, info: info)
            return touchscreenProblem(d, contactKey: TouchProtocol.contactKey(of: d, marked: marked))
        }
        var found: [(EvdevDevice, InputDeviceInfo?, Int?)] = []
        var namedAuxiliaries: [EvdevDevice] = []
        var named: [Named] = []
        switch selection {
        case .allTouchscreens:
            let panels = (discovery?.inputDevices() ?? []).filter {
                $0.isTouchscreen || $0.isTablet || rules.marks(node: $0.devnode, name: $0.name, info: $0)
            }
            for info in panels where info.isInitialized && !Self.isVirtual(info) {
                // Any touchscreen may be unusable; only a permission problem stops the service.
                do {
                    let device = try Self.open(info.devnode)
                    // A tablet is read only when it is a pen on a display.
                    guard !info.isTablet || info.isTouchscreen || TouchProtocol.isDisplayPen(device.description) else {
                        continue
                    }
                    found.append((device, info, nil))
                } catch let e as DeviceError {
                    if e.exitCode == Sysexits.noPermission { throw e }
                    warn("\(info.devnode): \(e)", .warning)
                }
            }
        case .named(let names):
            for (i, name) in names.enumerated() {
                let device = try Self.open(name)
                let info = discovery?.device(devnode: device.path)
                if let problem = problem(device, info) {
                    guard AuxiliaryDevice.kind(of: device.description) != nil else {
                        throw DeviceError.unsuitable(
                            path: name, reason: problem + ", nor an accelerometer or a device with keys")
                    }
                    namedAuxiliaries.append(device)
                    continue
                }
                named.append(Named(name: name, panel: nil, idPath: info?.idPath, deviceName: device.description.name))
                found.append((device, info, i))
            }
        }
        found.removeAll { entry in
            if let problem = problem(entry.0, entry.1) {
                warn("\(entry.0.path): \(problem)", .warning)
                return true
            }
            return false
        }
        return (found, namedAuxiliaries, named)
    }
}
