import InputEvents
import Testing
import TouchKit

@testable import TouchBridge
@testable import TouchScene

/// The log copies a touch's previous location from the bytes it wrote for it a line before;
/// a copy is only ever of the same point, so a shared or stale entry cannot change a byte.
@Suite("Points the log wrote, copied")
struct PointCacheTests {
    private func written(_ body: (inout ByteWriter) -> Void) -> String {
        var b = TextBuffer()
        b.write(maxBytes: 256) { w in body(&w) }
        return b.string
    }

    /// What `copy` wrote, or nil when it declined.
    private func copied(_ cache: PointCache, _ p: Point, key: UInt64) -> String? {
        var ok = false
        let s = written { w in ok = cache.copy(p, key: key, into: &w) }
        return ok ? s : (s.isEmpty ? nil : "declined but wrote \(s)")
    }

    @Test func aPointIsCopiedOnlyWhenItIsTheOneStored() {
        let cache = PointCache()
        let p = Point(x: 95.24, y: 71.306)
        let q = Point(x: 95.241, y: 71.306)
        #expect(
            written { w in
                w.write("[95.24,71.306]")
                cache.store(p, key: 1, from: w, start: 0, count: w.count)
            } == "[95.24,71.306]")
        #expect(copied(cache, p, key: 1) == "[95.24,71.306]")
        #expect(copied(cache, q, key: 1) == nil)
        // Touch 17 shares touch 1's entry: the same point is still the same bytes, another is not copied.
        #expect(copied(cache, p, key: 17) == "[95.24,71.306]")
        #expect(copied(cache, q, key: 17) == nil)
        // Nothing stored yet for touch 2, and NaN never equals itself.
        #expect(copied(cache, .zero, key: 2) == nil)
        let nan = Point(x: .nan, y: 0)
        _ = written { w in
            w.write("[null,0.0]")
            cache.store(nan, key: 3, from: w, start: 0, count: w.count)
        }
        #expect(copied(cache, nan, key: 3) == nil)
    }

    @Test func bytesTooLongForAnEntryAreNotKept() {
        let cache = PointCache()
        let p = Point(x: 1, y: 2)
        _ = written { w in
            w.write("[1.0,2.0]")
            cache.store(p, key: 4, from: w, start: 0, count: w.count)
        }
        let long = String(repeating: "9", count: 60)
        _ = written { w in
            long.utf8.withContiguousStorageIfAvailable { w.write(bytes: $0) }
            cache.store(p, key: 4, from: w, start: 0, count: w.count)
        }
        #expect(copied(cache, p, key: 4) == nil)
    }
}
