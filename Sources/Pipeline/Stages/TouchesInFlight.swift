/// The contacts the pipeline follows between their beginning and their end: those sent to the
/// window and still down, with their panel, and those that never reach it until they end
/// (initial ones not adopted, those down across a reload or a lock, a wake's, a pen's
/// fingers).
package struct TouchesInFlight {
    /// Contacts sent to the window and still down.
    package private(set) var active: [UInt64: Panel] = [:]
    /// Contacts that reach nothing until they end.
    private(set) var ignored: Set<UInt64> = []
    /// Told each time the last contact down lifts (a reload waiting for the fingers).
    private let allLifted: (() -> Void)?

    package init(allLifted: (() -> Void)? = nil) { self.allLifted = allLifted }

    /// `id` reaches nothing until it ends.
    @inline(__always) mutating func ignore(_ id: UInt64) { ignored.insert(id) }

    /// Whether `id` is ignored; one that ends (`terminal`) is forgotten.
    @inline(__always) mutating func isIgnored(_ id: UInt64, ending terminal: Bool) -> Bool {
        guard !ignored.isEmpty, ignored.contains(id) else { return false }
        if terminal { ignored.remove(id) }
        return true
    }

    /// `id` began on `panel` in the window.
    @inline(__always) mutating func began(_ id: UInt64, on panel: Panel) { active[id] = panel }

    /// `id` ended in the window: whoever waits for every finger to lift is told.
    @inline(__always) mutating func ended(_ id: UInt64) {
        active[id] = nil
        if active.isEmpty, let allLifted { allLifted() }
    }

    /// `id` is taken out of the window by the pipeline (a ghost, a pen's finger): its panel,
    /// nil when it was not down; it reaches nothing more.
    mutating func takeOut(_ id: UInt64) -> Panel? {
        guard let panel = active.removeValue(forKey: id) else { return nil }
        ignored.insert(id)
        return panel
    }

    /// Every contact down (of `panel`, or of every panel) reaches nothing more: their
    /// identifiers, which were cancelled in the window.
    mutating func ignoreActive(of panel: Panel? = nil) -> [UInt64] {
        let ids = active.filter { panel == nil || $0.value === panel }.map(\.key)
        for id in ids {
            ignored.insert(id)
            active[id] = nil
        }
        return ids
    }
}
