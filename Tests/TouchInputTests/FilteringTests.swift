import InputEvents
import Testing
import TouchInput

/// Contact processing after tracking: the jitter filter (libinput's hysteresis) and masks.
@Suite("Jitter filter and masks")
struct FilteringTests {
    func contact(_ id: UInt64, _ phase: ContactPhase, _ x: Double, _ y: Double) -> Contact {
        Contact(
            id: id, slot: 0, trackingID: Int32(id), phase: phase, position: DevicePoint(x: x, y: y),
            previousPosition: DevicePoint(x: x, y: y), time: EventTime(seconds: 0, microseconds: 0))
    }

    func p(_ x: Double, _ y: Double) -> DevicePoint { DevicePoint(x: x, y: y) }

    /// libinput's elliptical hysteresis, by hand: inside the ellipse the centre stays; beyond
    /// it the result is a margin behind the input on the line from the centre, truncated.
    @Test func hysteresisIsAnEllipseThatDragsItsCentreAMarginBehind() {
        let m = (x: 4.0, y: 4.0)
        let c = p(100, 100)
        #expect(JitterFilter.hysteresis(p(102, 97), centre: c, margin: m) == c, "4/16 + 9/16 < 1: inside")
        #expect(
            JitterFilter.hysteresis(p(103, 97), centre: c, margin: m) == p(100, 99),
            "a diagonal of 3,3 is outside a circle of 4: 103 - 2.83 → 100, 97 + 2.83 → 99 (truncated)")
        #expect(JitterFilter.hysteresis(p(110, 100), centre: c, margin: m) == p(106, 100))
        #expect(JitterFilter.hysteresis(p(100, 90), centre: c, margin: m) == p(100, 94), "straight up: no x lag")
        #expect(
            JitterFilter.hysteresis(p(100, 120), centre: c, margin: (8, 2)) == p(100, 118),
            "the ellipse's own radius on y")
        #expect(
            JitterFilter.hysteresis(p(101, 100), centre: c, margin: (4, 0)) == p(101, 100), "a zero radius: no filter")
    }

    /// What libinput leaves in the slot: a filtered frame puts the centre into the slot's
    /// point, and an axis with no event in the next frame keeps that value; a frame that
    /// passes reports the slot's point before the filter, and the centre moves.
    @Test func aFilteredFrameLeavesTheCentreInTheSlotAndAPassingOneReportsThePointBeforeTheFilter() {
        var f = JitterFilter(fuzz: (x: 8, y: 9))
        #expect(f.margin.x == 4, "half the fuzz, in whole units")
        #expect(f.margin.y == 4, "half the fuzz, in whole units")
        #expect(f.filter(contact(1, .began, 100, 100)) == p(100, 100))
        #expect(f.filter(contact(1, .moved, 102, 97)) == nil, "inside the ellipse: no motion")
        #expect(
            f.filter(contact(1, .moved, 102, 110)) == p(100, 110),
            "only y had an event: x is the slot's filtered 100, not the finger's 102")
        #expect(f.filter(contact(1, .moved, 103, 110)) == nil, "x 103 against the centre 100,106: inside")
        #expect(f.filter(contact(1, .stationary, 103, 110)) == nil, "no event: no motion")
        #expect(f.filter(contact(1, .moved, 103, 120)) == p(100, 120), "the slot kept the centre's x again")
        #expect(f.filter(contact(1, .ended, 103, 120)) == p(100, 120), "it ends where it was last reported")
        #expect(f.filter(contact(2, .moved, 50, 50)) == p(50, 50), "a contact it never saw begin passes")
    }

    @Test func theSettingIsLibinputsFuzzFilterUnlessTheUserSaysOtherwise() {
        let mt = multitouch(fuzz: 8)
        #expect(JitterSetting.choose(for: mt, udevFuzz: [:], millimetres: nil) == .fuzz(x: 8, y: 8, fromUdev: false))
        #expect(
            JitterSetting.choose(
                for: mt, udevFuzz: [Kernel.ABS_MT_POSITION_X: 12, Kernel.ABS_MT_POSITION_Y: 6], millimetres: nil)
                == .fuzz(x: 12, y: 6, fromUdev: true), "libinput's rule moved the fuzz into udev")
        #expect(JitterSetting.choose(for: multitouch(fuzz: 0), udevFuzz: [:], millimetres: nil) == .off("no fuzz"))
        #expect(
            JitterSetting.choose(for: multitouch(fuzz: 1), udevFuzz: [:], millimetres: nil)
                == .off("fuzz 1,1: a margin of 0 on an axis"))
        #expect(
            JitterSetting.choose(for: mt, udevFuzz: [:], millimetres: 0.5) == .millimetres(0.5),
            "the user's margin replaces it")
        #expect(JitterSetting.choose(for: mt, udevFuzz: [:], millimetres: 0) == .off("0 mm asked"))
        #expect(
            JitterSetting.choose(for: axes(resolution: 10), udevFuzz: [:], millimetres: nil)
                == .off("single touch: libinput filters multitouch slots only"))
        let mapper = ScreenMapper(device: mt, screen: (800, 480))!
        #expect(
            JitterSetting.fuzz(x: 8, y: 8, fromUdev: true).summary(mapper: mapper)
                == "libinput's fuzz filter (fuzz 8,8 from LIBINPUT_FUZZ, margin 4x4 units)")
        #expect(JitterSetting.millimetres(0.5).summary(mapper: mapper) == "hysteresis 0.5 mm (margin 5x5 units)")
    }

    /// A 10-slot protocol B panel of 8000 × 4800 units (10 a millimetre) with `fuzz` on its positions.
    func multitouch(fuzz: Int32) -> DeviceDescription {
        let x = AbsInfo(minimum: 0, maximum: 7999, fuzz: fuzz, resolution: 10)
        let y = AbsInfo(minimum: 0, maximum: 4799, fuzz: fuzz, resolution: 10)
        let abs: [UInt16] = [
            Kernel.ABS_X, Kernel.ABS_Y, Kernel.ABS_MT_SLOT, Kernel.ABS_MT_POSITION_X, Kernel.ABS_MT_POSITION_Y,
            Kernel.ABS_MT_TRACKING_ID,
        ]
        return DeviceDescription(
            name: "mt", id: InputID(bustype: 3, vendor: 1, product: 2, version: 1),
            properties: BitSet([Kernel.INPUT_PROP_DIRECT]),
            codes: [Kernel.EV_KEY: BitSet([Kernel.BTN_TOUCH]), Kernel.EV_ABS: BitSet(abs)],
            absInfo: [
                Kernel.ABS_X: x, Kernel.ABS_Y: y, Kernel.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 9),
                Kernel.ABS_MT_POSITION_X: x, Kernel.ABS_MT_POSITION_Y: y,
                Kernel.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
            ])
    }

    @Test func noMarginIsNoFilter() {
        var f = JitterFilter(millimetres: 0, mapper: ScreenMapper(device: axes(resolution: 10), screen: (800, 480))!)
        #expect(f.filter(contact(1, .began, 100, 100)) == DevicePoint(x: 100, y: 100))
        #expect(f.filter(contact(1, .moved, 100.5, 100)) == DevicePoint(x: 100.5, y: 100))
        #expect(!f.isActive)
    }

    @Test func millimetresBecomeDeviceUnitsByResolutionElseAt96DPI() {
        let withResolution = JitterFilter(
            millimetres: 0.5, mapper: ScreenMapper(device: axes(resolution: 10), screen: (800, 480))!)
        #expect(withResolution.margin.x == 5)
        #expect(withResolution.margin.y == 5)
        // 8000 units across 800 points: 10 units a point; 96 dpi is 3.78 points a millimetre.
        let without = JitterFilter(
            millimetres: 1, mapper: ScreenMapper(device: axes(resolution: 0), screen: (800, 480))!)
        #expect(without.margin.x == (96 / 25.4 * 10).rounded(), "in whole units, as libinput's")
    }

    @Test func masksTakeContactsBeginningInsideMinEdgesInMaxEdgesOut() {
        let m = ContactMasks([.init(x: 0, y: 0, width: 60, height: 60), .init(x: 800, y: 480, width: -40, height: -40)])
        #expect(m.masks(ScreenPoint(x: 0, y: 0)))
        #expect(m.masks(ScreenPoint(x: 59.9, y: 10)))
        #expect(!m.masks(ScreenPoint(x: 60, y: 10)))
        #expect(m.masks(ScreenPoint(x: 770, y: 450)), "a negative size extends the other way")
        #expect(!m.masks(ScreenPoint(x: 800, y: 470)))
        #expect(!ContactMasks().masks(ScreenPoint(x: 0, y: 0)))
    }

    /// A single-touch panel of 8000 × 4800 units with the given resolution.
    func axes(resolution: Int32) -> DeviceDescription {
        let x = AbsInfo(minimum: 0, maximum: 7999, resolution: resolution)
        let y = AbsInfo(minimum: 0, maximum: 4799, resolution: resolution)
        return DeviceDescription(
            name: "p", id: InputID(bustype: 3, vendor: 1, product: 1, version: 1),
            properties: BitSet([Kernel.INPUT_PROP_DIRECT]),
            codes: [Kernel.EV_KEY: BitSet([Kernel.BTN_TOUCH]), Kernel.EV_ABS: BitSet([Kernel.ABS_X, Kernel.ABS_Y])],
            absInfo: [Kernel.ABS_X: x, Kernel.ABS_Y: y])
    }
}
