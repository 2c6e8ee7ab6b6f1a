/// What a replayed device answers a driver's GET_REPORT with: the feature report as the device
/// answered it when recorded, or else zeros of the size its descriptor declares (Contact Count
/// Maximum then falls back to its logical maximum and the Win8 blob reads empty, as
/// hid-multitouch handles both).
public struct FeatureReports: Equatable, Sendable {
    /// Bits of each feature report, by report number (0 for a descriptor without report ids).
    public let bits: [UInt8: Int]
    /// The recorded answers, by report number, as hidraw gave them (the number first).
    public let recorded: [UInt8: [UInt8]]

    public init(descriptor: [UInt8], recorded: [UInt8: [UInt8]] = [:]) {
        bits = ReportDescriptor(descriptor).featureBits
        self.recorded = recorded
    }

    /// The bytes answering GET_REPORT for report `number`: the number first (when the descriptor
    /// numbers its reports), then the recorded bytes or zeros; nil when it declares no such
    /// feature report.
    public func answer(_ number: UInt8) -> [UInt8]? {
        if let r = recorded[number], r.count > 1 { return number == 0 ? Array(r.dropFirst()) : r }
        guard let b = bits[number] else { return nil }
        let bytes = min((b + 7) / 8, HIDRecording.maxReport - 1)
        return number == 0
            ? [UInt8](repeating: 0, count: max(1, bytes)) : [number] + [UInt8](repeating: 0, count: bytes)
    }
}
