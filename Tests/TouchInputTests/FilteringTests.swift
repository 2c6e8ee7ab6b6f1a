import InputEvents
import Testing
import TouchInput

/// Contact processing after tracking: the jitter filter (libinput's hysteresis) and masks.
@Suite("Jitter filter and masks")
struct FilteringTests {
    func contact(_ id: UInt64, _ phase: ContactPhase, _ x: Double, _ y: Double) -> Contact {
        Contact(id: id, slot: 0, trackingID: Int32(id), phase: phase, position: DevicePoint(x: x, y: y),
                previousPosition: DevicePoint(x: x, y: y), time: EventTime(seconds: 0, microseconds: 0))
    }

    @Test func hysteresisKeepsARestingFingerStillAndFollowsAMovingOneAMarginBehind() {
        #expect(JitterFilter.hysteresis(100.4, 100, 0.5) == 100)
        #expect(JitterFilter.hysteresis(99.6, 100, 0.5) == 100)
        #expect(JitterFilter.hysteresis(103, 100, 0.5) == 102.5)
        #expect(JitterFilter.hysteresis(97, 100, 0.5) == 97.5)
    }

    @Test func aContactWithinTheMarginDoesNotMoveAndItsEndIsWhereItStayed() {
        var f = JitterFilter(margin: (x: 4, y: 4))
        #expect(f.filter(contact(1, .began, 100, 100)) == DevicePoint(x: 100, y: 100))
        #expect(f.filter(contact(1, .moved, 103, 97)) == nil, "within the margin: no motion")
        #expect(f.filter(contact(1, .moved, 110, 100)) == DevicePoint(x: 106, y: 100), "beyond: the margin behind")
        #expect(f.filter(contact(1, .moved, 108, 101)) == nil)
        #expect(f.filter(contact(1, .ended, 109, 102)) == DevicePoint(x: 106, y: 100), "it ends where it was reported")
        #expect(f.filter(contact(2, .moved, 50, 50)) == DevicePoint(x: 50, y: 50), "a contact it never saw begin passes")
    }

    @Test func noMarginIsNoFilter() {
        var f = JitterFilter(millimetres: 0, mapper: ScreenMapper(device: axes(resolution: 10), screen: (800, 480))!)
        #expect(f.filter(contact(1, .began, 100, 100)) == DevicePoint(x: 100, y: 100))
        #expect(f.filter(contact(1, .moved, 100.5, 100)) == DevicePoint(x: 100.5, y: 100))
    }

    @Test func millimetresBecomeDeviceUnitsByResolutionElseAt96DPI() {
        let withResolution = JitterFilter(millimetres: 0.5, mapper: ScreenMapper(device: axes(resolution: 10), screen: (800, 480))!)
        #expect(withResolution.margin.x == 5 && withResolution.margin.y == 5)
        // 8000 units across 800 points: 10 units a point; 96 dpi is 3.78 points a millimetre.
        let without = JitterFilter(millimetres: 1, mapper: ScreenMapper(device: axes(resolution: 0), screen: (800, 480))!)
        #expect(abs(without.margin.x - 96 / 25.4 * 10) < 1e-9)
    }

    @Test func masksTakeContactsBeginningInsideMinEdgesInMaxEdgesOut() {
        let m = ContactMasks([.init(x: 0, y: 0, width: 60, height: 60), .init(x: 800, y: 480, width: -40, height: -40)])
        #expect(m.masks(DevicePoint(x: 0, y: 0)) && m.masks(DevicePoint(x: 59.9, y: 10)))
        #expect(!m.masks(DevicePoint(x: 60, y: 10)))
        #expect(m.masks(DevicePoint(x: 770, y: 450)), "a negative size extends the other way")
        #expect(!m.masks(DevicePoint(x: 800, y: 470)))
        #expect(!ContactMasks().masks(DevicePoint(x: 0, y: 0)))
    }

    /// A single-touch panel of 8000 × 4800 units with the given resolution.
    func axes(resolution: Int32) -> DeviceDescription {
        let x = AbsInfo(minimum: 0, maximum: 7999, resolution: resolution), y = AbsInfo(minimum: 0, maximum: 4799, resolution: resolution)
        return DeviceDescription(name: "p", id: InputID(bustype: 3, vendor: 1, product: 1, version: 1),
                                 properties: BitSet([Kernel.INPUT_PROP_DIRECT]),
                                 codes: [Kernel.EV_KEY: BitSet([Kernel.BTN_TOUCH]), Kernel.EV_ABS: BitSet([Kernel.ABS_X, Kernel.ABS_Y])],
                                 absInfo: [Kernel.ABS_X: x, Kernel.ABS_Y: y])
    }
}
