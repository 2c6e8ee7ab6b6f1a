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
    /// The longest wait before the first report or between two, unless the player says
    /// otherwise (`hid-replay --max-gap`): a recording that would hold its devices longer is
    /// more likely damaged or crafted than a panel left alone.
    public static let defaultMaxGap = 60.0
    /// The longest line read: an `R:` line of `maxDescriptor` bytes, with room.
    public static let maxLine = 16_384

    /// Reads `text`, the contents of `file` (named in errors), whole: `HIDRecordingReader`'s rules.
    public static func parse(_ text: String, file: String, maxGap: Double = defaultMaxGap) throws(HIDRecordingError)
        -> HIDRecording
    {
        var reader = HIDRecordingReader(file: file, maxGap: maxGap)
        var reports: [Report] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let r = try reader.read(line: line) { reports.append(r) }
        }
        return HIDRecording(devices: try reader.finish(), reports: reports)
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
            guard w.utf8.count == 2, w.allSatisfy(\.isHexDigit), let b = UInt8(w, radix: 16) else { return nil }
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
