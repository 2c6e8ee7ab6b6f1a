import TouchKit

/// `--forward-contacts N`: which contacts a virtual touchscreen carries — the first N down
/// at any time; one that comes while N are down is left out until it lifts, even if a place
/// frees meanwhile (a finger never joins the app's gesture half-way).
struct ContactLimit {
    let limit: Int
    private var carried: Set<UInt64> = []
    private var leftOut: Set<UInt64> = []

    init(_ limit: Int?) { self.limit = limit ?? Int.max }

    /// Whether `u` goes to the device.
    mutating func admits(_ u: TouchUpdate) -> Bool {
        let id = u.identifier
        let ends = u.phase == .ended || u.phase == .cancelled
        if limit == Int.max { return true }
        if u.phase == .began {
            guard carried.count < limit else {
                leftOut.insert(id)
                return false
            }
            carried.insert(id)
            return true
        }
        if leftOut.contains(id) {
            if ends { leftOut.remove(id) }
            return false
        }
        if ends { carried.remove(id) }
        return true
    }

    /// Every contact ended (a reload, a remap, shutdown).
    mutating func reset() {
        carried.removeAll()
        leftOut.removeAll()
    }
}
