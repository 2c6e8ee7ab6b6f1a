import Evdev
import Foundation
import InputEvents
import Testing
import TextBuffers
import TouchInput

@testable import PanelHealth

/// A qualification session written with known truths — taps a known distance off their marks,
/// lines bowed by a known amount, a known resting jitter, one contact whose rate drops — on a
/// 400 × 240 mm panel of 10 units a millimetre mapped to 800 × 480 points, read back through
/// the tracker: each figure within 0.15 mm (rates within 5 Hz) of the truth, the clean panel
/// passes and the bad one fails. `examples/qualify-*.evemu` are these sessions.
@Suite("Qualifying a panel")
struct QualifyTests {
    static let k = Kernel.self

    static let panel: DeviceDescription = {
        let x = AbsInfo(minimum: 0, maximum: 3999, resolution: 10)
        let y = AbsInfo(minimum: 0, maximum: 2399, resolution: 10)
        return DeviceDescription(
            name: "touchbridge qualify panel", id: InputID(bustype: 3, vendor: 0x1234, product: 0x5681, version: 0x100),
            properties: BitSet([k.INPUT_PROP_DIRECT]),
            codes: [
                k.EV_KEY: BitSet([k.BTN_TOUCH]),
                k.EV_ABS: BitSet([
                    k.ABS_X, k.ABS_Y, k.ABS_MT_SLOT, k.ABS_MT_POSITION_X, k.ABS_MT_POSITION_Y, k.ABS_MT_TRACKING_ID,
                ]),
            ],
            absInfo: [
                k.ABS_X: x, k.ABS_Y: y, k.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 9), k.ABS_MT_POSITION_X: x,
                k.ABS_MT_POSITION_Y: y, k.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
            ])
    }()

    static let mapper = ScreenMapper(device: panel, screen: (800, 480))!

    /// What is wrong with a panel, in millimetres.
    struct Defects {
        var tapOffset = 0.3  // every tap this far right of its mark…
        var worstTap = 0.3  // …but the fifth, this far
        var bow = 0.4  // each line bowed sideways by this much at its middle
        var jitter = 0.2  // the resting finger this far either side
        var slowContact = false  // one of the fingers reports at half the rate
        var fingers = 5
        var separation = 12.0  // the two fingers' centres
        var fastTaps = 10
    }

    /// A session in the plan's order as evdev events at 100 Hz.
    struct Writer {
        var events: [InputEvent] = []
        var t = 0.0
        var nextID: Int32 = 1
        var slot: Int32 = 0

        /// Device units of a point `mm` millimetres off screen point `p` (x, y).
        static func units(_ p: ScreenPoint, dx: Double = 0, dy: Double = 0) -> (Int32, Int32) {
            let o = QualifyTests.mapper.map(DevicePoint(x: 0, y: 0))
            let u = QualifyTests.mapper.map(DevicePoint(x: 1, y: 1))
            return (
                Int32(((p.x - o.x) / (u.x - o.x) + dx * 10).rounded()),
                Int32(((p.y - o.y) / (u.y - o.y) + dy * 10).rounded())
            )
        }

        mutating func frame(_ items: [(UInt16, UInt16, Int32)]) {
            let time = EventTime(totalMicroseconds: Int64((t * 1e6).rounded()))
            for (type, code, value) in items {
                events.append(InputEvent(time: time, type: type, code: code, value: value))
            }
            events.append(InputEvent(time: time, type: k.EV_SYN, code: k.SYN_REPORT, value: 0))
            t += 0.01
        }

        mutating func at(_ s: Int32, _ items: [(UInt16, UInt16, Int32)]) -> [(UInt16, UInt16, Int32)] {
            defer { slot = s }
            return (slot == s ? [] : [(k.EV_ABS, k.ABS_MT_SLOT, s)]) + items
        }

        /// Fingers (slot, position) down in one frame, then `frames` frames of their moves, then up.
        mutating func gesture(_ paths: [(Int) -> (Int32, Int32)], frames: Int, skip: Set<Int> = [], gap: Double = 0.2) {
            var first: [(UInt16, UInt16, Int32)] = []
            for (i, path) in paths.enumerated() {
                let (x, y) = path(0)
                first += at(
                    Int32(i),
                    [
                        (k.EV_ABS, k.ABS_MT_TRACKING_ID, nextID), (k.EV_ABS, k.ABS_MT_POSITION_X, x),
                        (k.EV_ABS, k.ABS_MT_POSITION_Y, y),
                    ])
                nextID += 1
            }
            frame(first + [(k.EV_KEY, k.BTN_TOUCH, 1)])
            for n in 1...frames {
                var items: [(UInt16, UInt16, Int32)] = []
                for (i, path) in paths.enumerated() where !(skip.contains(i) && n % 2 == 1) {
                    let (x, y) = path(n)
                    items += at(Int32(i), [(k.EV_ABS, k.ABS_MT_POSITION_X, x), (k.EV_ABS, k.ABS_MT_POSITION_Y, y)])
                }
                frame(items)
            }
            var up: [(UInt16, UInt16, Int32)] = []
            for i in paths.indices { up += at(Int32(i), [(k.EV_ABS, k.ABS_MT_TRACKING_ID, -1)]) }
            frame(up + [(k.EV_KEY, k.BTN_TOUCH, 0)])
            t += gap
        }
    }

    static func session(_ d: Defects) -> [InputEvent] {
        let plan = QualifyPlan.standard(width: 800, height: 480)
        var w = Writer()
        for (i, m) in plan.marks.enumerated() {
            let off = i == 4 ? d.worstTap : d.tapOffset
            // A tap of six frames, wobbling a unit (0.1 mm) each way about its place.
            w.gesture([{ n in Writer.units(m, dx: off + (n % 2 == 0 ? 0 : 0.1)) }], frames: 5)
        }
        for line in plan.lines {
            let a = Writer.units(line.from)
            let b = Writer.units(line.to)
            let len = (Double(b.0 - a.0) * Double(b.0 - a.0) + Double(b.1 - a.1) * Double(b.1 - a.1)).squareRoot()
            let nx = -Double(b.1 - a.1) / len
            let ny = Double(b.0 - a.0) / len  // the unit normal
            w.gesture(
                [
                    { n in
                        let f = Double(n) / 100
                        let bow = d.bow * 10 * sin(Double.pi * f)
                        return (
                            Int32((Double(a.0) + f * Double(b.0 - a.0) + bow * nx).rounded()),
                            Int32((Double(a.1) + f * Double(b.1 - a.1) + bow * ny).rounded())
                        )
                    }
                ], frames: 100)
        }
        let centre = Writer.units(ScreenPoint(x: 400, y: 240))
        let j = Int32((d.jitter * 10).rounded())
        w.gesture([{ n in (centre.0 + (n % 2 == 0 ? j : -j), centre.1) }], frames: 300)
        w.gesture(
            (0..<d.fingers).map { i in { n in (Int32(600 + i * 600), Int32(800 + n * 2)) } }, frames: 100,
            skip: d.slowContact ? [2] : [])
        let s = Int32((d.separation * 10).rounded())
        w.gesture([{ _ in (centre.0, centre.1) }, { n in (centre.0 + s + Int32(n % 2), centre.1) }], frames: 50)
        for _ in 0..<d.fastTaps {
            w.gesture([{ n in (centre.0 + Int32(n % 2), centre.1 + 400) }], frames: 5, gap: 0.05)
        }
        return w.events
    }

    static func qualify(_ events: [InputEvent]) -> QualifyReport {
        var session = QualifySession(plan: QualifyPlan.standard(width: 800, height: 480), mapper: mapper)
        var health = HealthAnalyzer(description: panel, source: "generated", screen: mapper)
        var tracker = ContactTracker(description: panel, ids: ContactIDs())
        for e in events {
            health.event(e)
            tracker.process(e) { f in
                health.frame(f)
                session.take(f)
            }
        }
        let h = health.report(at: events.last?.time)
        return session.report(criteria: QualifyCriteria(), ghosts: h.ghosts, stuck: h.stuck.count)
    }

    static let bad = Defects(
        tapOffset: 0.3, worstTap: 1.5, bow: 2.0, jitter: 0.8, slowContact: true, fingers: 4, separation: 12, fastTaps: 9
    )

    @Test func aCleanPanelPassesWithItsFiguresWhereTheyWereMade() throws {
        let r = Self.qualify(Self.session(Defects()))
        #expect(r.unit == "mm")
        #expect(abs((r.accuracyMax ?? 9) - 0.35) <= 0.15, "taps 0.3 mm off, wobbling 0.1: \(r.tapErrors)")
        #expect(
            r.lines.allSatisfy { abs(($0?.fit ?? 9) - 0.4 * 2 / Double.pi) <= 0.15 },
            "a 0.4 mm bow is 0.25 mm from its best fit: \(r.lines)")
        #expect(abs((r.linearityMax ?? 9) - 0.4) <= 0.15, "judged from the target line: \(r.lines)")
        #expect(r.lines.allSatisfy { ($0?.span ?? 0) >= QualifyReport.spanNeeded }, "end to end: \(r.lines)")
        #expect(
            r.lines.allSatisfy { abs(($0?.target ?? 9) - 0.4) <= 0.15 }, "and 0.4 mm from the target line: \(r.lines)")
        #expect(abs((r.jitter ?? 9) - 0.2) <= 0.15, "\(String(describing: r.jitter))")
        #expect(abs((r.reportRate ?? 0) - 100) <= 5, "\(String(describing: r.reportRate))")
        #expect(r.maxContacts == 5)
        #expect(abs((r.separation ?? 99) - 12) <= 0.15)
        #expect(r.tapsMade == 10)
        #expect(r.ghosts == 0)
        #expect(r.stuck == 0)
        #expect(r.pass, "\(r.verdicts.filter { !$0.pass })")
    }

    @Test func aBadPanelFailsEachCriterionWithTheRightFigure() throws {
        let r = Self.qualify(Self.session(Self.bad))
        #expect(abs((r.accuracyMax ?? 0) - 1.55) <= 0.15, "the worst tap 1.5 mm off: \(r.tapErrors)")
        #expect(r.lines.allSatisfy { abs(($0?.fit ?? 0) - 2.0 * 2 / Double.pi) <= 0.15 }, "\(r.lines)")
        #expect(abs((r.linearityMax ?? 0) - 2.0) <= 0.15, "\(r.lines)")
        #expect(r.lines.allSatisfy { abs(($0?.target ?? 0) - 2.0) <= 0.15 }, "\(r.lines)")
        #expect(abs((r.jitter ?? 0) - 0.8) <= 0.15)
        #expect(abs((r.reportRate ?? 0) - 50) <= 5, "one contact at half the rate: \(String(describing: r.reportRate))")
        #expect(r.maxContacts == 4)
        #expect(r.missedTaps == 1)
        #expect(r.splitTaps == 0)
        let failed = Set(r.verdicts.filter { !$0.pass }.map(\.name))
        #expect(failed == ["accuracy", "linearity", "jitter", "reportRate", "maxContacts", "fastTaps"], "\(failed)")
        #expect(!r.pass)
    }

    @Test func theExamplesAreTheseSessions() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples").path
        for (name, d) in [("qualify-clean", Defects()), ("qualify-bad", Self.bad)] {
            let made = Self.session(d)
            if ProcessInfo.processInfo.environment["TOUCHBRIDGE_WRITE_QUALIFY"] == "1" {
                var b = TextBuffer()
                EvemuWriter(naming: LibevdevNames()).writeHeader(Self.panel, kernel: nil, dmi: nil, into: &b)
                for e in made {
                    b.append("E: ")
                    b.append(time: e.time)
                    b.append(" ")
                    b.append(hex: UInt32(e.type), width: 4)
                    b.append(" ")
                    b.append(hex: UInt32(e.code), width: 4)
                    b.append(" ")
                    b.append(decimal: e.value)
                    b.append("\n")
                }
                try b.string.write(toFile: "\(dir)/\(name).evemu", atomically: true, encoding: .utf8)
            }
            let recorded = try EvemuParser(file: name).parse(
                Array(try String(contentsOfFile: "\(dir)/\(name).evemu", encoding: .utf8).utf8))
            #expect(
                recorded.description.name == Self.panel.name,
                "examples/\(name).evemu is written by QualifyTests.session (regenerate: TOUCHBRIDGE_WRITE_QUALIFY=1)")
            #expect(
                recorded.events.count == made.count,
                "examples/\(name).evemu is written by QualifyTests.session (regenerate: TOUCHBRIDGE_WRITE_QUALIFY=1)")
            #expect(
                zip(recorded.events, made).allSatisfy {
                    $0.type == $1.type && $0.code == $1.code && $0.value == $1.value && $0.time == $1.time
                },
                "examples/\(name).evemu is written by QualifyTests.session (regenerate: TOUCHBRIDGE_WRITE_QUALIFY=1)")
        }
    }
}

