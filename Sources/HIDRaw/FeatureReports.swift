/// The feature reports a report descriptor declares, by report number, and their sizes in
/// bytes: what a replayed device answers a driver's GET_REPORT with when the recording holds no
/// answer (zeros, so Contact Count Maximum falls back to its logical maximum and the Win8 blob
/// reads empty, as hid-multitouch handles both).
public struct FeatureReports: Equatable, Sendable {
    /// Bits of each feature report, by report number (0 for a descriptor without report ids).
    public private(set) var bits: [UInt8: Int] = [:]

    /// Walks the descriptor's short items: report size, count and id (with push and pop), and
    /// each Feature main item.
    public init(descriptor d: [UInt8]) {
        var size = 0
        var count = 0
        var id: UInt8 = 0
        var stack: [(Int, Int, UInt8)] = []
        var i = 0
        while i < d.count {
            let prefix = d[i]
            if prefix == 0xFE {  // a long item: its data size follows
                guard i + 1 < d.count else { break }
                i += 3 + Int(d[i + 1])
                continue
            }
            let length = [0, 1, 2, 4][Int(prefix & 0x03)]
            guard i + length < d.count else { break }
            var value = 0
            for k in 0..<length { value |= Int(d[i + 1 + k]) << (8 * k) }
            switch prefix & 0xFC {
            case 0x74: size = value
            case 0x94: count = value
            case 0x84: id = UInt8(truncatingIfNeeded: value)
            case 0xA4: if stack.count < 32 { stack.append((size, count, id)) }
            case 0xB4: if let top = stack.popLast() { (size, count, id) = top }
            case 0xB0: bits[id, default: 0] += min(size * count, 1 << 20)
            default: break
            }
            i += 1 + length
        }
    }

    /// The bytes answering GET_REPORT for report `number`: the number first (when the descriptor
    /// numbers its reports), then zeros; nil when it declares no such feature report.
    public func answer(_ number: UInt8) -> [UInt8]? {
        guard let b = bits[number] else { return nil }
        let bytes = min((b + 7) / 8, HIDRecording.maxReport - 1)
        return number == 0
            ? [UInt8](repeating: 0, count: max(1, bytes)) : [number] + [UInt8](repeating: 0, count: bytes)
    }
}
