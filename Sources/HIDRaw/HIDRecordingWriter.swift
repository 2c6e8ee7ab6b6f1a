import TextBuffers

/// hid-tools' recording format, as `hid-recorder` writes it and `hid-replay` reads it: each
/// device's `# name`, `R:` (descriptor size and bytes), `N:` (name), `P:` (physical path) and
/// `I:` (bus, vendor, product, hexadecimal) lines, the descriptor decoded in `# ` comments with
/// what decides the kernel's handling of it, its feature reports in `# F:` comments (which
/// hid-tools skips and touchbridge's replay answers with), then `E:` lines (seconds and microseconds
/// since the first report, its length, its bytes); with several devices, a `D: N` line says
/// which device the lines after it belong to.
public struct HIDRecordingWriter {
    /// How many devices the recording has (a `D:` line precedes each one's lines when more than one).
    public let devices: Int
    /// The device the last lines were about.
    private var current: Int?
    /// The first report's time, which the `E:` lines count from.
    private var start: Double?

    public init(devices: Int) { self.devices = devices }

    /// A device's description lines, `index` counting from 0.
    public mutating func header(
        index: Int, name: String, descriptor: [UInt8], bus: UInt32, vendor: UInt16, product: UInt16, phys: String
    ) -> String {
        var out = select(index)
        out += "# \(Self.oneLine(name))\n"
        for line in ReportDescriptor.described(descriptor) { out += "# \(line)\n" }
        out += "R: \(descriptor.count) \(Self.hex(descriptor))\n"
        out += "N: \(Self.oneLine(name))\n"
        out += "P: \(Self.oneLine(phys))\n"
        out += "I: \(String(bus, radix: 16)) \(Self.hex4(vendor)) \(Self.hex4(product))\n"
        return out
    }

    /// A feature report as the device answered it (its number first), as a `# F: NUMBER LENGTH
    /// BYTES…` line: touchbridge's replay answers the driver with it, other readers skip it.
    public func feature(_ bytes: [UInt8]) -> String {
        guard let n = bytes.first else { return "" }
        return "# F: \(n) \(bytes.count) \(Self.hex(bytes))\n"
    }

    /// A report of device `index` read at `time` (seconds, any clock that does not jump).
    public mutating func event(index: Int, time: Double, bytes: ArraySlice<UInt8>) -> String {
        let t = max(0, time - (start ?? time))
        if start == nil { start = time }
        let micros = Int64((t * 1_000_000).rounded())
        let seconds = String(micros / 1_000_000)
        let fraction = String(micros % 1_000_000)
        let padded =
            String(repeating: "0", count: max(0, 6 - seconds.count)) + seconds + "."
            + String(repeating: "0", count: max(0, 6 - fraction.count)) + fraction
        return select(index) + "E: \(padded) \(bytes.count) \(Self.hex(bytes))\n"
    }

    /// `D: N` when the lines now belong to another device than the last ones.
    private mutating func select(_ index: Int) -> String {
        defer { current = index }
        return devices > 1 && current != index ? "D: \(index)\n" : ""
    }

    static func hex<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        var out = ""
        out.reserveCapacity(bytes.count * 3)
        for (i, b) in bytes.enumerated() {
            if i > 0 { out += " " }
            out += b < 16 ? "0" + String(b, radix: 16) : String(b, radix: 16)
        }
        return out
    }

    static func hex4(_ v: UInt16) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 4 - s.count) + s
    }

    /// A device's own text as one line that shows what it holds (a name is the device's word):
    /// controls and hidden characters escaped as everywhere text from outside is written.
    static func oneLine(_ s: String) -> String { s.printable }
}
