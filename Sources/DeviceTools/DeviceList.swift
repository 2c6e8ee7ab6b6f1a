import Discovery
import Evdev
import Host
import InputEvents
import Output
import Pipeline
import Sysexits
import TextBuffers
import TouchBridge
import TouchInput

/// `list`: the input devices udev knows, touchscreens first-class — node, name, kind, what `run`
/// does with it, slots, ranges, size, the filters and calibration it gets — as a table, one
/// JSON object a line, or nodes alone. The daemon's program runs a plain `list` itself (no
/// argument parser, no drawing libraries loaded), as fast as evtest starts.
package struct DeviceList {
    /// One JSON object per device and line.
    package var json = false
    /// Only touchscreens.
    package var touchscreens = false
    /// Only the device nodes, one per line (for scripts).
    package var paths = false

    package init(json: Bool = false, touchscreens: Bool = false, paths: Bool = false) {
        self.json = json
        self.touchscreens = touchscreens
        self.paths = paths
    }

    /// A plain command line of `list` (its flags, each at most once); nil for anything else,
    /// which the interface reads.
    package static func parse(_ arguments: [String]) -> DeviceList? {
        var list = DeviceList()
        for a in arguments {
            if Flag.json.names(a), !list.json {
                list.json = true
            } else if Flag.touchscreens.names(a), !list.touchscreens {
                list.touchscreens = true
            } else if Flag.paths.names(a), !list.paths {
                list.paths = true
            } else {
                return nil
            }
        }
        return list
    }

    /// Lists the devices on standard output; what could not be read is said on standard error.
    package func run() throws {
        let out = OutputSink.standardOutput()
        let discovery = try DeviceDiscovery()
        let all = discovery.inputDevices().map(DeviceRow.init)
        let rows = touchscreens ? all.filter(\.isTouchscreen) : all
        var buffer = TextBuffer()
        if paths {
            for r in rows {
                buffer.append(string: r.info.devnode)
                buffer.append("\n")
            }
        } else if json {
            for r in rows {
                buffer.append(bytes: r.json.bytes)
                buffer.append("\n")
            }
        } else if !rows.isEmpty {
            Self.writeTable(rows, &buffer)
        }
        out.flush(&buffer)
        // Said first, closed after: each evdev node's release waits out RCU grace periods.
        EvdevDevice.closeTogether(all.compactMap(\.device))
        if rows.isEmpty && !paths && !json {
            Diagnostics.print(
                touchscreens ? "touchbridge: no touchscreen found" : "touchbridge: no input devices found")
        }
        if rows.contains(where: { $0.openError?.exitCode == Sysexits.noPermission }) {
            Diagnostics.print(
                "touchbridge: some devices could not be opened (slots and ranges unknown): "
                    + DeviceError.accessAdvice)
        }
        if rows.contains(where: { $0.kindFromCapabilities }) {
            Diagnostics.print(
                "touchbridge: * kind guessed from the device's capabilities: udev has no record of it (is systemd-udevd running?)"
            )
        }
    }

    private static func writeTable(_ rows: [DeviceRow], _ b: inout TextBuffer) {
        let header = [
            "NODE", "NAME", "KIND", "USE", "SLOTS", "X RANGE", "Y RANGE", "SIZE MM", "JITTER FILTER", "NOISE FILTERS",
            "CALIBRATION",
        ]
        let cells = rows.map { $0.cells }
        var widths = header.map(\.count)
        for c in cells { for (i, s) in c.enumerated() { widths[i] = max(widths[i], s.count) } }
        for line in [header] + cells {
            for (i, s) in line.enumerated() {
                if i == line.count - 1 { b.append(string: s) } else { b.append(s, leftAlignedIn: widths[i] + 2) }
            }
            b.append("\n")
        }
    }
}

/// One device with what its udev record and its evdev capabilities say.
struct DeviceRow {
    let info: InputDeviceInfo
    /// The node, open until the list is out (`EvdevDevice.closeTogether`).
    let device: EvdevDevice?
    let description: DeviceDescription?
    let openError: DeviceError?
    let kindFromCapabilities: Bool

    init(_ info: InputDeviceInfo) {
        self.info = info
        var device: EvdevDevice?
        var err: DeviceError?
        do { device = try EvdevDevice(path: info.devnode) } catch { err = error }
        self.device = device
        let desc = device?.description
        description = desc
        openError = err
        kindFromCapabilities = info.kinds.isEmpty && desc.map(DeviceRow.looksLikeTouchscreen) == true
    }

    /// What udev's input_id would say, for when udev has no record: a direct-touch device
    /// with absolute positions and BTN_TOUCH.
    static func looksLikeTouchscreen(_ d: DeviceDescription) -> Bool {
        d.has(property: Kernel.INPUT_PROP_DIRECT) && d.has(type: Kernel.EV_KEY, code: Kernel.BTN_TOUCH)
            && (d.has(type: Kernel.EV_ABS, code: Kernel.ABS_X)
                || d.has(type: Kernel.EV_ABS, code: Kernel.ABS_MT_POSITION_X))
    }