extension QualifyTests {
    /// A pen's session: no fingers asked for, complete after its rest, each mark's hover offset
    /// (where the tip landed against where it hovered last), a mark touched without hovering
    /// failing the criterion.
    @Test func aPensSessionEndsWithItsRestAndMeasuresEachHoverOffset() throws {
        var plan = QualifyPlan(marks: [ScreenPoint(x: 100, y: 100), ScreenPoint(x: 700, y: 380)], lines: [])
        plan.pen = true
        #expect(plan.steps == [.mark(0), .mark(1), .rest])
        #expect(plan.prompt(.mark(0)).contains("hold the pen over the mark at 100,100, then touch it with the tip"))
        var session = QualifySession(plan: plan, mapper: Self.mapper)
        var t = 1.0
        func frame(_ contacts: [Contact], hover: PenHover? = nil) {
            session.take(
                ContactFrame(
                    time: EventTime(seconds: Int64(t), microseconds: Int32((t - t.rounded(.down)) * 1e6)),
                    contacts: contacts, hover: hover, pen: PenState()))
            t += 0.01
        }
        func device(_ x: Double, _ y: Double) -> DevicePoint {
            // The mapper's inverse for this panel: 800x480 points over its axes.
            DevicePoint(
                x: Double(Self.mapper.x.minimum) + x / 800 * Double(Self.mapper.x.range),
                y: Double(Self.mapper.y.minimum) + y / 480 * Double(Self.mapper.y.range))
        }
        func contact(_ id: UInt64, _ phase: ContactPhase, _ p: DevicePoint) -> Contact {
            Contact(
                id: id, slot: -1, trackingID: -1, phase: phase, position: p, previousPosition: p,
                time: EventTime(seconds: 1, microseconds: 0))
        }
        func tap(_ id: UInt64, at p: DevicePoint) {
            frame([contact(id, .began, p)], hover: PenHover(phase: .ended, position: p))
            frame([contact(id, .ended, p)])
        }
        // Mark 1: hovered 3 points to its right, touched on it.
        frame([], hover: PenHover(phase: .began, position: device(103, 100)))
        tap(1, at: device(100, 100))
        frame([], hover: PenHover(phase: .ended, position: device(100, 100)))
        #expect(session.step == .mark(1))
        // Mark 2: touched with no hover first.
        tap(2, at: device(700, 380))
        #expect(session.step == .rest)
        #expect(!session.isComplete)
        tap(3, at: device(400, 240))
        #expect(session.isComplete)
        #expect(session.step == .done)
        let r = session.report(criteria: QualifyCriteria(), ghosts: 0, stuck: 0)
        #expect(r.pen, "\(r.hoverOffsets)")
        #expect(r.hoverOffsets.count == 2, "\(r.hoverOffsets)")
        #expect(r.hoverOffsets[1] == nil, "\(r.hoverOffsets)")
        let first = try #require(r.hoverOffsets[0])
        let threePoints = Lengths(mapper: Self.mapper).length(3, 0)
        #expect(abs(first - threePoints) < 0.05, "\(first) against \(threePoints)")
        #expect(r.hoverOffsetMax == nil)
        #expect(r.verdicts.first { $0.name == "hoverOffset" }?.pass == false)
        #expect(!r.verdicts.contains { $0.name == "maxContacts" || $0.name == "fastTaps" })
    }
}
