import InputEvents
import Testing

@testable import TouchInput

@Suite("Single touch and protocol A")
struct OtherProtocolsTests {
    @Test func btnTouchBeforeTheAxesOfItsFrame() {
        var f = Feed(Panels.single())
        #expect(f.tracker.touchProtocol == .single)
        let down = f.frame([(1, k.BTN_TOUCH, 1), (3, k.ABS_X, 1000), (3, k.ABS_Y, 2000), (3, k.ABS_PRESSURE, 50)])
        #expect(phases(down) == ["1:began"])
        #expect(down[0].position == p(1000, 2000))
        #expect(down[0].slot == -1)
        #expect(down[0].pressure == 50)
        #expect(phases(f.frame([(3, k.ABS_X, 1010)])) == ["1:moved"])
        #expect(f.frame([(3, k.ABS_PRESSURE, 60)]).isEmpty)
        let up = f.frame([(1, k.BTN_TOUCH, 0), (3, k.ABS_X, 1020)])
        #expect(phases(up) == ["1:ended"])
        #expect(up[0].position == p(1020, 2000))
        #expect(up[0].previousPosition == p(1010, 2000))
        #expect(f.frame([(3, k.ABS_X, 5)]).isEmpty, "hovering coordinates are not touches")
    }

    @Test func singleTouchDownAtOpenAndUnplug() {
        var f = Feed(Panels.single())
        let opened = f.tracker.open(at: EventTime(seconds: 1, microseconds: 0), touching: true, x: 300, y: 400)
        #expect(opened.contacts.first?.isInitial == true)
        #expect(opened.contacts.first?.position == p(300, 400))
        #expect(phases(f.tracker.cancelAll(at: EventTime(seconds: 2, microseconds: 0)).contacts) == ["1:cancelled"])
    }

    @Test func fakeMultitouchDevicesAreSingleTouch() {
        var d = Panels.single()
        d.codes[k.EV_ABS]!.insert(k.ABS_MT_SLOT)
        d.codes[k.EV_ABS]!.insert(k.ABS_MT_SLOT - 1)
        d.codes[k.EV_ABS]!.insert(k.ABS_MT_POSITION_X)
        d.codes[k.EV_ABS]!.insert(k.ABS_MT_POSITION_Y)
        d.absInfo[k.ABS_MT_SLOT] = AbsInfo(minimum: 0, maximum: 9)
        #expect(ContactTracker(description: d, ids: ContactIDs()).touchProtocol == .single)
        var noRange = Panels.multitouch()
        noRange.absInfo[k.ABS_MT_SLOT] = AbsInfo(minimum: 0, maximum: -1)
        #expect(TouchProtocol(noRange) == .single)
    }

    @Test func protocolAMatchesNearestNeighboursAndEndsOnAnEmptyFrame() {
        var f = Feed(Panels.protocolA())
        #expect(f.tracker.touchProtocol == .groups)
        let two = f.frame([
            (3, k.ABS_MT_POSITION_X, 100), (3, k.ABS_MT_POSITION_Y, 100), (0, k.SYN_MT_REPORT, 0),
            (3, k.ABS_MT_POSITION_X, 800), (3, k.ABS_MT_POSITION_Y, 600), (0, k.SYN_MT_REPORT, 0),
        ])
        #expect(phases(two) == ["1:began", "2:began"])
        // Reported in the other order: identity follows position, not order.
        let swapped = f.frame([
            (3, k.ABS_MT_POSITION_X, 805), (3, k.ABS_MT_POSITION_Y, 600), (0, k.SYN_MT_REPORT, 0),
            (3, k.ABS_MT_POSITION_X, 100), (3, k.ABS_MT_POSITION_Y, 100), (0, k.SYN_MT_REPORT, 0),
        ])
        #expect(phases(swapped) == ["1:stationary", "2:moved"])
        let one = f.frame([(3, k.ABS_MT_POSITION_X, 110), (3, k.ABS_MT_POSITION_Y, 101), (0, k.SYN_MT_REPORT, 0)])
        #expect(phases(one) == ["1:moved", "2:ended"])
        #expect(one[0].position == p(110, 100), "y moved by 1, under mtdev's fuzz of 1023/250: it stays")
        #expect(phases(f.frame([(0, k.SYN_MT_REPORT, 0), (1, k.BTN_TOUCH, 0)])) == ["1:ended"])
    }

    @Test func protocolAPositionsAreDefuzzedLikeMtdev() {
        var f = Feed(Panels.protocolA())  // 0…1023: fuzz 4
        f.frame([(3, k.ABS_MT_POSITION_X, 500), (3, k.ABS_MT_POSITION_Y, 500), (0, k.SYN_MT_REPORT, 0)])
        #expect(
            f.frame([(3, k.ABS_MT_POSITION_X, 501), (3, k.ABS_MT_POSITION_Y, 500), (0, k.SYN_MT_REPORT, 0)]).isEmpty,
            "under fuzz/2: no motion")
        #expect(
            f.frame([(3, k.ABS_MT_POSITION_X, 503), (3, k.ABS_MT_POSITION_Y, 500), (0, k.SYN_MT_REPORT, 0)]).isEmpty,
            "under fuzz: damped to (3·500 + 503)/4 = 500, still no motion")
        #expect(
            f.frame([(3, k.ABS_MT_POSITION_X, 506), (3, k.ABS_MT_POSITION_Y, 500), (0, k.SYN_MT_REPORT, 0)]).first?
                .position == p(503, 500), "under 2·fuzz: halfway")
        #expect(
            f.frame([(3, k.ABS_MT_POSITION_X, 600), (3, k.ABS_MT_POSITION_Y, 500), (0, k.SYN_MT_REPORT, 0)]).first?
                .position == p(600, 500))
    }

    @Test func protocolAWithTrackingIDsMatchesByID() {
        var f = Feed(Panels.protocolA(trackingIDs: true))
        f.frame([
            (3, k.ABS_MT_TRACKING_ID, 7), (3, k.ABS_MT_POSITION_X, 100), (3, k.ABS_MT_POSITION_Y, 100),
            (0, k.SYN_MT_REPORT, 0),
            (3, k.ABS_MT_TRACKING_ID, 8), (3, k.ABS_MT_POSITION_X, 120), (3, k.ABS_MT_POSITION_Y, 100),
            (0, k.SYN_MT_REPORT, 0),
        ])
        // The fingers cross: nearest-neighbour would swap them, the ids do not.
        let crossed = f.frame([
            (3, k.ABS_MT_TRACKING_ID, 8), (3, k.ABS_MT_POSITION_X, 101), (3, k.ABS_MT_POSITION_Y, 100),
            (0, k.SYN_MT_REPORT, 0),
            (3, k.ABS_MT_TRACKING_ID, 7), (3, k.ABS_MT_POSITION_X, 119), (3, k.ABS_MT_POSITION_Y, 100),
            (0, k.SYN_MT_REPORT, 0),
        ])
        #expect(crossed.map { "\($0.id):\($0.trackingID):\(Int($0.position.x))" } == ["1:7:119", "2:8:101"])
    }
}
