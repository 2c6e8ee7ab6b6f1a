import CUdev
import Displays
import Glibc
import InputEvents
import Runtime

extension DeviceDiscovery {
    /// The DRM connectors udev knows (`drm` subsystem, `drm_connector` devices), in udev's
    /// order, each with its status, modes and EDID read from its sysfs attributes, and a
    /// connected one's panel orientation from its card: read once per connector and kept
    /// until that card changes (`forgetOrientations(ofCards:)`), since each read opens the card.
    public func connectors() -> [Connector] {
        guard let e = udev_enumerate_new(udev) else { return [] }
        defer { udev_enumerate_unref(e) }
        udev_enumerate_add_match_subsystem(e, "drm")
        udev_enumerate_scan_devices(e)
        var result: [Connector] = []
        var ids: [String: UInt32] = [:]
        var entry = udev_enumerate_get_list_entry(e)
        while let current = entry {
            if let syspath = udev_list_entry_get_name(current).map({ String(cString: $0) }),
                let dev = udev_device_new_from_syspath(udev, syspath)
            {
                let isConnector = udev_device_get_devtype(dev).map { String(cString: $0) } == "drm_connector"
                let name = udev_device_get_sysname(dev).map { String(cString: $0) }
                udev_device_unref(dev)
                if isConnector, let name,
                    let c = Connector(entry: name, read: { try? readFileContents(syspath + "/" + $0, limit: 1 << 16) })
                {
                    result.append(c)
                    if let id = Self.number(try? readFileContents(syspath + "/connector_id", limit: 32)) {
                        ids[name] = id
                    }
                }
            }
            entry = udev_list_entry_get_next(current)
        }
        let unknown = result.indices.filter {
            result[$0].connected && orientations[result[$0].card + "-" + result[$0].name] == nil
        }
        let read = PanelOrientationReader(directory: cardDirectory).fill(unknown.map { result[$0] }, ids: ids)
        for c in read { orientations[c.card + "-" + c.name] = (c.orientation, c.orientationProblem) }
        for i in result.indices where result[i].connected {
            guard let known = orientations[result[i].card + "-" + result[i].name] else { continue }
            (result[i].orientation, result[i].orientationProblem) = known
        }
        return result
    }

    /// Forgets the panel orientations read from `cards` (`card0`; nil: every card), so the next
    /// `connectors()` reads them again: udev said the card changed (a display plugged in,
    /// unplugged or switched), or the card itself came or went.
    public func forgetOrientations(ofCards cards: Set<String>?) {
        guard let cards else {
            orientations.removeAll()
            return
        }
        orientations = orientations.filter { !cards.contains(String($0.key.prefix { $0 != "-" })) }
    }

    /// The display the touchscreen `d` (udev's `info`) is on, by the matching rules (`pin`
    /// first when given: `--output`), with that display's connector (its mode, how its panel
    /// is mounted); nil on a machine without DRM connectors.
    public func display(of d: DeviceDescription, info: InputDeviceInfo, pin: String? = nil) -> (
        match: DisplayMatch, display: Connector?
    )? {
        let all = connectors()
        guard !all.isEmpty else { return nil }
        var facts = PanelFacts(info: info, description: d)
        if let pin { facts.pin = pin }
        let m = DisplayMatch.match(facts, among: all)
        return (m, all.first { $0.name == m.output })
    }

    /// A sysfs attribute's decimal number (`connector_id`).
    private static func number(_ bytes: [UInt8]?) -> UInt32? {
        bytes.flatMap { UInt32(String(decoding: $0, as: UTF8.self).prefix { $0.isNumber }) }
    }
}
