import InputEvents
import TouchKit

/// The last point the log wrote for each of a few touches, as the bytes it wrote: a touch's
/// location in one line is its previous location in the next, copied instead of formatted
/// again. Keyed by touch identifier modulo its size; an entry is used only when its point is
/// equal to the one asked for, so a shared or stale entry costs a formatting, never a wrong byte.
final class PointCache {
    private static let entries = 16
    /// An entry: x and y (8 bytes each), the length (1 byte), the bytes.
    private static let stride = 64
    private static let maxBytes = stride - 17
    private let storage: UnsafeMutableRawPointer

    init() {
        storage = .allocate(byteCount: Self.entries * Self.stride, alignment: 8)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: Self.entries * Self.stride)
    }

    deinit { storage.deallocate() }

    @inline(__always)
    private func entry(_ key: UInt64) -> UnsafeMutableRawPointer {
        storage + Int(truncatingIfNeeded: key & UInt64(Self.entries - 1)) &* Self.stride
    }

    /// Writes `p`'s bytes as last stored for `key`, if that was `p`; false otherwise.
    @inline(__always)
    func copy(_ p: Point, key: UInt64, into w: inout ByteWriter) -> Bool {
        let e = entry(key)
        let count = Int(e.load(fromByteOffset: 16, as: UInt8.self))
        guard count > 0, e.load(as: Double.self) == p.x, e.load(fromByteOffset: 8, as: Double.self) == p.y else {
            return false
        }
        w.write(bytes: UnsafeBufferPointer(start: (e + 17).assumingMemoryBound(to: UInt8.self), count: count))
        return true
    }

    /// Remembers that `p` was written for `key` as the `count` bytes `w` wrote from `start`.
    @inline(__always)
    func store(_ p: Point, key: UInt64, from w: ByteWriter, start: Int, count: Int) {
        let e = entry(key)
        guard count <= Self.maxBytes else {
            e.storeBytes(of: 0, toByteOffset: 16, as: UInt8.self)
            return
        }
        e.storeBytes(of: p.x, as: Double.self)
        e.storeBytes(of: p.y, toByteOffset: 8, as: Double.self)
        e.storeBytes(of: UInt8(count), toByteOffset: 16, as: UInt8.self)
        w.copyWritten(from: start, count: count, to: (e + 17).assumingMemoryBound(to: UInt8.self))
    }
}
