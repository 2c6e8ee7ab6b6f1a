import CUdev
import Displays
import Evdev
import Glibc
import InputEvents
import Runtime

/// Finds input devices with libudev and reads the properties touchbridge cares about.
public final class DeviceDiscovery {
    let udev: OpaquePointer
    /// The panel orientations read from the cards, by connector (`card0-eDP-1`).
    var orientations: [String: (PanelOrientation?, String?)] = [:]
    /// Where the card nodes are (`/dev/dri`).
    public var cardDirectory = "/dev/dri"

    public init() throws(DeviceError) {
        guard let u = udev_new() else { throw .system(path: "udev", call: "udev_new", errno: errno) }
        udev = u
    }

    deinit { udev_unref(udev) }

    /// Every `/dev/input/event*` node udev knows, in event-number order.
    public func inputDevices() -> [InputDeviceInfo] {
        guard let e = udev_enumerate_new(udev) else { return [] }
        defer { udev_enumerate_unref(e) }
        udev_enumerate_add_match_subsystem(e, "input")
        // Event nodes only: the enumerator skips the others (inputN, mouseN, mice, jsN) by name,
        // before it reads their records (a path walked component by component, each opened).
        udev_enumerate_add_match_sysname(e, "event*")
        udev_enumerate_scan_devices(e)
        var result: [InputDeviceInfo] = []
        var entry = udev_enumerate_get_list_entry(e)
        while let current = entry {
            if let syspath = udev_list_entry_get_name(current),
                let dev = udev_device_new_from_syspath(udev, syspath)
            {
                if let info = DeviceDiscovery.info(dev) { result.append(info) }
                udev_device_unref(dev)
            }
            entry = udev_list_entry_get_next(current)
        }
        return result.sorted { eventNumber($0.devnode) < eventNumber($1.devnode) }
    }

    /// Touchscreens only (`ID_INPUT_TOUCHSCREEN=1`).
    public func touchscreens() -> [InputDeviceInfo] { inputDevices().filter(\.isTouchscreen) }

    /// Touchscreens, and the devices udev marks as panels (`TOUCHBRIDGE_PANEL=1`: touch
    /// controllers in mouse mode).
    public func panels() -> [InputDeviceInfo] { inputDevices().filter { $0.isTouchscreen || $0.isMarkedPanel } }

    /// The udev record of one node, or nil when udev does not know it.
    public func device(devnode: String) -> InputDeviceInfo? {
        var st = stat()
        guard stat(devnode, &st) == 0, (st.st_mode & S_IFMT) == S_IFCHR,
            let dev = udev_device_new_from_devnum(udev, Int8(UInt8(ascii: "c")), st.st_rdev)
        else { return nil }
        defer { udev_device_unref(dev) }
        return DeviceDiscovery.info(dev)
    }

    static func info(_ dev: OpaquePointer) -> InputDeviceInfo? {
        guard let nodeC = udev_device_get_devnode(dev) else { return nil }
        let node = String(cString: nodeC)
        guard node.hasPrefix("/dev/input/event") else { return nil }
        func property(_ key: String) -> String? {
            udev_device_get_property_value(dev, key).map { String(cString: $0) }
        }
        let kinds = InputDeviceInfo.kinds(property)
        var name = ""
        if let parent = udev_device_get_parent_with_subsystem_devtype(dev, "input", nil),
            let n = udev_device_get_sysattr_value(parent, "name")
        {
            name = String(cString: n)
        }
        let calibrationText = property("LIBINPUT_CALIBRATION_MATRIX")
        var info = InputDeviceInfo(
            devnode: node, syspath: udev_device_get_syspath(dev).map { String(cString: $0) } ?? "",
            name: name, kinds: kinds,
            calibration: calibrationText.flatMap(InputDeviceInfo.parseCalibration),
            calibrationText: calibrationText,
            widthMM: property("ID_INPUT_WIDTH_MM").flatMap { Int($0) },
            heightMM: property("ID_INPUT_HEIGHT_MM").flatMap { Int($0) },
            idPath: property("ID_PATH"),
            isInitialized: udev_device_get_is_initialized(dev) != 0)
        info.devlinks = (property("DEVLINKS") ?? "").split(separator: " ").map(String.init)
        var entry = udev_device_get_properties_list_entry(dev)
        while let e = entry {
            if let k = udev_list_entry_get_name(e), let v = udev_list_entry_get_value(e) {
                let key = String(cString: k)
                if InputDeviceInfo.isKept(key) { info.properties[key] = String(cString: v) }
            }
            entry = udev_list_entry_get_next(e)
        }
        return info
    }
}

/// The N of /dev/input/eventN, for ordering (unknown names sort last).
func eventNumber(_ node: String) -> Int {
    Int(node.dropFirst("/dev/input/event".count)) ?? Int.max
}
