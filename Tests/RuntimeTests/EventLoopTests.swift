import Glibc
import Runtime
import Testing

/// The daemon's loop on pipes: sources come with their handlers, handed-out tokens, the order
/// within one wake, removal during a wake, the hook before sleeping and timers.
@Suite("The event loop")
struct EventLoopTests {
    /// A pipe whose read end the loop watches; `poke` makes it readable, `drain` empties it.
    final class Pipe {
        let read: Int32, write: Int32
        init() {
            var fds: [Int32] = [0, 0]
            _ = pipe(&fds)
            (read, write) = (fds[0], fds[1])
            for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        }
        deinit {
            close(read)
            close(write)
        }
        func poke() {
            var b: UInt8 = 1
            _ = Glibc.write(write, &b, 1)
        }
        func drain() {
            var b = [UInt8](repeating: 0, count: 64)
            while Glibc.read(read, &b, 64) > 0 {}
        }
    }

    @Test func handlersOfOneWakeRunRequestsFirstThenInputHotplugTimersAndSignalsLast() throws {
        let loop = try EventLoop()
        let pipes = (0..<5).map { _ in Pipe() }
        var calls: [String] = []
        // Registered in the reverse of the order they must run in.
        let orders: [(EventLoop.Order, String)] = [
            (.signal, "signal"), (.timer, "timer"), (.hotplug, "hotplug"), (.input, "input"),
            (.requests, "requests"),
        ]
        for (pipe, (order, name)) in zip(pipes, orders) {
            try loop.watch(pipe.read, order: order) {
                pipe.drain()
                calls.append(name)
            }
        }
        for p in pipes { p.poke() }
        loop.run(beforeSleep: { loop.stop() })
        #expect(calls == ["requests", "input", "hotplug", "timer", "signal"])
    }

    @Test func aSourceRemovedDuringAWakeIsNotCalledEvenWhenItsSlotIsReusedAtOnce() throws {
        let loop = try EventLoop()
        let first = Pipe()
        let second = Pipe()
        let third = Pipe()
        var calls: [String] = []
        var secondSource: EventLoop.Source?
        try loop.watch(first.read) { [unowned loop] in  // the loop holds its handlers
            first.drain()
            calls.append("first")
            // The second source goes, and a new one takes its slot in the same wake.
            loop.remove(secondSource!)
            _ = try? loop.watch(third.read) {
                third.drain()
                calls.append("third")
            }
        }
        secondSource = try loop.watch(second.read) {
            second.drain()
            calls.append("second")
        }
        first.poke()
        second.poke()
        var wakes = 0
        loop.run(beforeSleep: {
            wakes += 1
            if wakes == 1 { third.poke() } else { loop.stop() }
        })
        #expect(
            calls == ["first", "third"],
            "the removed source is never called, the new one only for its own readiness: \(calls)")
        second.drain()
    }

    @Test func beforeSleepRunsOnlyWhenNothingIsReady() throws {
        let loop = try EventLoop()
        let p = Pipe()
        var log: [String] = []
        var pokes = 3
        try loop.watch(p.read) {
            p.drain()
            log.append("read")
            if pokes > 0 {
                pokes -= 1
                p.poke()
            }  // more input at once: no sleep between
        }
        p.poke()
        loop.run(
            beforeSleep: {
                log.append("sleep")
                if log.count > 1 { loop.stop() }
            }, afterWake: { log.append("wake") })
        #expect(log == ["read", "wake", "read", "wake", "read", "wake", "read", "wake", "sleep"], "\(log)")
    }

    @Test func aTimerCallsItsHandlerOnceWhenItsDeadlinePasses() throws {
        let loop = try EventLoop()
        var fired = 0
        let timer = try loop.timer { [unowned loop] in
            fired += 1
            loop.stop()
        }
        timer.arm(monotonicSeconds() - 1)  // already due
        #expect(timer.deadline != nil)
        loop.run(beforeSleep: {})
        #expect(fired == 1)
        #expect(timer.deadline == nil, "acknowledged: disarmed until armed again")
    }

    @Test func aRemovedSourceIsNoLongerWatched() throws {
        let loop = try EventLoop()
        let p = Pipe()
        let other = Pipe()
        var calls = 0
        let source = try loop.watch(p.read) { calls += 1 }
        loop.remove(source)
        try loop.watch(other.read) { [unowned loop] in
            other.drain()
            loop.stop()
        }
        p.poke()
        other.poke()
        loop.run(beforeSleep: {})
        #expect(calls == 0)
    }
}
