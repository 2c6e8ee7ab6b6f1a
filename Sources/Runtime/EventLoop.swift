/// The daemon's one loop: components register file descriptors and deadline timers with a
/// handler and get a `Source` back; nobody numbers tokens or edits the loop to add one. It
/// sleeps in epoll until something is ready, and calls `beforeSleep` first (flush output, arm
/// timers), so nothing polls.
public final class EventLoop {
    /// Which handlers of one wake run first: a client's request (a subscription sent before
    /// the devices' events were read) applies to the lines they give, and what the devices
    /// queued happened before the hotplug news, timers and signals read in the same wake.
    public enum Order: Int, Sendable {
        case requests, input, hotplug, timer, signal
    }

    /// A registered descriptor; `remove` takes it back. A source removed during a wake is not
    /// called again in that wake, even when its slot is reused at once.
    public struct Source: Hashable, Sendable {
        fileprivate let token: UInt64
    }

    private struct Entry {
        let fd: Int32
        let order: Order
        var readable: Bool
        var writable = false
        let handler: () -> Void
    }

    private let poller: Poller
    private var entries: [Entry?] = []
    /// Bumped each time a slot is freed, so a stale token of a ready list finds nothing.
    private var generations: [UInt32] = []
    private var freeSlots: [Int] = []
    private var ready: [UInt64] = []
    private var stopping = false

    public init() throws(SystemError) {
        poller = try Poller()
        ready.reserveCapacity(32)
    }

    /// Calls `handler` whenever `fd` is readable, in `order` among the sources ready together.
    /// An output (`readable: false`) is watched for errors only, and for room to write while
    /// `wantsWritable` says so.
    @discardableResult
    public func watch(
        _ fd: Int32, order: Order = .input, readable: Bool = true,
        _ handler: @escaping () -> Void
    ) throws(SystemError) -> Source {
        let slot: Int
        if let reused = freeSlots.popLast() {
            slot = reused
        } else {
            slot = entries.count
            entries.append(nil)
            generations.append(0)
        }
        let token = UInt64(generations[slot]) << 32 | UInt64(slot)
        do {
            try poller.add(fd, token: token, readable: readable)
        } catch {
            freeSlots.append(slot)
            throw error
        }
        entries[slot] = Entry(fd: fd, order: order, readable: readable, handler: handler)
        return Source(token: token)
    }

    /// Whether `source`'s handler is also called when its descriptor can take more output.
    public func wantsWritable(_ source: Source, _ writable: Bool) {
        guard let slot = slotOf(source.token), let entry = entries[slot] else { return }
        entries[slot]!.writable = writable
        poller.modify(entry.fd, token: source.token, readable: entry.readable, writable: writable)
    }

    /// Stops calling `source`'s handler for input (its peer sent all it will); errors and
    /// hang-ups still call it, and room to write while `wantsWritable` says so.
    public func stopReading(_ source: Source) {
        guard let slot = slotOf(source.token), let entry = entries[slot] else { return }
        entries[slot]!.readable = false
        poller.modify(entry.fd, token: source.token, readable: false, writable: entry.writable)
    }

    /// Stops watching; the descriptor itself stays open (its owner closes it).
    public func remove(_ source: Source) {
        guard let slot = slotOf(source.token), let entry = entries[slot] else { return }
        poller.remove(entry.fd)
        entries[slot] = nil
        generations[slot] &+= 1
        freeSlots.append(slot)
    }

    /// A timer on `CLOCK_MONOTONIC` whose expiry calls `handler` (after it is acknowledged);
    /// disarmed until `arm` is called.
    public func timer(order: Order = .timer, _ handler: @escaping () -> Void) throws(SystemError) -> LoopTimer {
        let t = try LoopTimer()
        try watch(t.deadlineTimer.fd, order: order) {
            t.deadlineTimer.acknowledge()
            handler()
        }
        return t
    }

    /// Ends `run` once the handlers of the current wake have run (or, called from
    /// `beforeSleep`, instead of sleeping).
    public func stop() { stopping = true }

    /// Handles what becomes ready until `stop` is called. `beforeSleep` runs whenever
    /// nothing is ready, just before the loop blocks; `afterWake` after each wake's handlers.
    public func run(beforeSleep: () -> Void, afterWake: () -> Void = {}) {
        stopping = false
        while !stopping {
            poller.wait(timeoutMs: 0, into: &ready)
            if ready.isEmpty {
                beforeSleep()
                if stopping { break }
                poller.wait(timeoutMs: -1, into: &ready)
            }
            var rank = 0
            while let order = Order(rawValue: rank) {
                for token in ready {
                    guard let slot = slotOf(token), let entry = entries[slot], entry.order == order else { continue }
                    entry.handler()
                }
                rank += 1
            }
            afterWake()
        }
    }

    /// The slot a token names, nil when that registration is gone.
    private func slotOf(_ token: UInt64) -> Int? {
        let slot = Int(token & 0xffff_ffff)
        guard slot < entries.count, generations[slot] == UInt32(token >> 32) else { return nil }
        return slot
    }
}

/// A deadline timer registered with an `EventLoop`: armed for an absolute time on the
/// monotonic clock, or disarmed; its handler runs in the loop when it passes.
public final class LoopTimer {
    fileprivate let deadlineTimer: DeadlineTimer

    fileprivate init() throws(SystemError) { deadlineTimer = try DeadlineTimer() }

    /// The armed deadline in seconds, nil while disarmed.
    public var deadline: Double? { deadlineTimer.deadline }

    /// Arms the timer for `seconds` (monotonic), or disarms it for nil.
    public func arm(_ seconds: Double?) { deadlineTimer.arm(seconds) }
}
