import Displays
import Doctor
import Evdev
import Glibc
import InputEvents
import Runtime
import TouchInput

/// `doctor`'s walk over the machine: every touch device — the HID digitizers sysfs shows, with
/// or without a node, and the touchscreens, pens and marked panels udev knows — and each link
/// of its chain, read live.
package struct Examination {
    let files: any MachineFiles = LiveFiles()
    let discovery: DeviceDiscovery
    let hids: [HIDDevice]
    let inputs: [InputDeviceInfo]
    let kernelLog: KernelLog?
    let connectors: [Connector]
    let processes: Processes
    let service: ServiceFacts
    let compositor: (name: String, pid: Int32)?
    /// What `--listen` heard, by node; empty without it.
    package var heard: [String: EventsLink.Heard] = [:]

    /// Reads the machine once: sysfs's HID devices, udev's input devices and displays, the
    /// kernel's log where readable, the processes, the service.
    package init() throws(DeviceError) {
        discovery = try DeviceDiscovery()
        hids = HIDDevice.all(in: files).filter(\.descriptor.isTouchDigitizer)
        inputs = discovery.inputDevices()
        kernelLog = files.bytes("/dev/kmsg", limit: KernelLog.limit).map(KernelLog.init(kmsg:))
        connectors = discovery.connectors()
        processes = Processes(files: files)
        service = ServiceReading.read(processes: processes)
        compositor = processes.compositor()
    }

    /// The devices to check: those of `nodes` (every touch device when empty), each with its HID
    /// device where it has one. A node that does not exist is refused (66).
    package func subjects(_ nodes: [String]) throws(DeviceError) -> [(Subject, HIDDevice?, InputDeviceInfo?)] {
        var out: [(Subject, HIDDevice?, InputDeviceInfo?)] = []
        if !nodes.isEmpty {
            for n in nodes {
                guard let info = discovery.device(devnode: Self.resolved(n)) else {
                    throw .notFound(path: n, touchscreens: inputs.filter(\.isTouchscreen).map(\.devnode))
                }
                out.append((Subject(name: info.name, node: info.devnode), hid(of: info.devnode), info))
            }
            return out
        }
        var seen: Set<String> = []
        for h in hids {
            let mine = inputs.filter { h.nodes.contains($0.devnode) }
            if mine.isEmpty { out.append((Subject(name: h.name, node: nil), h, nil)) }
            // A digitizer's extra collections (a mouse beside its touchscreen) are not its panel,
            // unless it has no touch node at all (a controller in mouse mode).
            let touch = mine.filter(isTouch)
            for info in touch.isEmpty ? mine : touch {
                seen.insert(info.devnode)
                out.append((Subject(name: info.name, node: info.devnode), h, info))
            }
        }
        for info in inputs where isTouch(info) && !seen.contains(info.devnode) {
            out.append((Subject(name: info.name, node: info.devnode), nil, info))
        }
        return out
    }

    /// A touchscreen, a marked panel, or a pen on a display (a desk's tablet is not one).
    func isTouch(_ i: InputDeviceInfo) -> Bool {
        i.isTouchscreen || i.isMarkedPanel || (i.isTablet && isDisplayPen(i))
    }

    func isDisplayPen(_ info: InputDeviceInfo) -> Bool {
        (try? EvdevDevice.openNode(info.devnode).description).map(TouchProtocol.isDisplayPen) ?? false
    }

    func hid(of node: String) -> HIDDevice? { hids.first { $0.nodes.contains(node) } }

    /// A link (`/dev/input/by-id/…`) as the node it names.
    static func resolved(_ path: String) -> String {
        guard let r = realpath(path, nil) else { return path }
        defer { free(r) }
        return String(cString: r)
    }

    /// Every check of every subject, in the chain's order.
    /// Fixes are said for whoever runs doctor: with `sudo` for a user, without it for root.
    package func checks(_ subjects: [(Subject, HIDDevice?, InputDeviceInfo?)]) -> [Check] {
        let all = subjects.flatMap { s, h, info in checks(s, hid: h, info: info) }
        guard getuid() == 0 else { return all }
        return all.map { c in
            var c = c
            c.fix = c.fix.map(Self.withoutSudo)
            return c
        }
    }

    /// A command as root types it.
    static func withoutSudo(_ command: String) -> String {
        var out = ""
        var rest = Substring(command)
        while let r = rest.firstRange(of: "sudo ") {
            let before = rest[..<r.lowerBound]
            // Only the word `sudo`, where a command starts.
            let atStart = before.isEmpty || before.hasSuffix(" ") || before.hasSuffix("|") || before.hasSuffix("(")
            out += before + (atStart ? "" : "sudo ")
            rest = rest[r.upperBound...]
        }
        return out + rest
    }

    func checks(_ s: Subject, hid h: HIDDevice?, info: InputDeviceInfo?) -> [Check] {
        var out: [Check] = []
        let release = files.text("/proc/sys/kernel/osrelease") ?? ""
        if let h {
            out.append(
                DriverLink.check(h, multitouch: KernelModule.read("hid_multitouch", release: release, in: files), as: s)
            )
        } else if let info {
            out.append(ParentDriver.check(info, files: files, as: s))
        }
        let reset =
            s.node.map { "sudo touchbridge doctor --reset \($0)" } ?? h.map {
                "echo \($0.id) | sudo tee /sys/bus/hid/drivers/hid-multitouch/bind"
            } ?? ""
        out.append(
            KernelLink.check(
                kernelLog, keys: kernelKeys(s, h, info), working: info != nil && (h == nil || h?.driver != nil),
                retry: reset, as: s))
        guard let info, let node = s.node else {
            if let h { out.append(NodeLink.missing(h, as: s)) }
            return out
        }
        let description = try? EvdevDevice.openNode(node).description
        let facts = NodeFacts(
            node: node, kinds: info.kinds, properties: properties(info),
            capabilities: description.map(Self.capabilities))
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
        out.append(GrabLink.check(grabState(node), service: service.mainPID, as: s))
        if let h = heard[node] { out.append(EventsLink.check(h, reset: reset, as: s)) }
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
