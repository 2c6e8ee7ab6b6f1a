/// Writes evemu 1.3 recordings in the exact layout `evemu-record` (evemu 2.7) uses: the
/// commented description, the `N: I: P: B: A:` lines, then one `E:` line per event with its
/// comment, times relative to the first event.
import TextBuffers

public struct EvemuWriter {
    public let naming: any EventNaming
    private let names: EventNameTable
    /// Microseconds subtracted from every event time: just before the first event's time.
    private var offset: Int64?
    /// Relative time of the previous `SYN_REPORT`, for the `+Nms` comments.
    private var lastReport: Int64 = 0

    public init(naming: any EventNaming) {
        self.naming = naming
        self.names = EventNameTable(naming)
    }

    /// The description block. `kernel` is `uname -r`, `dmi` the DMI modalias when known.
    public func writeHeader(_ d: DeviceDescription, kernel: String?, dmi: String?, into out: inout TextBuffer) {
        writeComments(d, kernel: kernel, dmi: dmi, into: &out)
        writeDescription(d, into: &out)
        out.append("################################\n")
        out.append("#      Waiting for events      #\n")
        out.append("################################\n")
    }

    /// The commented part: where it was recorded, the device, its events and properties by name.
    private func writeComments(_ d: DeviceDescription, kernel: String?, dmi: String?, into out: inout TextBuffer) {
        out.append("# EVEMU 1.3\n")
        if let kernel {
            out.append("# Kernel: ")
            out.append(string: kernel)
            out.append("\n")
        }
        if let dmi {
            out.append("# DMI: ")
            out.append(string: dmi)
            out.append("\n")
        }
        out.append("# Input device name: \"")
        out.append(string: d.name)
        out.append("\"\n")
        out.append("# Input device ID: bus ")
        appendAltHex(d.id.bustype, &out)
        out.append(" vendor ")
        appendAltHex(d.id.vendor, &out)
        out.append(" product ")
        appendAltHex(d.id.product, &out)
        out.append(" version ")
        appendAltHex(d.id.version, &out)
        out.append("\n")
        if let size = d.sizeInMillimetres {
            out.append("# Size in mm: ")
            out.append(decimal: size.width)
            out.append("x")
            out.append(decimal: size.height)
            out.append("\n")
        }
        out.append("# Supported events:\n")
        for type in d.types where type < Kernel.EV_MAX {
            out.append("#   Event type ")
            out.append(decimal: Int(type))
            out.append(" (")
            out.append(string: naming.typeName(type) ?? "(null)")
            out.append(")\n")
            for code in d.codes[type] ?? BitSet() {
                out.append("#     Event code ")
                out.append(decimal: Int(code))
                out.append(" (")
                out.append(string: naming.codeName(type: type, code: code) ?? "(null)")
                out.append(")\n")
                if type == Kernel.EV_ABS, let a = d.absInfo[code] { writeComment(a, into: &out) }
            }
        }
        out.append("# Properties:\n")
        for p in d.properties where p < Kernel.INPUT_PROP_MAX {
            out.append("#   Property  type ")
            out.append(decimal: Int(p))
            out.append(" (")
            out.append(string: naming.propertyName(p) ?? "(null)")
            out.append(")\n")
        }
    }

    /// An axis' range, commented.
    private func writeComment(_ a: AbsInfo, into out: inout TextBuffer) {
        out.append("#       Value   ")
        out.append(decimal: a.value, width: 6)
        out.append("\n")
        out.append("#       Min     ")
        out.append(decimal: a.minimum, width: 6)
        out.append("\n")
        out.append("#       Max     ")
        out.append(decimal: a.maximum, width: 6)
        out.append("\n")
        out.append("#       Fuzz    ")
        out.append(decimal: a.fuzz, width: 6)
        out.append("\n")
        out.append("#       Flat    ")
        out.append(decimal: a.flat, width: 6)
        out.append("\n")
        out.append("#       Resolution ")
        out.append(decimal: a.resolution, width: 3)
        out.append("\n")
    }

