import InputEvents
import Testing

@testable import TouchInput

/// A small deterministic generator (SplitMix64), so a failing stream can be replayed.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("Begin/end invariant on random streams")
struct InvariantTests {
    /// A random event: mostly plausible touch traffic, some garbage codes and values.
    static func randomEvent(_ rng: inout SplitMix) -> (UInt16, UInt16, Int32, Bool) {
        let sync = Int.random(in: 0..<50, using: &rng) == 0
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<12: return (k.EV_SYN, k.SYN_REPORT, 0, sync)
        case 12..<14: return (k.EV_SYN, k.SYN_MT_REPORT, 0, sync)
        case 14: return (k.EV_SYN, k.SYN_DROPPED, 0, false)
        case 15..<25: return (k.EV_ABS, k.ABS_MT_SLOT, Int32.random(in: -2...12, using: &rng), sync)
        case 25..<38:
            return (
                k.EV_ABS, k.ABS_MT_TRACKING_ID,
                Int32.random(in: -1...6, using: &rng) == 6 ? -1 : Int32.random(in: -1...5, using: &rng), sync
            )
        case 38..<55: return (k.EV_ABS, k.ABS_MT_POSITION_X, Int32.random(in: -50...4200, using: &rng), sync)
        case 55..<68: return (k.EV_ABS, k.ABS_MT_POSITION_Y, Int32.random(in: -50...4200, using: &rng), sync)
        case 68..<72: return (k.EV_ABS, k.ABS_MT_TOOL_TYPE, Int32.random(in: 0...2, using: &rng), sync)
        case 72..<78: return (k.EV_KEY, k.BTN_TOUCH, Int32.random(in: 0...1, using: &rng), sync)
        case 78..<84: return (k.EV_ABS, k.ABS_X, Int32.random(in: 0...4095, using: &rng), sync)
        case 84..<88: return (k.EV_ABS, k.ABS_Y, Int32.random(in: 0...4095, using: &rng), sync)
        default:  // garbage
            return (
                UInt16.random(in: 0...0x1f, using: &rng), UInt16.random(in: 0...0x2ff, using: &rng),
                Int32.random(in: Int32.min...Int32.max, using: &rng), sync
            )
        }
    }

    @Test(
        "every began is followed by exactly one ended or cancelled",
        arguments: [("protocol B", 1 as UInt64), ("single touch", 2), ("protocol A", 3), ("protocol A with ids", 4)])
    func invariantHolds(_ kind: String, _ seed: UInt64) {
        let device: DeviceDescription
        switch kind {
        case "protocol B": device = Panels.multitouch(slots: 10, palm: true)
        case "single touch": device = Panels.single()
        case "protocol A": device = Panels.protocolA()
        default: device = Panels.protocolA(trackingIDs: true)
        }
        var rng = SplitMix(state: seed)
        var tracker = ContactTracker(description: device, ids: ContactIDs())
        var live: [UInt64: DevicePoint] = [:]  // began, not yet ended: last reported position
        var finished = Set<UInt64>()
        var violations: [String] = []
        var began = 0
        func check(_ frame: ContactFrame) {
            var seen = Set<UInt64>()
            for c in frame.contacts {
                if !seen.insert(c.id).inserted { violations.append("contact \(c.id) twice in one frame") }
                if finished.contains(c.id) { violations.append("contact \(c.id) reported after it ended") }
                if c.phase == .began {
                    if live[c.id] != nil { violations.append("contact \(c.id) began twice") }
                    if c.previousPosition != c.position {
                        violations.append("began \(c.id) with a different previous position")
                    }
                    began += 1
                } else {
                    guard let last = live[c.id] else {
                        violations.append("contact \(c.id) \(c.phase) without began")
                        continue
                    }
                    if c.previousPosition != last {
                        violations.append(
                            "contact \(c.id): previous \(c.previousPosition) is not the last reported \(last)")
                    }
                }
                if c.phase.isTerminal {
                    live[c.id] = nil
                    finished.insert(c.id)
                } else {
                    live[c.id] = c.position
                }
            }
        }
        var t: Int64 = 0
        for _ in 0..<120_000 {
            let (ty, code, value, sync) = Self.randomEvent(&rng)
            t += 1
            tracker.process(
                InputEvent(time: EventTime(totalMicroseconds: t), type: ty, code: code, value: value), isSync: sync,
                emit: check)
        }
        check(tracker.cancelAll(at: EventTime(totalMicroseconds: t + 1)))
        #expect(violations.isEmpty, "\(kind): \(violations.prefix(5))")
        #expect(live.isEmpty, "\(kind): contacts never ended: \(live.keys.sorted().prefix(5))")
        #expect(began > 100, "\(kind): the stream exercised the tracker (\(began) contacts)")
    }
}
