/// Reads a recording in hid-tools' format a line at a time, so a player can start before the
/// file ends and hold one line at once whatever its length: the devices' descriptions first,
/// then their reports. As strict as the format: times that never go back, the first report and
/// every gap within `maxGap`, exactly two hexadecimal digits a byte; every refusal names the
/// file's line and what was expected.
public struct HIDRecordingReader {
    public typealias Device = HIDRecording.Device
    public typealias Report = HIDRecording.Report

    let file: String
    let maxGap: Double
    var devices: [Int: Device] = [:]
    var current = 0
    var lineNumber = 0
    var lastTime: Double?

    public init(file: String, maxGap: Double = HIDRecording.defaultMaxGap) {
        self.file = file
        self.maxGap = maxGap
    }

    /// The devices described, once the first report has been read: what to create.
    public var described: [Device]? {
        lastTime == nil ? nil : devices.keys.sorted().compactMap { devices[$0] }
    }

    func fail(_ expected: String) -> HIDRecordingError {
        HIDRecordingError(file: file, line: lineNumber, expected: expected)
    }

    /// Reads the next line; the report it holds, if it is one.
    public mutating func read(line raw: Substring) throws(HIDRecordingError) -> Report? {
        lineNumber += 1
        let line = raw.drop { $0 == " " || $0 == "\t" }
        if line.hasPrefix("# F: ") {
            // touchbridge's feature reports: a comment to every other reader, so one that does not
            // read as one is left as a comment.
            if lastTime == nil, let (n, bytes) = HIDRecording.feature(line.dropFirst(5)),
                devices[current, default: Device()].features.count < 256
            {
                devices[current, default: Device()].features[n] = bytes
            }
            return nil
        }
        if line.isEmpty || line.hasPrefix("#") || line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
            return nil
        }
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        let rest = line.dropFirst(2).drop { $0 == " " }
        if lastTime != nil, ["N:", "P:", "I:", "R:"].contains(words[0]) {
            throw fail("every device described before the first report (an E: line came before this one)")
        }
        switch words[0] {
        case "D:":
            guard words.count == 2, words[1].allSatisfy(\.isWholeNumber), let n = Int(words[1]),
                (0..<HIDRecording.maxDevices).contains(n)
            else { throw fail("'D: N', a device number from 0 to \(HIDRecording.maxDevices - 1)") }
            if lastTime != nil, devices[n] == nil {
                throw fail("'D: N' naming a device described before the first report")
            }
            current = n
        case "N:": devices[current, default: Device()].name = String(rest.prefix { $0 != "\r" })
        case "P:": devices[current, default: Device()].phys = String(rest.prefix { $0 != "\r" })
        case "I:":
            guard words.count == 4, words.dropFirst().allSatisfy({ $0.allSatisfy(\.isHexDigit) }),
                let bus = UInt16(words[1], radix: 16), let v = UInt32(words[2], radix: 16),
                let p = UInt32(words[3], radix: 16)
            else { throw fail("'I: BUS VENDOR PRODUCT' in hexadecimal") }
            devices[current, default: Device()].bus = bus
            devices[current, default: Device()].vendor = v
            devices[current, default: Device()].product = p
            devices[current, default: Device()].described.ids = true
        case "R:":
            guard words.count >= 2, words[1].allSatisfy(\.isWholeNumber), let n = Int(words[1]),
                (0...HIDRecording.maxDescriptor).contains(n), let bytes = HIDRecording.hexBytes(words.dropFirst(2)),
                bytes.count == n
            else {
                throw fail(
                    "'R: SIZE BYTES…', at most \(HIDRecording.maxDescriptor) bytes of two hexadecimal digits, as many as SIZE"
                )
            }
            devices[current, default: Device()].descriptor = bytes
            devices[current, default: Device()].described.descriptor = true
        case "E:":
            return try report(words)
        default:
            throw fail("a D:, R:, N:, P:, I: or E: line, or a # comment")
        }
        return nil
    }

    mutating func report(_ words: [Substring]) throws(HIDRecordingError) -> Report {
        guard words.count >= 3, let t = Self.seconds(words[1]), t <= HIDRecording.maxTime,
            words[2].allSatisfy(\.isWholeNumber), let n = Int(words[2]), (1...HIDRecording.maxReport).contains(n),
            let bytes = HIDRecording.hexBytes(words.dropFirst(3)), bytes.count == n
        else {
            throw fail(
                "'E: SECONDS.MICROSECONDS LENGTH BYTES…', a time of at most \(Int(HIDRecording.maxTime)) s and 1 to "
                    + "\(HIDRecording.maxReport) bytes of two hexadecimal digits, as many as LENGTH")
        }
        if lastTime == nil { _ = try checkedDevices() }
        guard let d = devices[current], d.described.descriptor, d.described.ids else {
            throw fail("device \(current)'s R: and I: lines before its first report")
        }
        let last = lastTime ?? 0
        guard t >= last else {
            throw fail(
                "times that never go back (this report at \(Self.text(t)) s comes after one at \(Self.text(last)) s)")
        }
        guard t - last <= maxGap else {
            throw fail(
                (lastTime == nil
                    ? "a first report within \(Self.text(maxGap)) s" : "reports at most \(Self.text(maxGap)) s apart")
                    + " (--max-gap; this one comes \(Self.text(t - last)) s after "
                    + (lastTime == nil ? "the start)" : "the one before)"))
        }
        lastTime = t
        return Report(device: current, time: t, bytes: bytes)
    }

    /// The devices, numbered 0, 1, … with none left out, each with its R: and I: lines.
    mutating func checkedDevices() throws(HIDRecordingError) -> [Device] {
        let numbers = devices.keys.sorted()
        guard !numbers.isEmpty else { throw fail("a device (its R:, N: and I: lines)") }
        guard numbers == Array(0..<numbers.count) else { throw fail("devices numbered 0, 1, … with none left out") }
        for n in numbers where !(devices[n]?.described.descriptor ?? false) || !(devices[n]?.described.ids ?? false) {
            throw fail("device \(n)'s R: and I: lines")
        }
        return numbers.compactMap { devices[$0] }
    }

    /// At the end of the file: the devices, checked.
    public mutating func finish() throws(HIDRecordingError) -> [Device] { try checkedDevices() }

    /// `SECONDS.MICROSECONDS` as hid-tools writes it: digits, a point, digits; nil otherwise.
    static func seconds(_ word: Substring) -> Double? {
        let parts = word.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isWholeNumber) }),
            parts[0].count <= 9, parts.count == 1 || parts[1].count <= 9
        else { return nil }
        return Double(word)
    }

    static func text(_ seconds: Double) -> String {
        let micro = Int((seconds * 1_000_000).rounded())
        let fraction = String(micro % 1_000_000)
        return "\(micro / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}
