import InputEvents
import Testing

@testable import TouchInput

@Suite("Protocol B slots")
struct SlotTrackerTests {
    @Test func twoFingersDownMoveAndUp() {
        var f = Feed(Panels.multitouch())
        #expect(f.tracker.touchProtocol == .slots(10))
        let down = f.frame([
            (3, k.ABS_MT_TRACKING_ID, 5), (3, k.ABS_MT_POSITION_X, 100), (3, k.ABS_MT_POSITION_Y, 200),
            (3, k.ABS_MT_PRESSURE, 30), (1, k.BTN_TOUCH, 1),
        ])
        #expect(phases(down) == ["1:began"])
        #expect(down[0].position == p(100, 200))
        #expect(down[0].previousPosition == p(100, 200))
        #expect(down[0].slot == 0)
        #expect(down[0].trackingID == 5)
        #expect(down[0].pressure == 30)
        #expect(down[0].toolType == nil)
        let second = f.frame([
            (3, k.ABS_MT_SLOT, 1), (3, k.ABS_MT_TRACKING_ID, 6), (3, k.ABS_MT_POSITION_X, 300),
            (3, k.ABS_MT_POSITION_Y, 400),
        ])
        #expect(phases(second) == ["1:stationary", "2:began"])
        let move = f.frame([(3, k.ABS_MT_POSITION_X, 310)])
        #expect(phases(move) == ["1:stationary", "2:moved"])
        #expect(move[1].previousPosition == p(300, 400))
        #expect(move[1].position == p(310, 400))
        let up = f.frame([
            (3, k.ABS_MT_TRACKING_ID, -1), (3, k.ABS_MT_SLOT, 0), (3, k.ABS_MT_TRACKING_ID, -1), (1, k.BTN_TOUCH, 0),
        ])
        #expect(phases(up) == ["1:ended", "2:ended"])
        #expect(up[1].position == p(310, 400))
        #expect(up[1].previousPosition == p(310, 400))
    }

    @Test func newTrackingIDOnAnActiveSlotIsADriverBugAndTheContactContinues() {
        var f = Feed(Panels.multitouch())
        f.frame([(3, k.ABS_MT_TRACKING_ID, 5), (3, k.ABS_MT_POSITION_X, 10)])
        #expect(phases(f.frame([(3, k.ABS_MT_TRACKING_ID, 9), (3, k.ABS_MT_POSITION_X, 20)])) == ["1:moved"])
        #expect(f.warnings == [.doubleTrackingID(slot: 0, id: 9)])
        #expect(phases(f.frame([(3, k.ABS_MT_TRACKING_ID, -1)])) == ["1:ended"])
    }

    @Test func duplicateDownAndDuplicateUpGiveOneBeganAndOneEnded() {
        var f = Feed(Panels.multitouch())
        #expect(phases(f.frame([(3, k.ABS_MT_TRACKING_ID, 5), (3, k.ABS_MT_TRACKING_ID, 5)])) == ["1:began"])
        #expect(f.frame([(3, k.ABS_MT_TRACKING_ID, 5)]).isEmpty)
        #expect(phases(f.frame([(3, k.ABS_MT_TRACKING_ID, -1), (3, k.ABS_MT_TRACKING_ID, -1)])) == ["1:ended"])
        #expect(f.frame([(3, k.ABS_MT_TRACKING_ID, -1)]).isEmpty)
    }

