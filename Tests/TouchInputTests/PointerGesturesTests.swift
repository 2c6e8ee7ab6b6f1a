import Testing
import TouchInput

/// The virtual pointer's gestures: each gives one action, and only one.
@Suite("Pointer gestures")
struct PointerGesturesTests {
    /// Plays (time, what) steps and returns every action.
    enum Step {
        case down(Double, UInt64, Double, Double)
        case move(Double, UInt64, Double, Double)
        case up(Double, UInt64)
        case cancel(UInt64)
        case wait(Double)
    }

    func play(_ steps: [Step], settings: PointerGestures.Settings = PointerGestures.Settings()) -> [PointerAction] {
        var g = PointerGestures(settings: settings)
        var actions: [PointerAction] = []
        for s in steps {
            switch s {
            case .down(let t, let id, let x, let y): g.began(id, x: x, y: y, at: t, into: &actions)
            case .move(let t, let id, let x, let y): g.moved(id, x: x, y: y, at: t, into: &actions)
            case .up(let t, let id): g.ended(id, at: t, into: &actions)
            case .cancel(let id): g.cancelled(id, into: &actions)
            case .wait(let t): g.advance(to: t, into: &actions)
            }
        }
        return actions
    }

    @Test func aTapClicksWhereTheFingerWent() {
        let a = play([.down(1, 1, 100, 200), .move(1.05, 1, 104, 203), .up(1.1, 1)])
        #expect(a == [.move(x: 100, y: 200), .button(.left, down: true), .button(.left, down: false)])
    }

    @Test func aLongPressRightClicksOnceAndItsLiftGivesNothing() {
        var g = PointerGestures()
        var a: [PointerAction] = []
        g.began(1, x: 50, y: 60, at: 2, into: &a)
        #expect(g.deadline == 2.5, "UIKit's long press default: half a second")
        g.advance(to: 2.49, into: &a)
        #expect(a == [.move(x: 50, y: 60)], "not yet")
        g.advance(to: 2.5, into: &a)
        g.moved(1, x: 80, y: 60, at: 2.7, into: &a)  // moving after it fired is no drag
        g.ended(1, at: 3, into: &a)
        #expect(a == [.move(x: 50, y: 60), .button(.right, down: true), .button(.right, down: false)])
        #expect(g.deadline == nil)
    }

    @Test func aDragPressesWhereItBeganAndReleasesAtTheLift() {
        let a = play([
            .down(0, 7, 100, 100), .move(0.1, 7, 105, 100), .move(0.2, 7, 130, 100), .move(0.9, 7, 200, 150),
            .up(1.0, 7),
        ])
        #expect(
            a == [
                .move(x: 100, y: 100), .button(.left, down: true), .move(x: 130, y: 100), .move(x: 200, y: 150),
                .button(.left, down: false),
            ], "no right click although it lasted past the long press")
    }

    @Test func twoFingersScrollInHighResolutionUnitsAndNeverClick() {
        let steps: [Step] = [
            .down(0, 1, 100, 100), .down(0.05, 2, 200, 100),
            .move(0.1, 1, 100, 150), .move(0.1, 2, 200, 150),  // both 50 points down
            .move(0.2, 1, 150, 150), .move(0.2, 2, 250, 150),  // both 50 points right
            .up(0.3, 1), .up(0.35, 2),
        ]
        let natural = play(steps)
        let scrolls = natural.compactMap { a -> (Int32, Int32)? in
            if case .scroll(let v, let h) = a { return (v, h) } else { return nil }
        }
        #expect(!natural.contains { if case .button = $0 { return true } else { return false } }, "\(natural)")
        // The midpoint moved 25 points down (one finger's move), then 25 more (the other's): 1.2 units a point.
        #expect(
            scrolls.reduce(0) { $0 + $1.0 } == 60,
            "content follows the fingers: down is scrolling up (positive): \(scrolls)")
        #expect(scrolls.reduce(0) { $0 + $1.1 } == -60, "fingers right is scrolling left: \(scrolls)")
        var traditional = PointerGestures.Settings()
        traditional.naturalScrolling = false
        let other = play(steps, settings: traditional)
        #expect(
            other.compactMap { a -> Int32? in if case .scroll(let v, _) = a { return v } else { return nil } }.reduce(
                0, +) == -60)
    }

    @Test func aSecondFingerAfterADragStartedLeavesTheDragAlone() {
        let a = play([
            .down(0, 1, 0, 0), .move(0.1, 1, 30, 0), .down(0.2, 2, 300, 300), .move(0.3, 2, 300, 400),
            .move(0.4, 1, 40, 0), .up(0.5, 2), .up(0.6, 1),
        ])
        #expect(
            a == [
                .move(x: 0, y: 0), .button(.left, down: true), .move(x: 30, y: 0), .move(x: 40, y: 0),
                .button(.left, down: false),
            ])
    }

    @Test func aCancelledTouchGivesNothingAndACancelledDragIsReleased() {
        #expect(play([.down(0, 1, 10, 10), .cancel(1), .wait(5)]) == [.move(x: 10, y: 10)])
        #expect(
            play([.down(0, 1, 10, 10), .move(0.1, 1, 50, 10), .cancel(1)])
                == [.move(x: 10, y: 10), .button(.left, down: true), .move(x: 50, y: 10), .button(.left, down: false)])
    }

    @Test func afterEveryFingerLiftsTheNextTouchIsANewGesture() {
        let a = play([
            .down(0, 1, 10, 10), .down(0.1, 2, 20, 10), .up(0.2, 1), .up(0.3, 2), .down(1, 3, 70, 80), .up(1.1, 3),
        ])
        #expect(
            a == [.move(x: 10, y: 10), .move(x: 70, y: 80), .button(.left, down: true), .button(.left, down: false)])
    }
}

