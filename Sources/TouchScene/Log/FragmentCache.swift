import InputEvents

/// Parts of a touch's JSON object that depend only on a few of its values (its tap count,
/// force, radius, device and slot; its identifier and phase), as the bytes the log last wrote
/// for them: a touch's next line copies them while those values stay the same, which on a
/// moving finger is every frame. An entry is used only when every value its bytes came from is
/// equal, so a shared or stale entry costs a formatting, never a wrong byte.
final class FragmentCache {
    /// The values a fragment's bytes are written from, as words (unused ones zero).
    typealias Key = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    private static let entries = 16
    /// An entry: the key (48 bytes), the length (2 bytes), the bytes.
    private static let stride = 256
    private static let header = 50
    private static let maxBytes = stride - header
    private let storage: UnsafeMutableRawPointer

    init() {
        storage = .allocate(byteCount: Self.entries * Self.stride, alignment: 8)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: Self.entries * Self.stride)
    }

    deinit { storage.deallocate() }

    @inline(__always)
    private func entry(_ index: UInt64) -> UnsafeMutableRawPointer {
        storage + Int(truncatingIfNeeded: index & UInt64(Self.entries - 1)) &* Self.stride
    }

    /// Writes the bytes stored for `key` in entry `index` (a touch's identifier), if that is
    /// what the entry holds; false otherwise.
    @inline(__always)
    func copy(_ key: Key, index: UInt64, into w: inout ByteWriter) -> Bool {
        let e = entry(index)
        let count = Int(e.load(fromByteOffset: 48, as: UInt16.self))
        guard count > 0, e.load(as: UInt64.self) == key.0, e.load(fromByteOffset: 8, as: UInt64.self) == key.1,
            e.load(fromByteOffset: 16, as: UInt64.self) == key.2, e.load(fromByteOffset: 24, as: UInt64.self) == key.3,
            e.load(fromByteOffset: 32, as: UInt64.self) == key.4, e.load(fromByteOffset: 40, as: UInt64.self) == key.5
        else { return false }
        w.write(bytes: UnsafeBufferPointer(start: (e + Self.header).assumingMemoryBound(to: UInt8.self), count: count))
        return true
    }

    /// Remembers that the `count` bytes `w` wrote from `start` are `key`'s, in entry `index`.
    @inline(__always)
    func store(_ key: Key, index: UInt64, from w: ByteWriter, start: Int, count: Int) {
        let e = entry(index)
        guard count > 0, count <= Self.maxBytes else {
            e.storeBytes(of: 0, toByteOffset: 48, as: UInt16.self)
            return
        }
        e.storeBytes(of: key.0, as: UInt64.self)
        e.storeBytes(of: key.1, toByteOffset: 8, as: UInt64.self)
        e.storeBytes(of: key.2, toByteOffset: 16, as: UInt64.self)
        e.storeBytes(of: key.3, toByteOffset: 24, as: UInt64.self)
        e.storeBytes(of: key.4, toByteOffset: 32, as: UInt64.self)
        e.storeBytes(of: key.5, toByteOffset: 40, as: UInt64.self)
        e.storeBytes(of: UInt16(count), toByteOffset: 48, as: UInt16.self)
        w.copyWritten(from: start, count: count, to: (e + Self.header).assumingMemoryBound(to: UInt8.self))
    }
}
