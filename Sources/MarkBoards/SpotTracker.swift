import InputEvents
import Marks
import TouchInput

/// The contacts `spots` shows on one panel's display: each finger down, a pen's tip (sized by
/// its pressure) or its hover, where it lands in the panel's screen points.
package struct SpotTracker {
    let mapper: ScreenMapper
    /// The pressure axis's range, for a pen's dot; nil without one (a dot of middle size).
    let pressure: AbsInfo?
    private var spots: [UInt64: MarkScene.Spot] = [:]
    private var hover: MarkScene.Spot?

    package init(mapper: ScreenMapper, description d: DeviceDescription) {
        self.mapper = mapper
        pressure = d.absInfo[Kernel.ABS_MT_PRESSURE] ?? d.absInfo[Kernel.ABS_PRESSURE]
    }

    /// Takes a frame's changes; true when what is shown changed.
    package mutating func take(_ f: ContactFrame) -> Bool {
        var changed = false
        for c in f.contacts {
            if c.phase.isTerminal {
                changed = spots.removeValue(forKey: c.id) != nil || changed
                continue
            }
            let kind: MarkScene.Spot.Kind = f.pen != nil ? .pen(pressure: level(c.pressure)) : .finger
            spots[c.id] = MarkScene.Spot(point: mapper.map(c.position), identifier: c.slot, kind: kind)
            changed = true
        }
        if let h = f.hover {
            hover =
                h.phase.isTerminal
                ? nil : MarkScene.Spot(point: mapper.map(h.position), identifier: -1, kind: .hover)
            changed = true
        }
        return changed
    }

    /// What to draw, fingers in the order they came.
    package var shown: [MarkScene.Spot] {
        spots.keys.sorted().compactMap { spots[$0] } + (hover.map { [$0] } ?? [])
    }

    private func level(_ value: Int32?) -> Double {
        guard let value, let p = pressure, p.maximum > p.minimum else { return 0.5 }
        return min(1, max(0, Double(value - p.minimum) / Double(p.maximum - p.minimum)))
    }
}
