import InputEvents
import TouchInput

/// What a contact tracker's frames must always satisfy, whatever it is fed: a contact begins
/// once, ends once (ended or cancelled), reports nothing after, appears at most once a frame,
/// and its previous position is where it was last reported.
public struct ContactInvariants {
    public private(set) var violations: [String] = []
    public private(set) var began = 0
    private var live: [UInt64: DevicePoint] = [:]
    private var finished = Set<UInt64>()

    public init() {}

    public mutating func check(_ frame: ContactFrame) {
        var seen = Set<UInt64>()
        for c in frame.contacts {
            if !seen.insert(c.id).inserted { violations.append("contact \(c.id) twice in one frame") }
            if finished.contains(c.id) { violations.append("contact \(c.id) reported after it ended") }
            switch c.phase {
            case .began:
                if live[c.id] != nil { violations.append("contact \(c.id) began twice") }
                live[c.id] = c.position
                began += 1
            case .moved, .stationary, .ended, .cancelled:
                guard let last = live[c.id] else {
                    violations.append("contact \(c.id) \(c.phase) without began")
                    continue
                }
                if c.previousPosition != last {
                    violations.append("contact \(c.id): previous position is not the last one reported")
                }
                live[c.id] = c.position
                if c.phase.isTerminal {
                    live[c.id] = nil
                    finished.insert(c.id)
                }
            }
        }
    }

    /// After `cancelAll`: nothing may be left.
    public mutating func finish() {
        if !live.isEmpty { violations.append("\(live.count) contact(s) never ended") }
    }
}