/// Ghost contacts and the idle clock, in input time.
@Suite("The kiosk's rules")
struct KioskRulesTests {
    @Test func aContactRestingPastItsTimeIsAGhostAndOneThatMovesIsNot() {
        var w = GhostWatch(after: 3)
        w.began(1, x: 100, y: 100, radius: 4, at: 10)
        w.began(2, x: 300, y: 300, radius: 4, at: 10)
        #expect(w.deadline == 13)
        w.moved(1, x: 102, y: 103, at: 11)  // within 4 points: still resting since 10
        w.moved(2, x: 310, y: 300, at: 12)  // away: rests anew from 12
        #expect(w.ghosts(at: 12.9).isEmpty)
        let due = w.ghosts(at: 13)
        #expect(due.count == 1)
        #expect(due[0].id == 1)
        #expect(due[0].x == 102)
        #expect(due[0].y == 103)
        #expect(due[0].since == 10)
        #expect(w.deadline == 15)
        w.ended(2)
        #expect(w.deadline == nil)
        #expect(w.ghosts(at: 100).isEmpty)
    }

    @Test func idleComesAfterTheQuietAndTheWakeIsNotATouch() {
        var c = IdleClock(after: 2, startingAt: 0)
        #expect(c.deadline == 2)
        #expect(c.began(1, at: 1) == .touch)
        #expect(c.deadline == nil, "no idle while a finger is down")
        let early = c.advance(to: 10)
        #expect(!early)
        c.ended(1, at: 10)
        #expect(c.deadline == 12)
        let before = c.advance(to: 11.9)
        let at = c.advance(to: 12)
        #expect(!before)
        #expect(at)
        #expect(c.isIdle)
        #expect(c.deadline == nil)
        #expect(c.began(2, at: 20) == .wake)
        #expect(c.isWaking(2))
        #expect(!c.isIdle)
        #expect(c.began(3, at: 20.5) == .swallowed, "a second finger while the wake's is down is the wake's too")
        c.ended(2, at: 21)
        #expect(c.deadline == nil, "the wake's second finger is still down")
        c.ended(3, at: 21.5)
        #expect(c.deadline == 23.5)
        #expect(c.began(4, at: 22) == .touch, "after the wake's fingers lift, touches are touches")
        c.ended(99, at: 22.1)  // a contact the clock never had changes nothing
        #expect(c.deadline == nil)
    }
}
