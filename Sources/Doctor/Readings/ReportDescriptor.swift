/// What a HID report descriptor says a device is, as far as touch goes: its top-level
/// applications (touch screen, pen, mouse) and whether it names each finger (the Contact
/// Identifier usage, which makes the kernel's HID core hand it to hid-multitouch).
package struct ReportDescriptor: Equatable, Sendable {
    /// Usages as page << 16 | id.
    package static let touchScreen: UInt32 = 0x000D_0004
    package static let pen: UInt32 = 0x000D_0002
    package static let digitizer: UInt32 = 0x000D_0001
    package static let touchPad: UInt32 = 0x000D_0005
    package static let contactIdentifier: UInt32 = 0x000D_0051
    package static let mouse: UInt32 = 0x0001_0002
    package static let pointer: UInt32 = 0x0001_0001

    /// The usages of the application collections, in order.
    package var applications: [UInt32] = []
    /// Whether an input item carries the Contact Identifier usage.
    package var hasContactIdentifier = false
    /// Where the bytes stopped making sense, if they did.
    package var problem: String?

    /// A touch screen or a pen on a display: what touchbridge looks for.
    package var isTouchDigitizer: Bool {
        applications.contains(Self.touchScreen) || applications.contains(Self.pen)
            || applications.contains(Self.digitizer)
    }

    /// The largest descriptor the kernel accepts (HID_MAX_DESCRIPTOR_SIZE).
    package static let maximumSize = 4096

    /// Reads the descriptor's items; stops at the first malformed one, saying where.
    package init(_ bytes: [UInt8]) {
        var reader = ItemReader(bytes: Array(bytes.prefix(Self.maximumSize)))
        if bytes.count > Self.maximumSize { problem = "longer than \(Self.maximumSize) bytes" }
        while let item = reader.next() {
            take(item, reader: &reader)
        }
        if let p = reader.problem { problem = p }
    }

    private mutating func take(_ item: Item, reader: inout ItemReader) {
        switch (item.type, item.tag) {
        case (1, 0x0): reader.usagePage = item.data  // Usage Page
        case (1, 0xA): reader.push()  // Push
        case (1, 0xB): reader.pop()  // Pop
        case (2, 0x0): reader.usages.append(item.size == 4 ? item.data : reader.usagePage << 16 | item.data)
        case (0, 0xA):  // Collection
            if item.data == 1, reader.depth == 0, let u = reader.usages.first { applications.append(u) }
            reader.depth += 1
            reader.usages.removeAll(keepingCapacity: true)
        case (0, 0xC):  // End Collection
            reader.depth = max(0, reader.depth - 1)
            reader.usages.removeAll(keepingCapacity: true)
        case (0, _):  // Input, Output, Feature
            if item.tag == 0x8 && reader.usages.contains(Self.contactIdentifier) { hasContactIdentifier = true }
            reader.usages.removeAll(keepingCapacity: true)
        default: break
        }
    }
}

/// One short item: its type (main 0, global 1, local 2), tag, size in bytes and data.
struct Item {
    var type: UInt8
    var tag: UInt8
    var size: Int
    var data: UInt32
}

/// Walks a descriptor's items, keeping the state the usages need (the global usage page and its
/// push stack, the local usages, the collection depth).
struct ItemReader {
    let bytes: [UInt8]
    var at = 0
    var usagePage: UInt32 = 0
    var usages: [UInt32] = []
    var depth = 0
    var pushed: [UInt32] = []
    var problem: String?

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func push() {
        if pushed.count < 16 { pushed.append(usagePage) } else { problem = "pushes nested deeper than 16" }
    }

    mutating func pop() {
        if let p = pushed.popLast() { usagePage = p } else { problem = "a Pop at byte \(at) with nothing pushed" }
    }

    /// The next short item; long items are skipped, a truncated one ends the walk.
    mutating func next() -> Item? {
        while at < bytes.count, problem == nil {
            let prefix = bytes[at]
            if prefix == 0xFE {  // a long item: its data size, its tag, its data
                guard at + 2 < bytes.count else { return truncated() }
                at += 3 + Int(bytes[at + 1])
                continue
            }
            let size = [0, 1, 2, 4][Int(prefix & 3)]
            guard at + size < bytes.count else { return truncated() }
            var data: UInt32 = 0
            for i in 0..<size { data |= UInt32(bytes[at + 1 + i]) << (8 * i) }
            at += 1 + size
            return Item(type: (prefix >> 2) & 3, tag: prefix >> 4, size: size, data: data)
        }
        return nil
    }

    private mutating func truncated() -> Item? {
        problem = "an item cut short at byte \(at)"
        return nil
    }
}
