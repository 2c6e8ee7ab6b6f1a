import Evdev
import Foundation
import InputEvents
import Testing
import TextBuffers

/// Outputs captured from the real tools (evemu-record 2.7 and evtest 1.35 on one uinput
/// touchscreen, in the project's VM) reproduced from the recording alone.
@Suite("Golden output of evemu-record and evtest")
struct GoldenOutputTests {
    static func fixture(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: "Recordings/\(name)", withExtension: nil))
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test func evemuRecordOutputRoundTripsByteForByte() throws {
        let text = try Self.fixture("evemu-record-mt.evemu")
        let r = try EvemuParser(file: "evemu-record-mt.evemu").parse(text)
        var writer = EvemuWriter(naming: LibevdevNames())
        var out = TextBuffer()
        // The recording's values of the axes (all 0) and its kernel line are what was seen.
        writer.writeHeader(r.description, kernel: "6.1.0-56-amd64", dmi: nil, into: &out)
        for e in r.events { writer.write(e, into: &out) }
        let expected = text.split(separator: "\n", omittingEmptySubsequences: false)
        let got = out.string.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(got.count == expected.count)
        for (i, (a, b)) in zip(expected, got).enumerated() where a != b {
            Issue.record("line \(i + 1):\n  evemu-record: \(a)\n  touchbridge:  \(b)")
            break
        }
    }

    @Test func evtestHeaderAndEventsFromTheRecordingMatchEvtest() throws {
        let evtest = try Self.fixture("evtest-mt.txt").split(separator: "\n").map(String.init)
        let r = try EvemuParser(file: "evemu-record-mt.evemu").parse(try Self.fixture("evemu-record-mt.evemu"))
        let f = EvtestFormatter(naming: LibevdevNames())
        var out = TextBuffer()
        f.writeHeader(r.description, into: &out)
        f.writeTesting(into: &out)
        for e in r.events { f.write(e, into: &out) }
        let ours = out.string.split(separator: "\n").map(String.init)
        // Identical header; identical event lines once the clock (absolute in evtest,
        // relative in the recording) is taken out.
        let headerEnd = try #require(evtest.firstIndex(of: "Testing ... (interrupt to exit)"))
        #expect(Array(ours.prefix(headerEnd + 1)) == Array(evtest.prefix(headerEnd + 1)))
        func untimed(_ l: String) -> String {
            guard l.hasPrefix("Event: time "), let comma = l.firstIndex(of: ",") else { return l }
            return String(l[comma...])
        }
        #expect(ours.dropFirst(headerEnd + 1).map(untimed) == evtest.dropFirst(headerEnd + 1).map(untimed))
    }

    @Test func libevdevNamesAreTheKernelNames() {
        let n = LibevdevNames()
        #expect(n.codeName(type: Kernel.EV_ABS, code: Kernel.ABS_MT_SLOT) == "ABS_MT_SLOT")
        #expect(n.codeName(type: Kernel.EV_SYN, code: Kernel.SYN_DROPPED) == "SYN_DROPPED")
        #expect(n.typeName(Kernel.EV_MSC) == "EV_MSC")
        #expect(n.propertyName(Kernel.INPUT_PROP_DIRECT) == "INPUT_PROP_DIRECT")
        #expect(n.code(named: "BTN_TOUCH", type: Kernel.EV_KEY) == Kernel.BTN_TOUCH)
        #expect(n.codeName(type: Kernel.EV_ABS, code: 0x3e) == nil)
    }
}
