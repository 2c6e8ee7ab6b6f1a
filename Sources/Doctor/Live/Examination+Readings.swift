import Discovery
import Evdev
import Glibc
import InputEvents
import Runtime
import TouchInput

extension Examination {
    /// The udev properties the node link shows: the seat, the calibration, the output, touchbridge's.
    func properties(_ info: InputDeviceInfo) -> [String: String] {
        var p = info.properties.filter { k, _ in k == "ID_SEAT" || k == "WL_OUTPUT" || k.hasPrefix("TOUCHBRIDGE_") }
        if let c = info.calibrationText { p["LIBINPUT_CALIBRATION_MATRIX"] = c }
        return p
    }

    /// What libevdev read of a node, as the node link says it.
    static func capabilities(_ d: DeviceDescription) -> NodeFacts.Capabilities {
        var axes: [String] = []
        let mt = d.absInfo[Kernel.ABS_MT_POSITION_X] != nil
        for (name, code) in [
            ("x", mt ? Kernel.ABS_MT_POSITION_X : Kernel.ABS_X), ("y", mt ? Kernel.ABS_MT_POSITION_Y : Kernel.ABS_Y),
        ] {
            guard let a = d.absInfo[code] else { continue }
            axes.append(
                "\(name) \(a.minimum)–\(a.maximum)" + (a.resolution > 0 ? " (\(a.resolution)/mm)" : " (no resolution)"))
        }
        let mouseMode =
            d.absInfo[Kernel.ABS_X] != nil && d.has(type: Kernel.EV_KEY, code: Kernel.BTN_LEFT)
            && !d.has(type: Kernel.EV_KEY, code: Kernel.BTN_TOUCH)
        return NodeFacts.Capabilities(
            direct: d.has(property: Kernel.INPUT_PROP_DIRECT), slots: d.slotCount, axes: axes, mouseMode: mouseMode,
            isPen: TouchProtocol.isDisplayPen(d))
    }

    /// What the kernel's messages about a device contain: its HID id, its input name, its node,
    /// its USB or I2C parent.
    package func kernelKeys(_ d: Examined) -> [String] {
        let (s, h, info) = (d.subject, d.hid, d.info)
        var keys = [s.name]
        if let c = d.i2c { keys += [c.client, c.name] }
        if let h {
            keys.append(h.id)
            switch h.parent {
            case .usb(let p): keys.append("usb \(p):")
            case .i2c(let p): keys.append(p)
            case .other: break
            }
        }
        if let node = s.node { keys.append(String(node.split(separator: "/").last ?? "")) }
        if let info, let parent = files.link(info.syspath + "/device/device") {
            keys.append(String(parent.split(separator: "/").last ?? ""))
        }
        return keys
    }

    /// Whether another program holds the node: tried as evtest does, by grabbing and letting go,
    /// on the device the node link opened.
    func grabState(_ node: String, _ opened: Result<EvdevDevice, DeviceError>) -> GrabLink.State {
        let device: EvdevDevice
        switch opened {
        case .success(let d): device = d
        case .failure(let error): return .unknown("it cannot be opened (\(error))")
        }
        do {
            try device.grab()
            device.ungrab()
            return .free
        } catch {
            if case .system(_, _, let e) = error, e == EBUSY { return .grabbed(holders: processes.holders(of: node)) }
            return .unknown("\(error)")
        }
    }

    /// The compositor and, with more than one display, the output it maps this device to.
    func compositorFacts(_ info: InputDeviceInfo) -> CompositorFacts {
        guard let (name, pid) = compositor else {
            return CompositorFacts(name: nil, pid: nil, mappedTo: nil, source: "")
        }
        switch name {
        case "sway":
            guard
                let config = processes.environment(pid, "SWAYSOCK").flatMap({ sock in
                    ProgramOutput.read(["swaymsg", "-s", sock, "-t", "get_config", "-r"])
                })
            else { return CompositorFacts(name: name, pid: pid, mappedTo: nil, source: "sway's IPC not reachable") }
            return CompositorFacts(
                name: name, pid: pid, mappedTo: .some(CompositorMapping.sway(config, device: info.name)),
                source: "sway's map_to_output")
        case "labwc":
            let home =
                processes.environment(pid, "XDG_CONFIG_HOME")
                ?? processes.environment(pid, "HOME").map { $0 + "/.config" }
            guard let rc = home.flatMap({ files.text($0 + "/labwc/rc.xml", limit: 1 << 20) }) else {
                return CompositorFacts(name: name, pid: pid, mappedTo: nil, source: "labwc's rc.xml not readable")
            }
            return CompositorFacts(
                name: name, pid: pid, mappedTo: .some(CompositorMapping.labwc(rc, device: info.name)),
                source: "labwc's rc.xml")
        case "X11":
            return CompositorFacts(name: name, pid: pid, mappedTo: nil, source: "X11's mapping is xinput's, not read")
        default:
            return CompositorFacts(
                name: name, pid: pid, mappedTo: .some(info.properties["WL_OUTPUT"]), source: "udev's WL_OUTPUT")
        }
    }
}
