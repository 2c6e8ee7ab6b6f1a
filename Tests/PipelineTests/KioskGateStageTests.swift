import Pipeline
import Testing
import TouchInput

/// The kiosk's gate as a stage of its own, without a pipeline or a scene: what it decides of
/// each input, and what comes due, from its own state alone.
struct KioskGateStageTests {
    @Test func withoutRulesEveryInputPassesAndNothingIsDue() {
        var gate = KioskGate()
        let first = gate.admit(1, on: nil, at: 0)
        #expect(first == .pass)
        #expect(gate.deadline == nil)
        #expect(!gate.guardsContacts)
        #expect(gate.shakePasses)
    }

    @Test func idleComesDueAndTheWakingInputReachesNothingUntilItEnds() {
        var gate = KioskGate()
        gate.start(idleAfter: 2, ghostAfter: nil, at: 0)
        #expect(gate.guardsContacts)
        #expect(gate.deadline == 2)
        let quiet = gate.due(at: 2)
        #expect(quiet.wentIdle == 2)
        #expect(gate.isIdle)
        #expect(!gate.shakePasses)
        let waking = gate.admit(1, on: nil, at: 3)
        #expect(waking == .wake(displayOff: nil))
        #expect(!gate.isIdle)
        let duringWake = gate.admit(2, on: nil, at: 3.1)
        #expect(duringWake == .swallowed)
        gate.ended(1, at: 3.2)
        gate.ended(2, at: 3.2)
        let afterWake = gate.admit(3, on: nil, at: 3.3)
        #expect(afterWake == .pass)
    }

    @Test func aLockSwallowsCountsAndRunsOut() {
        var gate = KioskGate()
        gate.lock(seconds: 5, at: 10)
        #expect(gate.lockedUntil == .some(15))
        let firstLocked = gate.admit(1, on: nil, at: 11)
        #expect(firstLocked == .swallowed)
        let secondLocked = gate.admit(2, on: nil, at: 12)
        #expect(secondLocked == .swallowed)
        #expect(gate.deadline == 15)
        let lockDue = gate.due(at: 15)
        #expect(lockDue.lockRanOut)
        let swallowed = gate.unlock()
        #expect(swallowed == 2)
        let again = gate.unlock()
        #expect(again == nil)
        let afterLock = gate.admit(3, on: nil, at: 16)
        #expect(afterLock == .pass)
    }

    @Test func aContactRestingPastItsTimeIsAGhostOnce() throws {
        var gate = KioskGate()
        gate.start(idleAfter: nil, ghostAfter: 30, at: 0)
        gate.contactBegan(7, x: 100, y: 100, radius: 2, at: 1)
        gate.contactMoved(7, x: 101, y: 100, at: 10)
        #expect(gate.deadline == 31)
        let due = gate.due(at: 31)
        let ghost = try #require(due.ghosts.first)
        #expect(due.ghosts.count == 1)
        #expect(ghost.id == 7)
        #expect(ghost.since == 1)
        let later = gate.due(at: 40)
        #expect(later.ghosts.isEmpty)
    }

    @Test func aBlankIsIdleAtOnceAndAWakeUndoesIt() {
        var gate = KioskGate()
        let blanked = gate.blank(at: 5)
        #expect(blanked)
        let blankedAgain = gate.blank(at: 6)
        #expect(!blankedAgain)
        #expect(gate.isIdle)
        let woken = gate.wake(at: 7)
        #expect(woken)
        let wokenAgain = gate.wake(at: 8)
        #expect(!wokenAgain)
        #expect(!gate.isIdle)
    }

    @Test func aSceneWithoutIdleWakesAKioskItsOwnClockPutIdle() {
        var gate = KioskGate()
        gate.start(idleAfter: 2, ghostAfter: nil, at: 0)
        _ = gate.due(at: 2)
        let woke = gate.replaceIdle(with: nil, at: 3)
        #expect(woke)
        #expect(!gate.isIdle)
        #expect(gate.deadline == nil)
    }
}
