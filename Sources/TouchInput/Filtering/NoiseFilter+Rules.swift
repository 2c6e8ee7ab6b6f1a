/// Each rule's test, at the three moments a touch is judged: as it begins, while it is down,
/// and what lets a touch held back go on.
extension NoiseFilter {
    /// The rule that judges a beginning touch noise, nil when none does: a palm, a press that
    /// bounced (`debounce`), a far-apart pair (the other touch then judged at its next update),
    /// a row (`aligned`), a spot that fires (`singlePosition`).
    mutating func noiseAtBeginning(_ c: Contact, at t: Double) -> NoiseRule? {
        if rules.contains(.palm), isPalm(c) { return .palm }
        if rules.contains(.debounce), let r = lastRelease, t - r < settings.debounce { return .debounce }
        if rules.contains(.farApart), farApartPair(c, at: t) { return .farApart }
        if rules.contains(.aligned) {
            for o in touches where !o.dropped && geometry.xMillimetres(o.last, c.position) <= settings.alignedMM {
                return .aligned
            }
        }
        if rules.contains(.singlePosition), firing(at: c.position, at: t) { return .singlePosition }
        return nil
    }

    /// The rules that hold a beginning touch back: on a point firing periodically, on the
    /// border, too light.
    mutating func heldAtBeginning(_ c: Contact, at t: Double) -> NoiseRules {
        var held = NoiseRules()
        if rules.contains(.repeating), spots.repeats(at: c.position, at: t, settings, geometry) {
            held.insert(NoiseRules(.repeating))
        }
        if rules.contains(.edge), geometry.onEdge(c.position, within: settings.edgeUnits) {
            held.insert(NoiseRules(.edge))
        }
        if rules.contains(.pressure), let threshold = geometry.pressure(settings.pressureFraction),
            let p = c.pressure, Double(p) < threshold
        {
            held.insert(NoiseRules(.pressure))
        }
        return held
    }

    /// The rule that judges a touch noise while it is down or as it lifts (`lifting`): a palm;
    /// a touch held still on one point for longer than `singlePositionAfter`; while it is down
    /// (as ChromeOS judges), a still touch on a point still touches have landed on for that long.
    func noiseWhileDown(_ touch: NoiseTouch, _ c: Contact, at t: Double, lifting: Bool = false) -> NoiseRule? {
        if rules.contains(.palm), isPalm(c) { return .palm }
        guard rules.contains(.singlePosition), touch.moved <= settings.samePointMM else { return nil }
        // A touch held still sends no report: its own time is judged as it lifts too.
        if t - touch.beginTime > settings.singlePositionAfter { return .singlePosition }
        if !lifting, firing(at: touch.begin, at: t) { return .singlePosition }
        return nil
    }

    /// The rules that let `touch` go on at this update: it moved inward from the border, pressed
    /// hard enough, or moved off a periodic point (which is then no longer one).
    mutating func releasing(_ touch: NoiseTouch, _ c: Contact) -> NoiseRules {
        var out = NoiseRules()
        if touch.heldBy.contains(.edge), !geometry.onEdge(c.position, within: settings.edgeUnits) {
            out.insert(NoiseRules(.edge))
        }
        if touch.heldBy.contains(.pressure),
            let threshold = geometry.pressure(settings.pressureFraction), let p = c.pressure, Double(p) >= threshold
        {
            out.insert(NoiseRules(.pressure))
        }
        if touch.heldBy.contains(.repeating), touch.moved > settings.tapMovementMM {
            spots.forgetPeriodic(at: touch.begin, settings, geometry)
            out.insert(NoiseRules(.repeating))
        }
        return out
    }

    func isPalm(_ c: Contact) -> Bool {
        guard let major = c.touchMajor, let limit = geometry.majorMaximum else { return false }
        return Double(major) >= limit * settings.palmFraction
    }

    /// Whether a touch beginning at `c` pairs with one down that began within the window, far
    /// from it and still a tap; each such touch is judged noise at its next update.
    private mutating func farApartPair(_ c: Contact, at t: Double) -> Bool {
        let far = min(settings.farApartMM, geometry.longerSideMM * 0.375)
        var paired = false
        for i in touches.indices where !touches[i].dropped {
            let o = touches[i]
            guard t - o.beginTime < settings.farApartWindow, o.moved < settings.tapMovementMM,
                geometry.millimetres(o.begin, c.position) > far
            else { continue }
            if touches[i].doomed == nil { touches[i].doomed = .farApart }
            paired = true
        }
        return paired
    }

    /// Whether still touches have landed on `p` for longer than `singlePositionAfter`, looking
    /// back `singlePositionLookBack`.
    private func firing(at p: DevicePoint, at t: Double) -> Bool {
        guard let first = spots.earliest(at: p, since: t - settings.singlePositionLookBack, settings, geometry)
        else { return false }
        return t - first > settings.singlePositionAfter
    }
}
