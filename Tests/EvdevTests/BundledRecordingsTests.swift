import Evdev
import Foundation
import InputEvents
import Testing
import TextBuffers

/// The sample recordings shipped in Resources/recordings (made with `touchbridge record` on
/// uinput devices): they must stay readable and say what their names promise.
@Suite("Bundled recordings")
struct BundledRecordingsTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Resources/recordings").standardized

    static func load(_ name: String) throws -> Recording {
        let path = folder.appendingPathComponent(name).path
        return try EvemuParser(file: path).parse(try String(contentsOfFile: path, encoding: .utf8))
    }

    @Test(arguments: ["tap.evemu", "two-finger-pinch.evemu", "single-touch-drag.evemu", "protocol-a-two-fingers.evemu"])
    func parsesAndDumps(_ name: String) throws {
        let r = try Self.load(name)
        #expect(r.formatVersion == (1, 3))
        #expect(r.events.last?.isReport == true, "\(name) ends on a complete frame")
        var out = TextBuffer()
        let f = EvtestFormatter(naming: LibevdevNames())
        f.writeHeader(r.description, into: &out)
        for e in r.events { f.write(e, into: &out) }
        #expect(!out.string.contains("(?)"), "every code in \(name) has a libevdev name")
    }

    /// A real panel's public recording (evemu 1.3 of 2017, values written zero-padded: `0404`, `-001`).
    @Test func aPublicRecordingOfARealPanelReadsAsRecorded() throws {
        let r = try Self.load("public/EP0430M09.2-fingers-touch-release.evemu")
        #expect(r.description.name == "EP0430M09")
        #expect(r.description.slotCount == 5)
        #expect(r.description.absInfo[Kernel.ABS_MT_POSITION_X]?.maximum == 1279)
        #expect(r.description.absInfo[Kernel.ABS_MT_POSITION_X]?.resolution == 0)
        let ids = r.events.filter { $0.type == Kernel.EV_ABS && $0.code == Kernel.ABS_MT_TRACKING_ID }.map(\.value)
        #expect(ids == [1, 2, -1, -1])
        let xs = r.events.filter { $0.type == Kernel.EV_ABS && $0.code == Kernel.ABS_MT_POSITION_X }.map(\.value)
        #expect(xs == [404, 933, 403, 402, 401, 934])
        #expect(r.events.filter(\.isReport).count == 14)
    }

    @Test func pinchUsesTwoSlotsOfATenSlotPanel() throws {
        let r = try Self.load("two-finger-pinch.evemu")
        #expect(r.description.slotCount == 10)
        let ids = r.events.filter { $0.type == Kernel.EV_ABS && $0.code == Kernel.ABS_MT_TRACKING_ID }.map(\.value)
        #expect(ids == [10, 11, -1, -1])
    }

    @Test func singleTouchPanelHasNoMultitouchAxes() throws {
        let d = try Self.load("single-touch-drag.evemu").description
        #expect(d.slotCount == nil)
        #expect(!d.has(type: Kernel.EV_ABS, code: Kernel.ABS_MT_POSITION_X))
        #expect(d.has(type: Kernel.EV_KEY, code: Kernel.BTN_TOUCH))
    }

    @Test func protocolAPanelReportsContactGroups() throws {
        let r = try Self.load("protocol-a-two-fingers.evemu")
        #expect(r.description.slotCount == nil)
        #expect(r.events.contains { $0.type == Kernel.EV_SYN && $0.code == Kernel.SYN_MT_REPORT })
    }
}
