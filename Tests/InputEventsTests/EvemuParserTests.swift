import Testing

@testable import InputEvents

@Suite("Reading evemu recordings")
struct EvemuParserTests {
    static let valid = """
        # EVEMU 1.3
        # Input device name: "Panel"
        N: Panel One
        I: 0003 1234 abcd 0111
        P: 02 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 04 00 00 00 00 00 00
        B: 03 03 00 00 00 00 80 00 02
        # a comment between description lines
        A: 00 0 4095 0 0 16
        A: 01 0 2303 4 0 16
        A: 2f 0 9 0 0 0
        A: 39 0 65535 0 0 0
        ################################
        E: 0.000001 0003 0039 0005\t# EV_ABS / ABS_MT_TRACKING_ID   5
        E: 0.000001 0003 0000 -001
        # a comment between events
        E: 0.000001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms

        E: 1795347809.653776 0001 014a 0001
        """

    @Test func readsDescriptionAndEvents() throws {
        let r = try EvemuParser(file: "valid.evemu").parse(Self.valid)
        let d = r.description
        #expect(r.formatVersion == (1, 3))
        #expect(d.name == "Panel One")
        #expect(d.id == InputID(bustype: 3, vendor: 0x1234, product: 0xabcd, version: 0x111))
        #expect(d.has(property: Kernel.INPUT_PROP_DIRECT))
        #expect(d.codes[Kernel.EV_KEY] == BitSet([Kernel.BTN_TOUCH]))
        #expect(
            d.codes[Kernel.EV_ABS]
                == BitSet([Kernel.ABS_X, Kernel.ABS_Y, Kernel.ABS_MT_SLOT, Kernel.ABS_MT_TRACKING_ID]))
        #expect(d.absInfo[Kernel.ABS_Y] == AbsInfo(minimum: 0, maximum: 2303, fuzz: 4, resolution: 16))
        #expect(d.slotCount == 10)
        #expect(d.has(type: Kernel.EV_SYN))
        #expect(!d.has(type: Kernel.EV_REL), "the fixed 'B: 00 0b' line says nothing about types")
        #expect(r.events.count == 4)
        #expect(r.events[1] == InputEvent(time: EventTime(seconds: 0, microseconds: 1), type: 3, code: 0, value: -1))
        #expect(r.events[3].time == EventTime(seconds: 1_795_347_809, microseconds: 653776), "absolute times are kept")
        #expect(r.events[2].isReport)
    }

    @Test func acceptsVersion10FilesWithFiveFieldAxesAndCRLF() throws {
        let text =
            "N: Old\r\nI: 0003 0001 0002 0003\r\nB: 03 03 00 00 00 00 00 00 00\r\nA: 00 0 100 0 0\r\nA: 01 0 100 0 0\r\nE: 1.5 0003 0000 7\r\n"
        let r = try EvemuParser(file: "old.evemu").parse(text)
        #expect(r.formatVersion == (1, 0))
        #expect(r.description.absInfo[Kernel.ABS_X]?.maximum == 100)
        #expect(r.events.first?.time == EventTime(seconds: 1, microseconds: 5), "usec as written, like evemu's %06u")
    }

    static let malformed: [(String, String, Int, String)] = [
        ("empty file", "", 1, "the device name line 'N: NAME'"),
        ("only comments", "# EVEMU 1.3\n# nothing\n", 2, "the device name line 'N: NAME'"),
        ("events without a description", "E: 0.000001 0003 0000 0001\n", 1, "the device description"),
        (
            "missing I: line", "N: x\nB: 01 00 00 00 00 00 00 00 00\n", 2,
            "'I: BUS VENDOR PRODUCT VERSION' after the name line"
        ),
        ("short I: line", "N: x\nI: 0003 0001\n", 2, "'I: BUS VENDOR PRODUCT VERSION'"),
        ("bad hex in I:", "N: x\nI: 0003 00g1 0002 0003\n", 2, "'I: BUS VENDOR PRODUCT VERSION'"),
        (
            "bad hex in B:", "N: x\nI: 0003 0001 0002 0003\nB: 03 0z 00 00 00 00 00 00 00\n", 3,
            "'B: TYPE' and 8 hex bytes"
        ),
        ("truncated B:", "N: x\nI: 0003 0001 0002 0003\nB: 03 03 00\n", 3, "'B: TYPE' and 8 hex bytes"),
        (
            "B: code beyond the type",
            "N: x\nI: 0003 0001 0002 0003\nB: 03 00 00 00 00 00 00 00 00\nB: 03 01 00 00 00 00 00 00 00\n", 4,
            "no code above 3f"
        ),
        (
            "B: type out of range", "N: x\nI: 0003 0001 0002 0003\nB: 20 00 00 00 00 00 00 00 00\n", 3,
            "an event type from 00 to 1f"
        ),
        (
            "A: missing resolution in 1.3", "# EVEMU 1.3\nN: x\nI: 0003 0001 0002 0003\nA: 00 0 100 0 0\n", 4,
            "'A: CODE MIN MAX FUZZ FLAT RESOLUTION'"
        ),
        (
            "A: huge value", "# EVEMU 1.3\nN: x\nI: 0003 0001 0002 0003\nA: 00 0 99999999999 0 0 0\n", 4,
            "is not a 32-bit integer"
        ),
        (
            "A: min above max", "# EVEMU 1.3\nN: x\nI: 0003 0001 0002 0003\nA: 00 10 1 0 0 0\n", 4,
            "an axis minimum (10) no larger than its maximum (1)"
        ),
        ("truncated E:", "N: x\nI: 0003 0001 0002 0003\nE: 0.000001 0003\n", 3, "the code is not hex"),
        ("E: without value", "N: x\nI: 0003 0001 0002 0003\nE: 0.000001 0003 0000\n", 3, "the value is missing"),
        ("E: bad hex type", "N: x\nI: 0003 0001 0002 0003\nE: 0.000001 00x3 0000 1\n", 3, "the type is not hex"),
        ("E: bad time", "N: x\nI: 0003 0001 0002 0003\nE: 0,000001 0003 0000 1\n", 3, "the time is not SEC.USEC"),
        (
            "E: too many microsecond digits", "N: x\nI: 0003 0001 0002 0003\nE: 0.0000001 0003 0000 1\n", 3,
            "the time is not SEC.USEC"
        ),
        (
            "E: huge value", "N: x\nI: 0003 0001 0002 0003\nE: 0.000001 0003 0000 4294967296\n", 3,
            "is not a 32-bit integer"
        ),
        (
            "E: type out of range", "N: x\nI: 0003 0001 0002 0003\nE: 0.000001 0040 0000 1\n", 3,
            "an event type from 0000 to 001f"
        ),
        (
            "E: code out of range", "N: x\nI: 0003 0001 0002 0003\nE: 0.000001 0003 0040 1\n", 3,
            "a code from 0000 to 003f"
        ),
        (
            "E: trailing garbage", "N: x\nI: 0003 0001 0002 0003\nE: 0.000001 0003 0000 1 2\n", 3,
            "found '2' after the value"
        ),
        (
            "description after events", "N: x\nI: 0003 0001 0002 0003\nE: 0.000001 0003 0000 1\nA: 00 0 1 0 0 0\n", 4,
            "description lines must come before the first event"
        ),
        ("unknown line", "N: x\nI: 0003 0001 0002 0003\nX: what\n", 3, "a line starting with 'N:'"),
        ("two names", "N: x\nN: y\n", 2, "one device name line only"),
    ]

    @Test("Malformed files give FILE:LINE: expected …", arguments: 0..<malformed.count)
    func malformedFilesSayWhereAndWhat(_ i: Int) {
        let (what, text, line, expected) = Self.malformed[i]
        do {
            _ = try EvemuParser(file: "bad.evemu").parse(text)
            Issue.record("\(what): parsed without error")
        } catch {
            #expect(error.file == "bad.evemu", "\(what)")
            #expect(error.line == line, "\(what): \(error)")
            #expect(error.expected.contains(expected), "\(what): \(error)")
            #expect(error.description.hasPrefix("bad.evemu:\(line): expected "), "\(what)")
        }
    }

    @Test func randomDamageNeverCrashes() {
        // Cut, duplicate and corrupt the valid file at random places: every result is a
        // recording or a RecordingError, never a trap.
        var rng = SystemRandomNumberGenerator()
        let lines = Self.valid.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let junk = [
            "", "E:", "A: 00", "B: ff ff", "N:", "I: ffff ffff ffff ffff", "E: 99999999999999999.1 0 0 0",
            "E: 0.1 ffff ffff -2147483648", "\u{0}\u{1}", "P: 02 00 00 00 00 00 00 00 00", "# EVEMU 9.9",
            "A: 3f -2147483648 2147483647 0 0 0", "B: 01 ff ff ff ff ff ff ff ff",
        ]
        var parsed = 0
        var rejected = 0
        for _ in 0..<2000 {
            var l = lines
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let at = Int.random(in: 0..<l.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0:
                    l.remove(at: at)
                    if l.isEmpty { l = [""] }
                case 1: l.insert(junk.randomElement(using: &rng)!, at: at)
                case 2: l[at] = String(l[at].prefix(Int.random(in: 0...max(0, l[at].count), using: &rng)))
                default: l.insert(l[Int.random(in: 0..<l.count, using: &rng)], at: at)
                }
            }
            do {
                _ = try EvemuParser(file: "f").parse(l.joined(separator: "\n"))
                parsed += 1
            } catch { rejected += 1 }
        }
        #expect(parsed + rejected == 2000)
        #expect(rejected > 0)
    }
}
