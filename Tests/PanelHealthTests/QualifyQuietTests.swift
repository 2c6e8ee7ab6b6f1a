import InputEvents
import PanelHealth
import Testing
import TouchInput

/// qualify's quiet step (`--quiet`): the panel left untouched first, as the Windows hardware
/// test's ghost-reporting check leaves it; every contact that begins then is a phantom.
@Suite("qualify's quiet step")
struct QualifyQuietTests {
    static let mapper = QualifyTests.mapper

    /// A pen-free plan of one mark and the quiet step first, a session begun at 10 s.
    func session(quiet: Double) -> QualifySession {
        var plan = QualifyPlan(marks: [ScreenPoint(x: 400, y: 240)], lines: [])
        plan.quietSeconds = quiet
        var s = QualifySession(plan: plan, mapper: Self.mapper)
        s.begin(at: 10)
        return s
    }

    func frame(_ id: UInt64, _ phase: ContactPhase, at t: Double) -> ContactFrame {
        let p = DevicePoint(
            x: Double(Self.mapper.x.minimum) + Double(Self.mapper.x.range) / 2,
            y: Double(Self.mapper.y.minimum) + Double(Self.mapper.y.range) / 2)
        return ContactFrame(
            time: EventTime(totalMicroseconds: Int64(t * 1e6)),
            contacts: [
                Contact(
                    id: id, slot: 0, trackingID: Int32(id), phase: phase, position: p, previousPosition: p,
                    time: EventTime(totalMicroseconds: Int64(t * 1e6)))
            ])
    }

    @Test func aContactWhileNothingTouchesIsAPhantomAndFailsTheStep() {
        var s = session(quiet: 60)
        #expect(s.step == .quiet)
        #expect(s.quietDeadline == 70)
        s.take(frame(1, .began, at: 30))
        s.take(frame(1, .ended, at: 30.02))
        #expect(s.step == .quiet, "a phantom's lift answers nothing")
        let early = s.advance(to: 69.9)
        #expect(!early)
        let due = s.advance(to: 70)
        #expect(due)
        #expect(s.step == .mark(0))
        s.take(frame(2, .began, at: 71))
        s.take(frame(2, .ended, at: 71.1))
        let r = s.report(criteria: QualifyCriteria(), ghosts: 0, stuck: 0)
        let v = r.verdicts.first { $0.name == "phantomContacts" }
        #expect(v?.pass == false)
        #expect(v?.value == "1 in 60 s untouched")
        #expect(r.tapErrors.count == 1)
        #expect(r.tapErrors[0] != nil, "the mark's tap came after the quiet step")
        #expect(!r.missing.contains(.quiet))
        #expect(
            r.json(panel: "p").contains("\"quiet\":{\"seconds\":60,\"phantomContacts\":1}"), "\(r.json(panel: "p"))")
    }

    @Test func aQuietPanelPassesAndTheCriterionCanAllowSome() {
        var s = session(quiet: 5)
        let due = s.advance(to: 15)
        #expect(due)
        var allowing = QualifyCriteria()
        let whole = allowing.set("phantomContacts", 2)
        #expect(whole == nil)
        #expect(allowing.phantomContacts == 2)
        let half = allowing.set("phantomContacts", 1.5)
        #expect(half == "a whole number for phantomContacts")
        let r = s.report(criteria: QualifyCriteria(), ghosts: 0, stuck: 0)
        #expect(r.verdicts.first { $0.name == "phantomContacts" }?.pass == true)
        #expect(r.verdicts.first { $0.name == "phantomContacts" }?.value == "0 in 5 s untouched")
    }

    @Test func aSessionStoppedDuringItJudgesNothingOfIt() {
        let s = session(quiet: 60)
        let r = s.report(criteria: QualifyCriteria(), ghosts: 0, stuck: 0)
        #expect(r.missing.first == .quiet)
        #expect(r.judged.first { $0.name == "phantomContacts" }?.measured == false)
    }

    @Test func withoutItThereIsNoSuchStepNorCriterion() {
        let s = session(quiet: 0)
        #expect(s.step == .mark(0))
        #expect(s.quietDeadline == nil)
        let r = s.report(criteria: QualifyCriteria(), ghosts: 0, stuck: 0)
        #expect(!r.verdicts.contains { $0.name == "phantomContacts" })
    }
}
