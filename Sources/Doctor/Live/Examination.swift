import Discovery
import Displays
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
    /// I2C touch controllers no driver took (a bound one shows as its node).
    let unboundI2C: [I2CController]
    let inputs: [InputDeviceInfo]
    package let kernelLog: KernelLog?
    let connectors: [Connector]
    let processes: Processes
    let service: ServiceFacts
    package let compositor: (name: String, pid: Int32)?
    /// The running kernel's release, and what it says of hid-multitouch (read once: modules.dep
    /// is large).
    let release: String
    let multitouch: KernelModule
    /// How the person runs touchbridge: `touchbridge` when the PATH finds this one, else its path.
    let program: String
    /// What `--listen` heard, by node; empty without it.
    package var heard: [String: EventsLink.Heard] = [:]

    /// Reads the machine once: sysfs's HID devices, udev's input devices and displays, the
    /// kernel's log where readable, the processes, the service (`socketOf`: the event socket a
    /// daemon's command line names, as the daemon reads it).
    package init(socketOf: ([String]) -> String?) throws(DeviceError) {
        discovery = try DeviceDiscovery()
        hids = HIDDevice.all(in: files).filter(\.isTouchDevice)
        unboundI2C = I2CController.all(in: files).filter { $0.driver == nil }
        inputs = discovery.inputDevices()
        kernelLog = files.bytes("/dev/kmsg", limit: KernelLog.limit).map(KernelLog.init(kmsg:))
        connectors = discovery.connectors()
        processes = Processes(files: files)
        service = ServiceReading.read(processes: processes, socketOf: socketOf)
        compositor = processes.compositor()
        release = files.text("/proc/sys/kernel/osrelease") ?? ""
        multitouch = KernelModule.read("hid_multitouch", release: release, in: files)
        program = Self.touchbridgeCommand()
    }

    /// `touchbridge` as a fix names it: the program beside this one (a build directory) or in
    /// its installation's bin (this one is libexec/touchbridge/touchbridge-cli), by name when
    /// the PATH leads to it, else by its path.
    static func touchbridgeCommand() -> String {
        guard let exe = LiveFiles().link("/proc/self/exe"), let slash = exe.lastIndex(of: "/") else {
            return "touchbridge"
        }
        let dir = String(exe[..<slash])
        let found = [dir + "/touchbridge", dir + "/../../bin/touchbridge"].lazy.compactMap(realPath).first {
            access($0, X_OK) == 0
        }
        guard let found else { return "touchbridge" }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        let onPath = path.split(separator: ":").lazy.compactMap { realPath(String($0) + "/touchbridge") }.first
        return onPath == found ? "touchbridge" : found
    }

    static func realPath(_ path: String) -> String? {
        guard let r = realpath(path, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }

    /// The devices to check: those of `nodes` (every touch device when empty), each with its HID
    /// device where it has one, and the I2C touch controllers no driver took. A node that does
    /// not exist is refused (66).
    package func subjects(_ nodes: [String]) throws(DeviceError) -> [Examined] {
        var out: [Examined] = []
        if !nodes.isEmpty {
            for n in nodes {
                guard let info = discovery.device(devnode: Self.resolved(n)) else {
                    // A file that is there but no input device's node is said as such.
                    if access(n, F_OK) == 0 { throw .notEvdev(path: n) }
                    throw .notFound(path: n, touchscreens: inputs.filter(\.isTouchscreen).map(\.devnode))
                }
                out.append(Examined(info: info, hid: hid(of: info.devnode)))
            }
            return out
        }
        var seen: Set<String> = []
        for h in hids {
            let mine = inputs.filter { h.nodes.contains($0.devnode) }
            if mine.isEmpty { out.append(Examined(hid: h)) }
            // A digitizer's extra collections (a mouse beside its touchscreen) are not its panel,
            // unless it has no touch node at all (a controller in mouse mode).
            let touch = mine.filter(isTouch)
            for info in touch.isEmpty ? mine : touch {
                seen.insert(info.devnode)
                out.append(Examined(info: info, hid: h))
            }
        }
        for info in inputs where isTouch(info) && !seen.contains(info.devnode) { out.append(Examined(info: info)) }
        // A controller in mouse mode that is no HID digitizer (its descriptor a mouse's).
        for info in inputs where !isTouch(info) && !seen.contains(info.devnode) && isAbsolutePointer(info) {
            out.append(Examined(info: info))
        }
        out += unboundI2C.map(Examined.init(i2c:))
        return out
    }

    /// A touchscreen, a marked panel, or a pen on a display (a desk's tablet is not one).
    func isTouch(_ i: InputDeviceInfo) -> Bool {
        i.isTouchscreen || i.isMarkedPanel || (i.isTablet && isDisplayPen(i))
    }

    /// Absolute X and Y with a left button and no touch, as sysfs shows it to every reader: a
    /// possible touch controller in mouse mode.
    func isAbsolutePointer(_ info: InputDeviceInfo) -> Bool {
        InputCapabilities(syspath: info.syspath, in: files)?.isAbsolutePointer ?? false
    }

    func isDisplayPen(_ info: InputDeviceInfo) -> Bool {
        (try? EvdevDevice.openNode(info.devnode).description).map(TouchProtocol.isDisplayPen) ?? false
    }

    func hid(of node: String) -> HIDDevice? { hids.first { $0.nodes.contains(node) } }

    /// A link (`/dev/input/by-id/…`) as the node it names.
    static func resolved(_ path: String) -> String { realPath(path) ?? path }

    /// Every check of every subject, in the chain's order.
    /// Fixes are said for whoever runs doctor: with `sudo` for a user, without it for root.
    /// With no touch device at all, the one broken `device` link says what lies below.
    package func checks(_ subjects: [Examined]) -> [Check] {
        let all =
            subjects.isEmpty
            ? [DeviceLink.check(BusSurvey.read(release: release, in: files))] : subjects.flatMap(checks)
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
}
