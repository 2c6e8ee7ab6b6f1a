import Pipeline
import Testing
import TouchInput

/// The kiosk's gate as a stage of its own, without a pipeline or a scene: what it decides of
/// each input, and what comes due, from its own state alone.
struct KioskGateStageTests {
    @Test func withoutRulesEveryInputPassesAndNothingIsDue() {
        var gate = KioskGate()
        let r1 = gate.admit(1, on: nil, at: 0)
        #expect(r1 == .pass)
        #expect(gate.deadline == nil)
        #expect(!gate.guardsContacts)
        #expect(gate.shakePasses)
    }

    @Test func idleComesDueAndTheWakingInputReachesNothingUntilItEnds() {
        var gate = KioskGate()
        gate.start(idleAfter: 2, ghostAfter: nil, at: 0)
        #expect(gate.guardsContacts)
        #expect(gate.deadline == 2)
        let r2 = gate.due(at: 2)
        #expect(r2.wentIdle == 2)
        #expect(gate.isIdle)
        #expect(!gate.shakePasses)
        let r3 = gate.admit(1, on: nil, at: 3)
        #expect(r3 == .wake(displayOff: nil))
        #expect(!gate.isIdle)
        let r4 = gate.admit(2, on: nil, at: 3.1)
        #expect(r4 == .swallowed)
        gate.ended(1, at: 3.2)
        gate.ended(2, at: 3.2)
        let r5 = gate.admit(3, on: nil, at: 3.3)
        #expect(r5 == .pass)
    }

    @Test func aLockSwallowsCountsAndRunsOut() {
        var gate = KioskGate()
        gate.lock(seconds: 5, at: 10)
        #expect(gate.lockedUntil == .some(15))
        let r6 = gate.admit(1, on: nil, at: 11)
        #expect(r6 == .swallowed)
        let r7 = gate.admit(2, on: nil, at: 12)
        #expect(r7 == .swallowed)
        #expect(gate.deadline == 15)
        let r8 = gate.due(at: 15)
        #expect(r8.lockRanOut)
        let r9 = gate.unlock()
        #expect(r9 == 2)
        let r10 = gate.unlock()
        #expect(r10 == nil)
        let r11 = gate.admit(3, on: nil, at: 16)
        #expect(r11 == .pass)
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
        let r12 = gate.due(at: 40)
        #expect(r12.ghosts.isEmpty)
    }

    @Test func aBlankIsIdleAtOnceAndAWakeUndoesIt() {
        var gate = KioskGate()
        let r13 = gate.blank(at: 5)
        #expect(r13)
        let r14 = gate.blank(at: 6)
        #expect(!r14)
        #expect(gate.isIdle)
        let r15 = gate.wake(at: 7)
        #expect(r15)
        let r16 = gate.wake(at: 8)
        #expect(!r16)
        #expect(!gate.isIdle)
    }

    @Test func aSceneWithoutIdleWakesAKioskItsOwnClockPutIdle() {
        var gate = KioskGate()
        gate.start(idleAfter: 2, ghostAfter: nil, at: 0)
        _ = gate.due(at: 2)
        let r17 = gate.replaceIdle(with: nil, at: 3)
        #expect(r17)
        #expect(!gate.isIdle)
        #expect(gate.deadline == nil)
    }
}
