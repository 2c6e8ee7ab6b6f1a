import InputEvents
import Testing
import TextBuffers
import TouchKit

@testable import TouchScene

/// The log copies a touch's previous location, head and tail from the bytes it wrote for it a
/// line before; a copy is only ever of the same values, so a shared or stale entry cannot
/// change a byte.
@Suite("Bytes the log wrote, copied")
struct WrittenBytesCacheTests {
    private func written(_ body: (inout ByteWriter) -> Void) -> String {
        var b = TextBuffer()
        b.write(maxBytes: 256) { w in body(&w) }
        return b.string
    }

    /// What `copy` wrote, or nil when it declined.
    private func copied(_ cache: WrittenBytesCache<PointKey>, _ p: Point, key: UInt64) -> String? {
        var ok = false
        let s = written { w in ok = cache.copy(PointKey(point: p), index: key, into: &w) }
        return ok ? s : (s.isEmpty ? nil : "declined but wrote \(s)")
    }

    @Test func aPointIsCopiedOnlyWhenItIsTheOneStored() {
        let cache = WrittenBytesCache<PointKey>()
        let p = Point(x: 95.24, y: 71.306)
        let q = Point(x: 95.241, y: 71.306)
        #expect(
            written { w in
                w.write("[95.24,71.306]")
                cache.store(PointKey(point: p), index: 1, from: w, start: 0, count: w.count)
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
            cache.store(PointKey(point: nan), index: 3, from: w, start: 0, count: w.count)
        }
        #expect(copied(cache, nan, key: 3) == nil)
    }

    @Test func bytesTooLongForAnEntryAreNotKept() {
        let cache = WrittenBytesCache<PointKey>()
        let p = Point(x: 1, y: 2)
        _ = written { w in
            w.write("[1.0,2.0]")
            cache.store(PointKey(point: p), index: 4, from: w, start: 0, count: w.count)
        }
        let long = String(repeating: "9", count: 60)
        _ = written { w in
            long.utf8.withContiguousStorageIfAvailable { w.write(bytes: $0) }
            cache.store(PointKey(point: p), index: 4, from: w, start: 0, count: w.count)
        }
        #expect(copied(cache, p, key: 4) == nil)
    }

    @Test func aFragmentIsCopiedOnlyWhenEveryValueItCameFromIsEqual() {
        let cache = WrittenBytesCache<FragmentKey>()
        let key = FragmentKey(words: (1, 2, 3, 4, 5, 6))
        _ = written { w in
            w.write(",\"taps\":1")
            cache.store(key, index: 7, from: w, start: 0, count: w.count)
        }
        var ok = false
        #expect(written { w in ok = cache.copy(key, index: 7, into: &w) } == ",\"taps\":1")
        #expect(ok)
        // Any one word different: declined, and nothing written.
        for changed in [
            FragmentKey(words: (9, 2, 3, 4, 5, 6)), FragmentKey(words: (1, 2, 3, 4, 5, 9)),
            FragmentKey(words: (1, 2, 9, 4, 5, 6)),
        ] {
            #expect(written { w in ok = cache.copy(changed, index: 7, into: &w) }.isEmpty)
            #expect(!ok)
        }
        // Room for 206 bytes an entry: longer ones are not kept.
        let long = String(repeating: "9", count: 207)
        _ = written { w in
            long.utf8.withContiguousStorageIfAvailable { w.write(bytes: $0) }
            cache.store(key, index: 7, from: w, start: 0, count: w.count)
        }
        #expect(written { w in ok = cache.copy(key, index: 7, into: &w) }.isEmpty)
        #expect(!ok)
    }
}
