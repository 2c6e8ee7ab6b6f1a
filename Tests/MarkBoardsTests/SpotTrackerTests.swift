import InputEvents
import MarkBoards
import Marks
import Testing
import TouchInput

/// `spots`' contacts: each finger down shown where it maps until it lifts, a pen's tip as a dot
/// sized by its pressure, its hover as an outline.
struct SpotTrackerTests {
    let axis = AbsInfo(minimum: 0, maximum: 999)
    var description: DeviceDescription {
        DeviceDescription(
            name: "pen panel", id: InputID(bustype: 3, vendor: 1, product: 2, version: 1),
            absInfo: [Kernel.ABS_X: axis, Kernel.ABS_Y: axis, Kernel.ABS_PRESSURE: AbsInfo(minimum: 0, maximum: 4095)])
    }
    var mapper: ScreenMapper { ScreenMapper(x: axis, y: axis, width: 1000, height: 500) }
    let time = EventTime(seconds: 1, microseconds: 0)

    func contact(_ id: UInt64, slot: Int, _ phase: ContactPhase, x: Double, y: Double, pressure: Int32? = nil)
        -> Contact
    {
        let p = DevicePoint(x: x, y: y)
        return Contact(
            id: id, slot: slot, trackingID: Int32(id), phase: phase, position: p, previousPosition: p,
            pressure: pressure,
            time: time)
    }

    @Test func fingersAreShownWhereTheyMapUntilTheyLift() {
        var t = SpotTracker(mapper: mapper, description: description)
        let changed1 = t.take(ContactFrame(time: time, contacts: [contact(7, slot: 0, .began, x: 500, y: 500)]))
        #expect(changed1)
        let changed2 = t.take(ContactFrame(time: time, contacts: [contact(8, slot: 1, .began, x: 100, y: 900)]))
        #expect(changed2)
        let shown = t.shown
        #expect(shown.map(\.identifier) == [0, 1])
        #expect(abs(shown[0].point.x - 500) < 1, "\(shown[0].point)")
        #expect(abs(shown[0].point.y - 250) < 1, "\(shown[0].point)")
        #expect(shown.allSatisfy { $0.kind == .finger })
        let changed3 = t.take(ContactFrame(time: time, contacts: [contact(7, slot: 0, .ended, x: 500, y: 500)]))
        #expect(changed3)
        #expect(t.shown.map(\.identifier) == [1])
    }

    @Test func aPensTipIsADotOfItsPressureAndItsHoverAnOutline() {
        var t = SpotTracker(mapper: mapper, description: description)
        let hover = PenHover(phase: .began, position: DevicePoint(x: 200, y: 200))
        let changed4 = t.take(ContactFrame(time: time, contacts: [], hover: hover, pen: PenState()))
        #expect(changed4)
        #expect(t.shown.map(\.kind) == [.hover])
        let tip = contact(1, slot: 0, .began, x: 200, y: 200, pressure: 4095)
        let gone = PenHover(phase: .ended, position: DevicePoint(x: 200, y: 200))
        let changed5 = t.take(ContactFrame(time: time, contacts: [tip], hover: gone, pen: PenState()))
        #expect(changed5)
        #expect(t.shown.map(\.kind) == [.pen(pressure: 1)])
    }
}