    @Test func slotIndexOutOfRangeIsIgnoredWithAWarning() {
        var f = Feed(Panels.multitouch(slots: 10))
        #expect(f.frame([(3, k.ABS_MT_SLOT, 12), (3, k.ABS_MT_TRACKING_ID, 3), (3, k.ABS_MT_POSITION_X, 50)]).isEmpty)
        #expect(f.warnings == [.slotOutOfRange(12)])
        #expect(
            phases(
                f.frame([
                    (3, k.ABS_MT_SLOT, -1), (3, k.ABS_MT_TRACKING_ID, 4), (3, k.ABS_MT_SLOT, 9),
                    (3, k.ABS_MT_TRACKING_ID, 5),
                ]))
                == ["1:began"])
        #expect(f.frames.last?.contacts.first?.slot == 9)
    }

    @Test func motionWithoutPositionChangeIsNoMotion() {
        var f = Feed(Panels.multitouch())
        f.frame([(3, k.ABS_MT_TRACKING_ID, 1), (3, k.ABS_MT_POSITION_X, 10), (3, k.ABS_MT_POSITION_Y, 10)])
        #expect(f.frame([(3, k.ABS_MT_POSITION_X, 10), (3, k.ABS_MT_POSITION_Y, 10)]).isEmpty)
        #expect(f.frame([(3, k.ABS_MT_PRESSURE, 99)]).isEmpty, "axis-only changes ride along with the next motion")
        let moved = f.frame([(3, k.ABS_MT_POSITION_X, 11)])
        #expect(phases(moved) == ["1:moved"])
        #expect(moved[0].pressure == 99)
    }

    @Test func tenContactsAndSlotReuseInOneFrame() {
        var f = Feed(Panels.multitouch())
        var down: [(UInt16, UInt16, Int32)] = []
        for s in 0..<10 {
            down += [
                (3, k.ABS_MT_SLOT, Int32(s)), (3, k.ABS_MT_TRACKING_ID, Int32(100 + s)),
                (3, k.ABS_MT_POSITION_X, Int32(s * 10)),
            ]
        }
        #expect(f.frame(down).map(\.phase) == Array(repeating: .began, count: 10))
        // Slot 3 lifts and a new finger takes it in the same frame: two contacts, two ids.
        let reuse = f.frame([
            (3, k.ABS_MT_SLOT, 3), (3, k.ABS_MT_TRACKING_ID, -1), (3, k.ABS_MT_TRACKING_ID, 200),
            (3, k.ABS_MT_POSITION_X, 999),
        ])
        let slot3 = reuse.filter { $0.slot == 3 }
        #expect(phases(slot3) == ["4:ended", "11:began"])
        #expect(slot3[1].position.x == 999)
        #expect(slot3[1].trackingID == 200)
        #expect(reuse.filter { $0.phase == .stationary }.count == 9)
    }

    @Test func deviceWithMoreThan32Slots() {
        var f = Feed(Panels.multitouch(slots: 60))
        #expect(f.tracker.touchProtocol == .slots(60))
        let c = f.frame([(3, k.ABS_MT_SLOT, 45), (3, k.ABS_MT_TRACKING_ID, 1), (3, k.ABS_MT_POSITION_X, 7)])
        #expect(c.first?.slot == 45)
        #expect(c.first?.phase == .began)
    }

    @Test func synDroppedResyncCancelsWhatVanishedInTheGap() {
        var f = Feed(Panels.multitouch())
        f.frame([
            (3, k.ABS_MT_TRACKING_ID, 1), (3, k.ABS_MT_POSITION_X, 10), (3, k.ABS_MT_SLOT, 1),
            (3, k.ABS_MT_TRACKING_ID, 2), (3, k.ABS_MT_POSITION_X, 20), (3, k.ABS_MT_SLOT, 2),
            (3, k.ABS_MT_TRACKING_ID, 3), (3, k.ABS_MT_POSITION_X, 30),
        ])
        f.event(k.EV_SYN, k.SYN_DROPPED, 0, sync: true)
        // libevdev's resync: slot 0 got a new finger, slot 1 lifted, slot 2 moved.
        let resync = f.frame(
            [
                (3, k.ABS_MT_SLOT, 0), (3, k.ABS_MT_TRACKING_ID, 7), (3, k.ABS_MT_POSITION_X, 11),
                (3, k.ABS_MT_SLOT, 1), (3, k.ABS_MT_TRACKING_ID, -1),
                (3, k.ABS_MT_SLOT, 2), (3, k.ABS_MT_POSITION_X, 33),
            ], sync: true)
        #expect(phases(resync) == ["1:cancelled", "4:began", "2:cancelled", "3:moved"])
        #expect(f.warnings.contains(.eventsDropped))
        // After the resync the old rules apply again.
        #expect(
            phases(f.frame([(3, k.ABS_MT_SLOT, 2), (3, k.ABS_MT_TRACKING_ID, -1)])) == ["4:stationary", "3:ended"])
    }

    @Test func anEmptyResyncLosesNothingAfterIt() {
        var f = Feed(Panels.multitouch())
        f.frame([(3, k.ABS_MT_TRACKING_ID, 1), (3, k.ABS_MT_POSITION_X, 10)])
        f.event(k.EV_SYN, k.SYN_DROPPED, 0, sync: true)  // libevdev found nothing to resync
        #expect(phases(f.frame([(3, k.ABS_MT_POSITION_X, 12)])) == ["1:moved"])
    }

    @Test func rawSynDroppedDiscardsUntilTheNextReport() {
        var f = Feed(Panels.multitouch())
        f.frame([(3, k.ABS_MT_TRACKING_ID, 1), (3, k.ABS_MT_POSITION_X, 10)])
        f.event(k.EV_SYN, k.SYN_DROPPED, 0)
        #expect(f.frame([(3, k.ABS_MT_POSITION_X, 500)]).isEmpty, "a partial frame after SYN_DROPPED is dropped")
        #expect(phases(f.frame([(3, k.ABS_MT_POSITION_X, 12)])) == ["1:moved"])
    }

    @Test func touchesDownAtOpenBeginAtOpenMarkedInitial() {
        var f = Feed(Panels.multitouch())
        let opened = f.tracker.open(
            at: EventTime(seconds: 5, microseconds: 0),
            slots: [.init(slot: 2, trackingID: 40, x: 70, y: 80), .init(slot: 3, trackingID: -1, x: 0, y: 0)])
        #expect(opened.contacts.count == 1)
        #expect(opened.contacts[0].isInitial)
        #expect(opened.contacts[0].phase == .began)
        #expect(opened.contacts[0].slot == 2)
        #expect(opened.contacts[0].position == p(70, 80))
        let next = f.frame([(3, k.ABS_MT_SLOT, 2), (3, k.ABS_MT_POSITION_X, 71)])
        #expect(phases(next) == ["1:moved"])
        #expect(!next[0].isInitial)
    }

    @Test func aPalmIsCancelledAndAContactThatStartsAsPalmIsNeverReported() {
        var f = Feed(Panels.multitouch(palm: true))
        f.frame([(3, k.ABS_MT_TRACKING_ID, 1), (3, k.ABS_MT_POSITION_X, 10)])
        #expect(
            phases(f.frame([(3, k.ABS_MT_TOOL_TYPE, k.MT_TOOL_PALM), (3, k.ABS_MT_POSITION_X, 12)])) == ["1:cancelled"])
        #expect(f.frame([(3, k.ABS_MT_POSITION_X, 30)]).isEmpty)
        #expect(
            f.frame([(3, k.ABS_MT_TOOL_TYPE, k.MT_TOOL_FINGER)]).isEmpty, "a cancelled palm stays silent until lifted")
        #expect(f.frame([(3, k.ABS_MT_TRACKING_ID, -1)]).isEmpty)
        #expect(
            f.frame([(3, k.ABS_MT_SLOT, 1), (3, k.ABS_MT_TOOL_TYPE, k.MT_TOOL_PALM), (3, k.ABS_MT_TRACKING_ID, 2)])
                .isEmpty)
        #expect(f.frame([(3, k.ABS_MT_POSITION_X, 5)]).isEmpty)
        #expect(f.frame([(3, k.ABS_MT_TRACKING_ID, -1)]).isEmpty)
        #expect(
            phases(f.frame([(3, k.ABS_MT_TOOL_TYPE, k.MT_TOOL_FINGER), (3, k.ABS_MT_TRACKING_ID, 3)])) == ["2:began"])
    }

    @Test func unplugCancelsEveryActiveContactOnce() {
        var f = Feed(Panels.multitouch())
        f.frame([(3, k.ABS_MT_TRACKING_ID, 1), (3, k.ABS_MT_SLOT, 4), (3, k.ABS_MT_TRACKING_ID, 2)])
        let gone = f.tracker.cancelAll(at: EventTime(seconds: 9, microseconds: 0))
        #expect(phases(gone.contacts) == ["1:cancelled", "2:cancelled"])
        #expect(f.tracker.cancelAll(at: EventTime(seconds: 9, microseconds: 1)).contacts.isEmpty)
    }

    @Test func idsAreUniqueAcrossDevicesSharingTheSource() {
        let ids = ContactIDs()
        var a = Feed(Panels.multitouch(), ids: ids)
        var b = Feed(Panels.single(), ids: ids)
        a.frame([(3, k.ABS_MT_TRACKING_ID, 1)])
        b.frame([(1, k.BTN_TOUCH, 1)])
        #expect(a.frames[0].contacts[0].id != b.frames[0].contacts[0].id)
    }
}

