import InputEvents
import TextBuffers
import TouchKit

/// Bytes the log wrote for a few touches, kept with the values they were written from, so that
/// a touch's next line copies them instead of formatting the same values again. Keyed by touch
/// identifier modulo its size; an entry is used only when every value its bytes came from is
/// equal, so a shared or stale entry costs a formatting, never a wrong byte.
final class WrittenBytesCache<CacheKey: WrittenBytesKey> {
    private static var entries: Int { 16 }
    /// An entry: the key, the length (2 bytes), the bytes.
    private static var header: Int { CacheKey.size + 2 }
    private static var maxBytes: Int { CacheKey.stride - header }
    private let storage: UnsafeMutableRawPointer

    init() {
        storage = .allocate(byteCount: Self.entries * CacheKey.stride, alignment: 8)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: Self.entries * CacheKey.stride)
    }

    deinit { storage.deallocate() }

    @inline(__always)
    private func entry(_ index: UInt64) -> UnsafeMutableRawPointer {
        storage + Int(truncatingIfNeeded: index & UInt64(Self.entries - 1)) &* CacheKey.stride
    }

    /// Writes the bytes stored for `key` in entry `index` (a touch's identifier), if that is
    /// what the entry holds; false otherwise.
    @inline(__always)
    func copy(_ key: CacheKey, index: UInt64, into w: inout ByteWriter) -> Bool {
        let e = entry(index)
        let count = Int(e.load(fromByteOffset: CacheKey.size, as: UInt16.self))
        guard count > 0, key.isStored(at: e) else { return false }
        w.write(bytes: UnsafeBufferPointer(start: (e + Self.header).assumingMemoryBound(to: UInt8.self), count: count))
        return true
    }

    /// Remembers that the `count` bytes `w` wrote from `start` are `key`'s, in entry `index`.
    @inline(__always)
    func store(_ key: CacheKey, index: UInt64, from w: ByteWriter, start: Int, count: Int) {
        let e = entry(index)
        guard count > 0, count <= Self.maxBytes else {
            e.storeBytes(of: 0, toByteOffset: CacheKey.size, as: UInt16.self)
            return
        }
        key.store(at: e)
        e.storeBytes(of: UInt16(count), toByteOffset: CacheKey.size, as: UInt16.self)
        w.copyWritten(from: start, count: count, to: (e + Self.header).assumingMemoryBound(to: UInt8.self))
    }
}

/// The values a cached run of bytes is written from, stored at the start of its entry.
protocol WrittenBytesKey {
    /// The key's bytes in an entry.
    static var size: Int { get }
    /// An entry's bytes in all: the key, the length, room for the bytes.
    static var stride: Int { get }
    /// Whether `entry` holds this key.
    func isStored(at entry: UnsafeRawPointer) -> Bool
    /// Stores this key in `entry`.
    func store(at entry: UnsafeMutableRawPointer)
}

/// A point the log wrote: a touch's location in one line is its previous location in the next.
struct PointKey: WrittenBytesKey {
    let point: Point

    static var size: Int { 16 }
    static var stride: Int { 64 }

    @inline(__always)
    func isStored(at e: UnsafeRawPointer) -> Bool {
        e.load(as: Double.self) == point.x && e.load(fromByteOffset: 8, as: Double.self) == point.y
    }

    @inline(__always)
    func store(at e: UnsafeMutableRawPointer) {
        e.storeBytes(of: point.x, as: Double.self)
        e.storeBytes(of: point.y, toByteOffset: 8, as: Double.self)
    }
}

/// Part of a touch's line that depends on a few of its values (its tap count, force, radius,
/// device and slot; its identifier and phase), as words (unused ones zero).
struct FragmentKey: WrittenBytesKey {
    let words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    static var size: Int { 48 }
    static var stride: Int { 256 }

    @inline(__always)
    func isStored(at e: UnsafeRawPointer) -> Bool {
        e.load(as: UInt64.self) == words.0 && e.load(fromByteOffset: 8, as: UInt64.self) == words.1
            && e.load(fromByteOffset: 16, as: UInt64.self) == words.2
            && e.load(fromByteOffset: 24, as: UInt64.self) == words.3
            && e.load(fromByteOffset: 32, as: UInt64.self) == words.4
            && e.load(fromByteOffset: 40, as: UInt64.self) == words.5
    }

    @inline(__always)
    func store(at e: UnsafeMutableRawPointer) {
        e.storeBytes(of: words.0, as: UInt64.self)
        e.storeBytes(of: words.1, toByteOffset: 8, as: UInt64.self)
        e.storeBytes(of: words.2, toByteOffset: 16, as: UInt64.self)
        e.storeBytes(of: words.3, toByteOffset: 24, as: UInt64.self)
        e.storeBytes(of: words.4, toByteOffset: 32, as: UInt64.self)
        e.storeBytes(of: words.5, toByteOffset: 40, as: UInt64.self)
    }
}
