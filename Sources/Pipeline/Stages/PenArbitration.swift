import TouchInput
import TouchKit

/// Pen and touch arbitration (libinput's), as state of its own: while a panel's pen is near (in
/// proximity), the fingers of the same physical device (`PanelPlacement.group`) reach nothing —
/// their touches down are cancelled and new ones left out — so a hand resting while the pen
/// writes touches nothing.
package struct PenArbitration {
    /// Whether it is on (`--no-pen-arbitration` turns it off).
    package let isOn: Bool
    /// The device groups whose pen is near.
    private var pensNear: Set<String> = []
    /// Where each finger's touch of a panel with a pen was last, in screen points: where
    /// arbitration cancels it.
    private var lastPlaces: [UInt64: Point] = [:]

    package init(isOn: Bool) { self.isOn = isOn }

    /// A finger's contact `id` of a panel of `group`, in `phase` at `p`: true when it is left
    /// out (it begins while the group's pen is near); else its place is kept.
    @inline(__always)
    package mutating func leavesOut(_ id: UInt64, _ phase: ContactPhase, at p: Point, group: String) -> Bool {
        if phase == .began, isOn, pensNear.contains(group) { return true }
        if phase.isTerminal { lastPlaces[id] = nil } else { lastPlaces[id] = p }
        return false
    }

    /// The pen of `group` is near in this frame, or not: true when it has just come near (the
    /// group's fingers' touches are to be cancelled).
    package mutating func pen(of group: String, isNear near: Bool) -> Bool {
        guard isOn else { return false }
        if near { return pensNear.insert(group).inserted }
        pensNear.remove(group)
        return false
    }

    /// Where a finger's touch cancelled for its pen was last (and it is forgotten).
    package mutating func lastPlace(of id: UInt64) -> Point {
        lastPlaces.removeValue(forKey: id) ?? Point(x: 0, y: 0)
    }
}
