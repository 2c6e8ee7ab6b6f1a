import InputEvents
import TouchInput

/// One row of a noise rule's table, as Chromium's touch filter tests are written: at `ms`, the
/// contact in `slot` is touching (or lifts) at `x`, `y` with `pressure` and `major`, and the
/// filter says `expect`.
struct NoiseRow: CustomStringConvertible {
    var ms: Double
    var slot: Int
    var touching: Bool
    var x: Double
    var y: Double
    var pressure: Int32 = 2000
    var major: Int32 = 200
    var expect: Expect

    /// What the filter says of the row: it goes on, is held back (`delayed`), goes on after
    /// being held, is judged noise before it began (never seen), or after (cancelled).
    enum Expect: String { case pass, held, release, dropped, cancelled }

    var description: String { "\(ms) ms slot \(slot) \(touching ? "down" : "up") (\(x), \(y)) → \(expect)" }
}

/// Plays rows through a filter on `Panels.multitouch()` (4096 units at 16 units/mm, pressure and
/// major 0…4095) or a single-touch panel, giving each row's verdict as a row's `Expect` and the
/// rules that judged noise.
struct NoiseTable {
    var filter: NoiseFilter
    private var ids: [Int: UInt64] = [:]
    private var nextID: UInt64 = 1
    private(set) var rules: [NoiseRule] = []

    init(_ choice: String, description: DeviceDescription = Panels.multitouch()) {
        let c = try! NoiseChoice.parse(choice).get()
        filter = NoiseFilter(c, description: description, mapper: ScreenMapper(device: description)!)!
    }

    mutating func play(_ row: NoiseRow) -> NoiseRow.Expect {
        let phase: ContactPhase
        if ids[row.slot] != nil {
            phase = row.touching ? .moved : .ended
        } else {
            phase = .began
            ids[row.slot] = nextID
            nextID += 1
        }
        let id = ids[row.slot]!
        if !row.touching { ids[row.slot] = nil }
        let c = Contact(
            id: id, slot: row.slot, trackingID: Int32(id), phase: phase, position: DevicePoint(x: row.x, y: row.y),
            previousPosition: DevicePoint(x: row.x, y: row.y), pressure: row.pressure, touchMajor: row.major,
            time: EventTime(totalMicroseconds: Int64(row.ms * 1000) + 1_000_000))
        switch filter.judge(c) {
        case .pass: return .pass
        case .skip: return .held
        case .release: return .release
        case .noise(let rule, let began):
            rules.append(rule)
            return began ? .cancelled : .dropped
        }
    }

    /// Each row's verdict beside what the row expects, for one `#expect` per table.
    mutating func mismatches(_ rows: [NoiseRow]) -> [String] {
        var out: [String] = []
        for r in rows {
            let got = play(r)
            if got != r.expect { out.append("\(r): got \(got)") }
        }
        return out
    }
}

/// A row: `ms`, `slot`, down or up, `x`, `y`, expected verdict.
func row(
    _ ms: Double, _ slot: Int, _ touching: Bool, _ x: Double, _ y: Double, _ expect: NoiseRow.Expect,
    pressure: Int32 = 2000, major: Int32 = 200
) -> NoiseRow {
    NoiseRow(ms: ms, slot: slot, touching: touching, x: x, y: y, pressure: pressure, major: major, expect: expect)
}
