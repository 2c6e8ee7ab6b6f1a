/// A recording in hid-tools' format read back (`hid-recorder`'s or `hid-record`'s): each
/// device's description and every report in file order. Malformed lines are refused with
/// their file and line, and every number is range-checked before it sizes or times anything.
public struct HIDRecording: Equatable, Sendable {
    /// One recorded device: what `UHID_CREATE2` needs to make it again.
    public struct Device: Equatable, Sendable {
        public var name = ""
        public var phys = ""
        public var bus: UInt16 = 0
        public var vendor: UInt32 = 0
        public var product: UInt32 = 0
        public var descriptor: [UInt8] = []
        /// Its feature reports as the device answered them when recorded (`# F:` lines), by
        /// report number, the number first.
        public var features: [UInt8: [UInt8]] = [:]
        /// Whether its `R:` and `I:` lines were read.
        var described = (descriptor: false, ids: false)

        public static func == (a: Device, b: Device) -> Bool {
            a.name == b.name && a.phys == b.phys && a.bus == b.bus && a.vendor == b.vendor && a.product == b.product
                && a.descriptor == b.descriptor && a.features == b.features
        }
    }

    /// One input report: its device, its time in seconds from the first report, its bytes.
    public struct Report: Equatable, Sendable {
        public var device: Int
        public var time: Double
        public var bytes: [UInt8]
    }

    public var devices: [Device]
    public var reports: [Report]

    /// The most devices one file may describe, the longest report and descriptor, and the latest
    /// report time (seconds) taken.
    public static let maxDevices = 64
    public static let maxReport = 4096
    public static let maxDescriptor = 4096
    public static let maxTime = 86_400.0 * 7

    /// Reads `text`, the contents of `file` (named in errors).
    public static func parse(_ text: String, file: String) throws(HIDRecordingError) -> HIDRecording {
        var devices: [Int: Device] = [:]
        var reports: [Report] = []
        var current = 0
        var lineNumber = 0
        func fail(_ expected: String) -> HIDRecordingError {
            HIDRecordingError(file: file, line: lineNumber, expected: expected)
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("# F: ") {
                // touchbridge's feature reports: a comment to every other reader, so one that does
                // not read as one is left as a comment.
                if let (n, bytes) = feature(line.dropFirst(5)), devices[current, default: Device()].features.count < 256
                {
                    devices[current, default: Device()].features[n] = bytes
                }
                continue
            }
            if line.isEmpty || line.hasPrefix("#") || line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
                continue
            }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            let rest = line.dropFirst(2).drop { $0 == " " }
            switch words[0] {
            case "D:":
                guard words.count == 2, let n = Int(words[1]), (0..<maxDevices).contains(n) else {
                    throw fail("'D: N', a device number from 0 to \(maxDevices - 1)")
                }
                current = n
            case "N:": devices[current, default: Device()].name = String(rest.prefix { $0 != "\r" })
            case "P:": devices[current, default: Device()].phys = String(rest.prefix { $0 != "\r" })
            case "I:":
                guard words.count == 4, let bus = UInt16(words[1], radix: 16), let v = UInt32(words[2], radix: 16),
                    let p = UInt32(words[3], radix: 16)
                else { throw fail("'I: BUS VENDOR PRODUCT' in hexadecimal") }
                devices[current, default: Device()].bus = bus
                devices[current, default: Device()].vendor = v
                devices[current, default: Device()].product = p
                devices[current, default: Device()].described.ids = true
            case "R:":
                guard words.count >= 2, let n = Int(words[1]), (0...maxDescriptor).contains(n),
                    let bytes = hexBytes(words.dropFirst(2)), bytes.count == n
                else { throw fail("'R: SIZE BYTES…', at most \(maxDescriptor) hexadecimal bytes, as many as SIZE") }
                devices[current, default: Device()].descriptor = bytes
                devices[current, default: Device()].described.descriptor = true
            case "E:":
                guard words.count >= 3, let t = Double(words[1]), t >= 0, t <= maxTime, let n = Int(words[2]),
                    (1...maxReport).contains(n), let bytes = hexBytes(words.dropFirst(3)), bytes.count == n
                else {
                    throw fail(
                        "'E: SECONDS.MICROSECONDS LENGTH BYTES…', a time of at most \(Int(maxTime)) s and 1 to "
                            + "\(maxReport) hexadecimal bytes, as many as LENGTH")
                }
                guard let d = devices[current], d.described.descriptor, d.described.ids else {
                    throw fail("device \(current)'s R: and I: lines before its first report")
                }
                reports.append(Report(device: current, time: t, bytes: bytes))
            default:
                throw fail("a D:, R:, N:, P:, I: or E: line, or a # comment")
            }
        }
        let numbers = devices.keys.sorted()
        guard !numbers.isEmpty else {
            throw HIDRecordingError(file: file, line: lineNumber, expected: "a device (its R:, N: and I: lines)")
        }
        guard numbers == Array(0..<numbers.count) else {
            throw HIDRecordingError(
                file: file, line: lineNumber, expected: "devices numbered 0, 1, … with none left out")
        }
        for n in numbers where !(devices[n]?.described.descriptor ?? false) || !(devices[n]?.described.ids ?? false) {
            throw HIDRecordingError(file: file, line: lineNumber, expected: "device \(n)'s R: and I: lines")
        }
        return HIDRecording(devices: numbers.compactMap { devices[$0] }, reports: reports)
    }

    /// A `# F:` line's report number and bytes (`NUMBER LENGTH BYTES…`, the number first in the
    /// bytes too), or nil.
    static func feature(_ text: Substring) -> (UInt8, [UInt8])? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard words.count >= 3, let n = UInt8(words[0]), let length = Int(words[1]), (2...maxReport).contains(length),
            let bytes = hexBytes(words.dropFirst(2)), bytes.count == length, bytes.first == n
        else { return nil }
        return (n, bytes)
    }

    /// Hexadecimal bytes, one a word; nil when one is not.
    static func hexBytes(_ words: ArraySlice<Substring>) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(words.count)
        for w in words {
            guard w.count <= 2, let b = UInt8(w, radix: 16) else { return nil }
            out.append(b)
        }
        return out
    }
}

/// A recording's line that is not what hid-tools' format says, with its file and line.
public struct HIDRecordingError: Error, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let expected: String

    public var description: String { "\(file):\(line): expected \(expected)" }
}