/// Found by the pipeline's random-stream invariant.
@Suite("Slot tracker: ends that never reached a frame")
struct PendingEndTests {
    @Test func anEndWhoseFrameASynDroppedAteIsCancelledAtUnplug() {
        var f = Feed(Panels.multitouch())
        f.frame([
            (k.EV_ABS, k.ABS_MT_TRACKING_ID, 1), (k.EV_ABS, k.ABS_MT_POSITION_X, 100),
            (k.EV_ABS, k.ABS_MT_POSITION_Y, 100),
        ])
        // The lift, then a SYN_DROPPED: everything up to the SYN_REPORT is dropped, so the
        // lift's frame never completes.
        f.tracker.process(
            InputEvent(
                time: EventTime(seconds: 2, microseconds: 0), type: k.EV_ABS, code: k.ABS_MT_TRACKING_ID, value: -1)
        ) { _ in }
        f.tracker.process(
            InputEvent(time: EventTime(seconds: 2, microseconds: 0), type: k.EV_SYN, code: k.SYN_DROPPED, value: 0)
        ) { _ in }
        var frames = 0
        f.tracker.process(
            InputEvent(time: EventTime(seconds: 2, microseconds: 0), type: k.EV_SYN, code: k.SYN_REPORT, value: 0)
        ) { _ in frames += 1 }
        #expect(frames == 0)
        let end = f.tracker.cancelAll(at: EventTime(seconds: 3, microseconds: 0))
        #expect(end.contacts.map(\.phase) == [.cancelled], "the contact does not vanish unreported")
        #expect(end.contacts.first?.id == f.frames.first?.contacts.first?.id)
    }
}
