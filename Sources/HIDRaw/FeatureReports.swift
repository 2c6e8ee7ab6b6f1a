/// The feature reports a report descriptor declares, by report number, and their sizes in
/// bytes: what a replayed device answers a driver's GET_REPORT with when the recording holds no
/// answer (zeros, so Contact Count Maximum falls back to its logical maximum and the Win8 blob
/// reads empty, as hid-multitouch handles both).
public struct FeatureReports: Equatable, Sendable {
    /// Bits of each feature report, by report number (0 for a descriptor without report ids).
    public let bits: [UInt8: Int]

    public init(descriptor: [UInt8]) { bits = ReportDescriptor(descriptor).featureBits }

    /// The bytes answering GET_REPORT for report `number`: the number first (when the descriptor
    /// numbers its reports), then zeros; nil when it declares no such feature report.
    public func answer(_ number: UInt8) -> [UInt8]? {
        guard let b = bits[number] else { return nil }
        let bytes = min((b + 7) / 8, HIDRecording.maxReport - 1)
        return number == 0
            ? [UInt8](repeating: 0, count: max(1, bytes)) : [number] + [UInt8](repeating: 0, count: bytes)
    }
}
