import InputEvents
import Testing

@Suite("Capability bitmaps")
struct BitSetTests {
    @Test func insertsIteratesAndExportsKernelBytes() {
        var s = BitSet([0x14a, 0, 63, 64])
        #expect(Array(s) == [0, 63, 64, 0x14a])
        #expect(s.contains(0x14a))
        #expect(!s.contains(0x149))
        #expect(s.highest == 0x14a)
        #expect(s.byte(0) == 0x01)
        #expect(s.byte(7) == 0x80)
        #expect(s.byte(8) == 0x01)
        #expect(s.byte(41) == 0x04)
        s.remove(0x14a)
        #expect(s == BitSet([0, 63, 64]))
        #expect(s.hashValue == BitSet([64, 63, 0]).hashValue)
    }
}