    var isTouchscreen: Bool { info.isTouchscreen || info.isMarkedPanel || kindFromCapabilities }

    /// What `run` does with the device: touches, shakes (motion events), keys (presses and
    /// remote control, only when asked), or nothing.
    var use: String? {
        if isTouchscreen { return "touches" }
        guard let d = description, let kind = AuxiliaryDevice.kind(of: d) else { return nil }
        return kind == .accelerometer ? "motion" : "keys"
    }

    var kind: String {
        if kindFromCapabilities { return "touchscreen*" }
        return info.kinds.first ?? "other"
    }

    private func axis(_ mt: UInt16, _ st: UInt16) -> AbsInfo? {
        description?.absInfo[mt] ?? description?.absInfo[st]
    }

    /// The jitter filter `run` gives a touchscreen (its udev hysteresis, else libinput's fuzz filter).
    var jitterSetting: JitterSetting? {
        guard isTouchscreen, let d = description else { return nil }
        let mm = info.properties[Hysteresis.udevProperty].flatMap { Hysteresis.parse($0[...]) }
        return .choose(for: d, udevFuzz: info.libinputFuzz, millimetres: mm)
    }

    /// The noise rules udev's `TOUCHBRIDGE_NOISE_FILTERS` puts on a touchscreen (`run
    /// --noise-filter` and the scene's `noiseFilters` may add theirs).
    var noiseFilters: String? {
        guard isTouchscreen, let d = description else { return nil }
        return NoiseChoice.udevWords(
            info.properties["TOUCHBRIDGE_NOISE_FILTERS"], multitouch: TouchProtocol(d) != .single)
    }

    var size: (Int, Int)? {
        if let w = info.widthMM, let h = info.heightMM { return (w, h) }
        return description?.sizeInMillimetres.map { ($0.width, $0.height) }
    }

    var cells: [String] {
        func range(_ a: AbsInfo?) -> String { a.map { "\($0.minimum)..\($0.maximum)" } ?? "-" }
        let slots: String =
            description.map { d in
                d.slotCount.map(String.init) ?? (d.has(type: Kernel.EV_ABS, code: Kernel.ABS_MT_POSITION_X) ? "A" : "1")
            } ?? "?"
        return [
            info.devnode, (info.name.isEmpty ? (description?.name ?? "?") : info.name).printable, kind,
            use.map { $0 == "keys" ? "keys (--keys)" : $0 } ?? "-",
            isTouchscreen || description == nil ? slots : "-",
            range(axis(Kernel.ABS_MT_POSITION_X, Kernel.ABS_X)),
            range(axis(Kernel.ABS_MT_POSITION_Y, Kernel.ABS_Y)),
            size.map { "\($0.0)x\($0.1)" } ?? "-",
            jitterSetting.map(\.short) ?? "-",
            noiseFilters ?? "-",
            info.calibrationText ?? "-",
        ]
    }

    /// The device as one JSON object (`list --json`, one a line).
    var json: TextBuffer {
        var w = JSONWriter()
        w.object { o in
            o.string("node", info.devnode)
            o.string("name", info.name.isEmpty ? description?.name : info.name)
            o.strings("kinds", kindFromCapabilities ? ["touchscreen"] : info.kinds)
            o.bool("touchscreen", isTouchscreen)
            o.string("use", use)
            o.bool("udev", !kindFromCapabilities && info.isInitialized)
            o.integer("slots", description?.slotCount)
            o.string(
                "protocol",
                description.map { d in
                    d.slotCount != nil
                        ? "B" : (d.has(type: Kernel.EV_ABS, code: Kernel.ABS_MT_POSITION_X) ? "A" : "single")
                })
            for (key, a) in [
                ("x", axis(Kernel.ABS_MT_POSITION_X, Kernel.ABS_X)),
                ("y", axis(Kernel.ABS_MT_POSITION_Y, Kernel.ABS_Y)),
            ] {
                if let a {
                    o.object(key) { r in
                        r.integer("min", Int(a.minimum))
                        r.integer("max", Int(a.maximum))
                        r.integer("resolution", Int(a.resolution))
                    }
                } else {
                    o.json(key, nil)
                }
            }
            o.integer("widthMM", size?.0)
            o.integer("heightMM", size?.1)
            o.string("jitterFilter", jitterSetting?.summary(mapper: nil))
            o.string("noiseFilters", noiseFilters)
            if let c = info.calibration {
                o.array("calibration") { a in for v in c { a.number(nil, v, maxDecimals: 9) } }
            } else {
                o.json("calibration", nil)
            }
            o.string("idPath", info.idPath)
            o.string("error", openError?.description)
        }
        return w.buffer
    }
}
