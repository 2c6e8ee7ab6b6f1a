import Discovery
import Displays
import Evdev
import Glibc
import InputEvents
import Runtime
import TouchInput

extension Examination {
    /// One device's checks: its driver and kernel links, then, where it has a node, the rest.
    func checks(_ d: Examined) -> [Check] {
        let (s, h, info) = (d.subject, d.hid, d.info)
        var out: [Check] = []
        if let h {
            out.append(DriverLink.check(h, multitouch: multitouch, as: s))
        } else if let c = d.i2c {
            let m = KernelModule.read(c.module, release: release, in: files)
            out.append(
                DriverLink.check(c, module: m, driverName: I2CController.driverName(of: c.module, in: files), as: s))
        } else if let info {
            out.append(ParentDriver.check(info, files: files, as: s))
        }
        out.append(
            KernelLink.check(
                kernelLog, keys: kernelKeys(d), working: info != nil && (h == nil || h?.driver != nil),
                retry: out.first?.fix ?? reset(d), as: s))
        guard let info, let node = s.node else {
            if let h { out.append(NodeLink.missing(h, as: s)) }
            return out
        }
        out += nodeChecks(d, info: info, node: node)
        return out
    }

    /// The command that brings the device's controller back: `doctor --reset` only where it can
    /// (a USB device to re-authorise or a driver to re-bind); a virtual device's is the program
    /// that writes it.
    func reset(_ d: Examined) -> String {
        if let node = d.subject.node, let info = d.info {
            if ControllerReset.plan(for: node, syspath: info.syspath, self) != nil {
                return "sudo \(program) doctor --reset \(node)"
            }
            if d.hid == nil {
                return "it is a virtual device (uinput) or has no driver: restart the program that creates it"
            }
        }
        if let h = d.hid { return "echo \(h.id) | sudo tee /sys/bus/hid/drivers/hid-multitouch/bind" }
        return ""
    }

    /// The links of a device with a node: node, access, grab, events, display, compositor, service.
    func nodeChecks(_ d: Examined, info: InputDeviceInfo, node: String) -> [Check] {
        let s = d.subject
        var out: [Check] = []
        let device = Result { () throws(DeviceError) in try EvdevDevice.openNode(node) }
        let description = try? device.get().description
        var facts = NodeFacts(
            node: node, kinds: info.kinds, properties: properties(info),
            capabilities: description.map(Self.capabilities))
        facts.absolutePointer = isAbsolutePointer(info)
        out.append(NodeLink.check(facts, name: info.name, as: s))
        if let access = Users.access(node) {
            let rule = [
                "/etc/udev/rules.d/70-touchbridge.rules", "/lib/udev/rules.d/70-touchbridge.rules",
                "/usr/lib/udev/rules.d/70-touchbridge.rules",
            ].first { files.exists($0) }
            let a = AccessLink(
                node: node, access: access, user: Users.me(), service: Users.service(), rule: rule,
                tagged: facts.tagged, deviceName: info.name, names: Users.name)
            out.append(a.check(as: s))
        }
        out.append(
            GrabLink.check(grabState(node, device), service: service.mainPID, doctor: program + " doctor", as: s))
        if let h = heard[node] { out.append(EventsLink.check(h, reset: reset(d), as: s)) }
        let match = DisplayMatch.match(PanelFacts(info: info, description: description), among: connectors)
        let connected = connectors.filter(\.connected).map(\.name)
        out.append(
            DisplayLink.check(output: match.output, why: match.why, connected: connected, name: info.name, as: s))
        out.append(
            CompositorLink.check(
                compositorFacts(info), output: match.output, connected: connected.count, device: info.name, as: s))
        var svc = service
        if let pid = service.mainPID, service.activeState == "active" { svc.holdsNode = processes.has(pid, open: node) }
        out.append(ServiceLink.check(svc, tagged: facts.tagged, as: s))
        return out
    }
}