    /// The `N: I: P: B: A:` lines evemu-device reads back.
    private func writeDescription(_ d: DeviceDescription, into out: inout TextBuffer) {
        out.append("N: ")
        out.append(string: d.name)
        out.append("\n")
        out.append("I: ")
        out.append(hex: UInt32(d.id.bustype), width: 4)
        out.append(" ")
        out.append(hex: UInt32(d.id.vendor), width: 4)
        out.append(" ")
        out.append(hex: UInt32(d.id.product), width: 4)
        out.append(" ")
        out.append(hex: UInt32(d.id.version), width: 4)
        out.append("\n")
        appendMask(tag: "P: ", index: nil, bits: d.properties, bytes: Int(Kernel.INPUT_PROP_MAX) / 8 + 1, &out)
        // evemu writes this EV_SYN line verbatim, whatever the device (older files had it).
        out.append("B: 00 0b 00 00 00 00 00 00 00\n")
        for type in UInt16(1)...Kernel.EV_MAX {
            guard let max = Kernel.maxCode(ofType: type) else { continue }
            appendMask(tag: "B: ", index: type, bits: d.codes[type] ?? BitSet(), bytes: Int(max) / 8 + 1, &out)
        }
        for code in d.codes[Kernel.EV_ABS] ?? BitSet() {
            let a = d.absInfo[code] ?? AbsInfo(minimum: 0, maximum: 0)
            out.append("A: ")
            out.append(hex: UInt32(code), width: 2)
            for v in [a.minimum, a.maximum, a.fuzz, a.flat, a.resolution] {
                out.append(" ")
                out.append(decimal: v)
            }
            out.append("\n")
        }
    }

    /// One `E:` line with its comment. Times are made relative to the first event written,
    /// which lands at 0.000001 as in evemu-record (evemu-record itself may differ by a
    /// microsecond or two in later times: it rounds, this is exact).
    public mutating func write(_ e: InputEvent, into out: inout TextBuffer) {
        let absolute = e.time.totalMicroseconds
        if offset == nil { offset = absolute - 1 }
        // A clock set back mid-recording (CLOCK_REALTIME) would give a negative time, which
        // no evemu reader takes: such events are written at 0.
        let t = EventTime(totalMicroseconds: max(0, absolute - offset!))
        out.append("E: ")
        out.append(decimal: t.seconds)
        out.append(".")
        out.append(decimal: t.microseconds, width: 6, zeroPad: true)
        out.append(" ")
        out.append(hex: UInt32(e.type), width: 4)
        out.append(" ")
        out.append(hex: UInt32(e.code), width: 4)
        out.append(" ")
        out.append(decimal: e.value, width: 4, zeroPad: true)
        out.append("\t")
        if e.type == Kernel.EV_SYN {
            if e.code == Kernel.SYN_MT_REPORT {
                out.append("# ++++++++++++ ")
                names.appendCodeName(type: e.type, code: e.code, fallback: "(null)", to: &out)
                out.append(" (")
                out.append(decimal: e.value)
                out.append(") ++++++++++\n")
            } else {
                out.append("# ------------ ")
                names.appendCodeName(type: e.type, code: e.code, fallback: "(null)", to: &out)
                out.append(" (")
                out.append(decimal: e.value)
                out.append(") ----------")
                if e.code == Kernel.SYN_REPORT {
                    let now = t.totalMicroseconds
                    let delta = now / 1000 - lastReport / 1000
                    lastReport = now
                    out.append(" ")
                    out.append(delta < 0 ? "-" : "+")
                    out.append(decimal: Int64(delta.magnitude))
                    out.append("ms")
                }
                out.append("\n")
            }
        } else {
            out.append("# ")
            names.appendTypeName(e.type, fallback: "(null)", to: &out)
            out.append(" / ")
            names.appendCodeName(type: e.type, code: e.code, fallback: "(null)", to: &out)
            let length = names.codeNameLength(type: e.type, code: e.code, fallbackLength: 6)
            out.append(repeating: UInt8(ascii: " "), count: 20 - length)
            out.append(" ")
            out.append(decimal: e.value)
            out.append("\n")
        }
    }

    private func appendAltHex(_ v: UInt16, _ out: inout TextBuffer) {
        // printf's "%#04x": "0x" counts towards the width, and 0 prints as "0000".
        if v == 0 {
            out.append("0000")
            return
        }
        out.append("0x")
        out.append(hex: UInt32(v), width: 2)
    }

    private func appendMask(tag: StaticString, index: UInt16?, bits: BitSet, bytes: Int, _ out: inout TextBuffer) {
        let lines = (bytes + 7) / 8
        for line in 0..<lines {
            out.append(tag)
            if let index {
                out.append(hex: UInt32(index), width: 2)
                out.append(" ")
            }
            for i in 0..<8 {
                if i > 0 { out.append(" ") }
                out.append(hex: UInt32(bits.byte(line * 8 + i)), width: 2)
            }
            out.append("\n")
        }
    }
}
