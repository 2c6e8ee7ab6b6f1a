/// Formats a device and its events exactly as evtest 1.35 prints them, so a dump from
/// touchbridge can be diffed line for line against evtest on the same device.
import TextBuffers

public struct EvtestFormatter: Sendable {
    private let naming: any EventNaming
    private let names: EventNameTable

    public init(naming: any EventNaming) {
        self.naming = naming
        self.names = EventNameTable(naming)
    }

    /// A formatter for one device's dump: only its codes' names looked up at start (the
    /// output is the same; a tool's first words come sooner).
    public init(naming: any EventNaming, device: DeviceDescription) {
        self.naming = naming
        self.names = EventNameTable(naming, codes: device.codes)
    }

    /// The header: driver version, ids, name, supported events with axis data, properties.
    /// `absValue` gives an axis' current value (evtest reads it at start-up).
    public func writeHeader(_ d: DeviceDescription, into out: inout TextBuffer) {
        let v = d.driverVersion
        out.append("Input driver version is ")
        out.append(decimal: v >> 16)
        out.append(".")
        out.append(decimal: (v >> 8) & 0xff)
        out.append(".")
        out.append(decimal: v & 0xff)
        out.append("\n")
        out.append("Input device ID: bus 0x")
        out.append(hex: UInt32(d.id.bustype))
        out.append(" vendor 0x")
        out.append(hex: UInt32(d.id.vendor))
        out.append(" product 0x")
        out.append(hex: UInt32(d.id.product))
        out.append(" version 0x")
        out.append(hex: UInt32(d.id.version))
        out.append("\n")
        out.append("Input device name: \"")
        out.append(string: d.name)
        out.append("\"\n")
        out.append("Supported events:\n")
        for type in d.types where type < Kernel.EV_MAX && type != Kernel.EV_REP {
            out.append("  Event type ")
            out.append(decimal: Int(type))
            out.append(" (")
            names.appendTypeName(type, fallback: "?", to: &out)
            out.append(")\n")
            if type == Kernel.EV_SYN { continue }
            for code in d.codes[type] ?? BitSet() where code < Kernel.KEY_MAX {
                out.append("    Event code ")
                out.append(decimal: Int(code))
                out.append(" (")
                names.appendCodeName(type: type, code: code, fallback: "?", to: &out)
                out.append(")\n")
                if type == Kernel.EV_ABS { writeAbsInfo(d.absInfo[code] ?? AbsInfo(minimum: 0, maximum: 0), &out) }
            }
        }
        if let rep = d.keyRepeat, d.has(type: Kernel.EV_REP) {
            out.append("Key repeat handling:\n")
            out.append("  Repeat type 20 (")
            names.appendTypeName(Kernel.EV_REP, fallback: "?", to: &out)
            out.append(")\n")
            for (code, value) in [(Kernel.REP_DELAY, rep.delay), (Kernel.REP_PERIOD, rep.period)] {
                out.append("    Repeat code ")
                out.append(decimal: Int(code))
                out.append(" (")
                names.appendCodeName(type: Kernel.EV_REP, code: code, fallback: "?", to: &out)
                out.append(")\n      Value ")
                out.append(decimal: value, width: 6)
                out.append("\n")
            }
        }
        out.append("Properties:\n")
        for p in d.properties where p < Kernel.INPUT_PROP_MAX {
            out.append("  Property type ")
            out.append(decimal: Int(p))
            out.append(" (")
            out.append(string: naming.propertyName(p) ?? "?")
            out.append(")\n")
        }
    }

    /// The line evtest prints once the header is done.
    public func writeTesting(into out: inout TextBuffer) {
        out.append("Testing ... (interrupt to exit)\n")
    }

    /// The notice evtest prints when another process holds a grab on the device.
    public func writeGrabbedNotice(path: String, into out: inout TextBuffer) {
        out.append("***********************************************\n")
        out.append("  This device is grabbed by another process.\n")
        out.append("  No events are available to evtest while the\n  other grab is active.\n")
        out.append("  In most cases, this is caused by an X driver,\n  try VT-switching and re-run evtest again.\n")
        out.append("  Run the following command to see processes with\n  an open fd on this device\n")
        out.append(" \"fuser -v ")
        out.append(string: path)
        out.append("\"\n")
        out.append("***********************************************\n")
    }

    /// One event line, including the `SYN_REPORT`/`SYN_MT_REPORT`/`SYN_DROPPED` separators
    /// and hex values for `MSC_SCAN`/`MSC_RAW`.
    public func write(_ e: InputEvent, into out: inout TextBuffer) {
        out.append("Event: time ")
        out.append(decimal: e.time.seconds)
        out.append(".")
        out.append(decimal: e.time.microseconds, width: 6, zeroPad: true)
        out.append(", ")
        if e.type == Kernel.EV_SYN {
            if e.code == Kernel.SYN_MT_REPORT {
                out.append("++++++++++++++ ")
                names.appendCodeName(type: e.type, code: e.code, fallback: "?", to: &out)
                out.append(" ++++++++++++\n")
            } else {
                out.append("-------------- ")
                names.appendCodeName(type: e.type, code: e.code, fallback: "?", to: &out)
                out.append(" ------------\n")
            }
            return
        }
        out.append("type ")
        out.append(decimal: Int(e.type))
        out.append(" (")
        names.appendTypeName(e.type, fallback: "?", to: &out)
        out.append("), code ")
        out.append(decimal: Int(e.code))
        out.append(" (")
        names.appendCodeName(type: e.type, code: e.code, fallback: "?", to: &out)
        out.append("), value ")
        if e.type == Kernel.EV_MSC && (e.code == Kernel.MSC_RAW || e.code == Kernel.MSC_SCAN) {
            out.append(hex: UInt32(bitPattern: e.value), width: 2)
        } else {
            out.append(decimal: e.value)
        }
        out.append("\n")
    }

    private func writeAbsInfo(_ a: AbsInfo, _ out: inout TextBuffer) {
        // evtest prints Value, Min and Max always, the rest only when non-zero.
        let rows: [(StaticString, Int32)] = [
            ("      Value ", a.value), ("      Min   ", a.minimum),
            ("      Max   ", a.maximum), ("      Fuzz  ", a.fuzz),
            ("      Flat  ", a.flat), ("      Resolution  ", a.resolution),
        ]
        for (i, row) in rows.enumerated() where i < 3 || row.1 != 0 {
            out.append(row.0)
            out.append(decimal: row.1, width: 6)
            out.append("\n")
        }
    }
}
