/// A small fixed-capacity set of bit numbers, the shape of the kernel's capability bitmaps.
public struct BitSet: Hashable, Sendable, Sequence {
    private var words: [UInt64]

    public init(capacity: Int = 64) {
        words = Array(repeating: 0, count: Swift.max(1, (capacity + 63) / 64))
    }

    public init<S: Sequence>(_ bits: S) where S.Element == UInt16 {
        self.init()
        for b in bits { insert(b) }
    }

    public func contains(_ bit: UInt16) -> Bool {
        let w = Int(bit) / 64
        return w < words.count && words[w] & (1 << UInt64(bit % 64)) != 0
    }

    public mutating func insert(_ bit: UInt16) {
        let w = Int(bit) / 64
        if w >= words.count { words.append(contentsOf: repeatElement(0, count: w - words.count + 1)) }
        words[w] |= 1 << UInt64(bit % 64)
    }

    public mutating func remove(_ bit: UInt16) {
        let w = Int(bit) / 64
        if w < words.count { words[w] &= ~(1 << UInt64(bit % 64)) }
    }

    public var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    /// The highest bit set, or nil when empty.
    public var highest: UInt16? {
        for w in words.indices.reversed() where words[w] != 0 {
            return UInt16(w * 64 + 63 - words[w].leadingZeroBitCount)
        }
        return nil
    }

    /// Byte `index` of the bitmap in kernel (little-endian) order.
    public func byte(_ index: Int) -> UInt8 {
        let w = index / 8
        guard w < words.count else { return 0 }
        return UInt8(truncatingIfNeeded: words[w] >> UInt64((index % 8) * 8))
    }

    public func makeIterator() -> Iterator { Iterator(words: words) }

    /// The set bits in ascending order (a concrete iterator: no boxed closure, no run-time
    /// type lookup when a device's codes are first listed).
    public struct Iterator: IteratorProtocol {
        let words: [UInt64]
        var w = 0
        var current: UInt64

        init(words: [UInt64]) {
            self.words = words
            current = words.first ?? 0
        }

        public mutating func next() -> UInt16? {
            while true {
                if current != 0 {
                    let bit = current.trailingZeroBitCount
                    current &= current - 1
                    return UInt16(w * 64 + bit)
                }
                w += 1
                guard w < words.count else { return nil }
                current = words[w]
            }
        }
    }

    public static func == (a: BitSet, b: BitSet) -> Bool {
        let n = Swift.max(a.words.count, b.words.count)
        for i in 0..<n where (i < a.words.count ? a.words[i] : 0) != (i < b.words.count ? b.words[i] : 0) {
            return false
        }
        return true
    }

    public func hash(into h: inout Hasher) {
        var last = words.count
        while last > 0 && words[last - 1] == 0 { last -= 1 }
        for i in 0..<last { h.combine(words[i]) }
    }
}
