/// Time for the objects that wait (long press, multi-tap, failure requirements): a queue of
/// deadlines on the input clock. Tests advance it by hand; the daemon arms a timerfd for
/// `nextDeadline` and advances it when that fires. Logic never reads the wall clock.
public final class TimerQueue {
    /// Names a scheduled timer, for ``cancel(_:)``.
    public struct TimerID: Hashable, Sendable { let value: UInt64 }

    private struct Entry {
        let id: TimerID
        let deadline: Double
        let action: () -> Void
    }

    /// Seconds, on the same clock as touch timestamps.
    public private(set) var now: Double = 0
    private var entries: [Entry] = []
    private var nextID: UInt64 = 1

    public init() {}

    /// Runs `action` once `now` reaches `now + delay`.
    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping () -> Void) -> TimerID {
        let id = TimerID(value: nextID)
        nextID += 1
        entries.append(Entry(id: id, deadline: now + max(0, delay), action: action))
        return id
    }

    /// Cancels a timer that has not fired (nothing for nil or a fired one).
    public func cancel(_ id: TimerID?) {
        guard let id else { return }
        entries.removeAll { $0.id == id }
    }

    /// The earliest pending deadline, if any (what a timerfd should be armed for). The loop
    /// asks on every wake: a scan, no allocation.
    public var nextDeadline: Double? {
        var earliest: Double?
        for e in entries where earliest == nil || e.deadline < earliest! { earliest = e.deadline }
        return earliest
    }

    /// Moves time forward to `time`, firing due timers in deadline order (each with `now` at
    /// its deadline). Time never goes backwards.
    public func advance(to time: Double) {
        while let next = entries.enumerated().min(by: {
            ($0.element.deadline, $0.element.id.value) < ($1.element.deadline, $1.element.id.value)
        }),
            next.element.deadline <= time
        {
            entries.remove(at: next.offset)
            now = max(now, next.element.deadline)
            next.element.action()
        }
        now = max(now, time)
    }

    /// Moves time forward by `delta` seconds, firing due timers.
    public func advance(by delta: Double) { advance(to: now + delta) }
}
