/// One short item of a HID report descriptor: where it starts, its type (main 0, global 1,
/// local 2), tag and size in bytes, and its data as the HID specification reads it.
public struct DescriptorItem: Equatable, Sendable {
    public var offset: Int
    public var type: UInt8
    public var tag: UInt8
    public var size: Int
    /// The data, unsigned and little-endian.
    public var data: UInt32

    /// The data read as a signed number of its size (logical and physical minimums, exponents).
    public var signed: Int {
        switch size {
        case 1: Int(Int8(truncatingIfNeeded: data))
        case 2: Int(Int16(truncatingIfNeeded: data))
        case 4: Int(Int32(truncatingIfNeeded: data))
        default: 0
        }
    }
}

/// The global items' state, which Push and Pop save and restore.
struct DescriptorGlobals: Equatable {
    var usagePage: UInt32 = 0
    var logicalMinimum = 0
    var logicalMaximum = 0
    var reportSize = 0
    var reportCount = 0
    var reportID: UInt8 = 0
}

/// Walks a descriptor's short items, keeping the state their meaning depends on: the globals
/// with their push stack, the local usages, the collection depth. Long items are stepped over;
/// a truncated item or an unbalanced Pop ends the walk with a problem saying where.
struct DescriptorWalk {
    let bytes: [UInt8]
    var at = 0
    var globals = DescriptorGlobals()
    var pushed: [DescriptorGlobals] = []
    /// The local usages since the last main item, as page << 16 | id.
    var usages: [UInt32] = []
    var depth = 0
    var problem: String?

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The next short item, with the globals and locals already taken into the state (a main
    /// item's locals stay until the following call).
    mutating func next() -> DescriptorItem? {
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
            let item = DescriptorItem(offset: at, type: (prefix >> 2) & 3, tag: prefix >> 4, size: size, data: data)
            at += 1 + size
            take(item)
            return item
        }
        return nil
    }

    /// Clears the locals a main item used; called before the next item is taken.
    private mutating func take(_ item: DescriptorItem) {
        switch (item.type, item.tag) {
        case (1, 0x0): globals.usagePage = item.data
        case (1, 0x1): globals.logicalMinimum = item.signed
        case (1, 0x2):
            globals.logicalMaximum = globals.logicalMinimum < 0 ? item.signed : Int(item.data)
        case (1, 0x7): globals.reportSize = Int(min(item.data, 1 << 16))
        case (1, 0x8): globals.reportID = UInt8(truncatingIfNeeded: item.data)
        case (1, 0x9): globals.reportCount = Int(min(item.data, 1 << 16))
        case (1, 0xA):
            if pushed.count < 16 { pushed.append(globals) } else { problem = "pushes nested deeper than 16" }
        case (1, 0xB):
            if let p = pushed.popLast() {
                globals = p
            } else {
                problem = "a Pop at byte \(at) with nothing pushed"
            }
        case (2, 0x0):
            if usages.count < 1024 { usages.append(item.size == 4 ? item.data : globals.usagePage << 16 | item.data) }
        case (0, 0xA): depth += 1
        case (0, 0xC): depth = max(0, depth - 1)
        default: break
        }
    }

    /// Forgets the local usages, as every main item does once it has used them.
    mutating func endLocals() { usages.removeAll(keepingCapacity: true) }

    private mutating func truncated() -> DescriptorItem? {
        problem = "an item cut short at byte \(at)"
        return nil
    }
}
