/// What a HID report descriptor says that decides how the kernel drives a touch device: its
/// top-level applications, whether it names each finger (the Contact Identifier usage, which
/// makes the HID core file it for hid-multitouch), its Contact Count Maximum and Win8
/// certification blob features, and the size of every feature report.
public struct ReportDescriptor: Equatable, Sendable {
    /// Usages as page << 16 | id.
    public static let touchScreen: UInt32 = 0x000D_0004
    public static let pen: UInt32 = 0x000D_0002
    public static let digitizer: UInt32 = 0x000D_0001
    public static let touchPad: UInt32 = 0x000D_0005
    public static let contactIdentifier: UInt32 = 0x000D_0051
    public static let contactCountMaximum: UInt32 = 0x000D_0055
    public static let mouse: UInt32 = 0x0001_0002
    public static let pointer: UInt32 = 0x0001_0001
    /// The vendor usage Windows 8 certified devices carry their 256-byte blob under.
    public static let win8Blob: UInt32 = 0xFF00_00C5

    /// The largest descriptor the kernel accepts (HID_MAX_DESCRIPTOR_SIZE).
    public static let maximumSize = 4096
    /// The largest Contact Count Maximum hid-multitouch takes from the logical maximum
    /// (MT_MAX_MAXCONTACT), and the count it assumes without one (MT_DEFAULT_MAXCONTACT).
    public static let largestContactCount = 250
    public static let defaultContactCount = 10

    /// A feature report the descriptor declares for one usage.
    public struct Feature: Equatable, Sendable {
        public var report: UInt8
        public var logicalMaximum: Int
        /// The bits of the field that holds the usage (size × count).
        public var bits: Int
    }

    /// The usages of the application collections, in order.
    public var applications: [UInt32] = []
    /// Whether an input item carries the Contact Identifier usage.
    public var hasContactIdentifier = false
    /// The Contact Count Maximum feature, if declared.
    public var contactCountMaximum: Feature?
    /// The Win8 certification blob feature, if declared.
    public var win8Blob: Feature?
    /// Bits of each feature report, by report number (0 for a descriptor without report ids).
    public var featureBits: [UInt8: Int] = [:]
    /// Where the bytes stopped making sense, if they did.
    public var problem: String?

    /// A touch screen or a pen on a display: what touchbridge looks for.
    public var isTouchDigitizer: Bool {
        applications.contains(Self.touchScreen) || applications.contains(Self.pen)
            || applications.contains(Self.digitizer)
    }

    /// Reads the descriptor's items; stops at the first malformed one, saying where.
    public init(_ bytes: [UInt8]) {
        var walk = DescriptorWalk(bytes: Array(bytes.prefix(Self.maximumSize)))
        if bytes.count > Self.maximumSize { problem = "longer than \(Self.maximumSize) bytes" }
        while let item = walk.next() {
            take(item, walk: &walk)
        }
        if let p = walk.problem { problem = p }
    }

    private mutating func take(_ item: DescriptorItem, walk: inout DescriptorWalk) {
        guard item.type == 0 else { return }
        let g = walk.globals
        switch item.tag {
        case 0xA:  // Collection: depth is now 1 for a top-level one
            if item.data == 1, walk.depth == 1, let u = walk.usages.first { applications.append(u) }
        case 0x8:  // Input
            if walk.usages.contains(Self.contactIdentifier) { hasContactIdentifier = true }
        case 0xB:  // Feature
            let bits = min(g.reportSize * g.reportCount, 1 << 20)
            featureBits[g.reportID, default: 0] += bits
            let feature = Feature(report: g.reportID, logicalMaximum: g.logicalMaximum, bits: bits)
            if walk.usages.contains(Self.contactCountMaximum), contactCountMaximum == nil {
                contactCountMaximum = feature
            }
            if walk.usages.contains(Self.win8Blob), win8Blob == nil { win8Blob = feature }
        default: break
        }
        walk.endLocals()
    }
}
