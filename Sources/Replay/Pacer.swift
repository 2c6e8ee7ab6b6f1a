import Host
import Runtime

/// Real-time pacing for `--realtime`: maps recorded time onto the monotonic clock from the
/// first frame on and waits in the run's loop until then (the event socket's clients and the
/// commands are served meanwhile).
package final class Pacer {
    private let loop: EventLoop
    private let timer: LoopTimer
    /// Its signals stop the wait; what they log (a reload) is flushed before the loop sleeps.
    private unowned let host: PipelineHost
    private var offset: Double?
    /// Set when a client's command ended the last wait early.
    private(set) var wasInterrupted = false

    init(loop: EventLoop, host: PipelineHost) throws {
        self.loop = loop
        self.host = host
        timer = try loop.timer { [unowned loop] in loop.stop() }  // the loop holds this closure
    }

    private func stopped() -> Bool { host.stopRequested }

    /// Serves the loop until anything wakes it (a client, a signal) or the monotonic time
    /// `deadline` passes, the recording's clock not started. False when SIGINT or SIGTERM came first.
    func sleep(until deadline: Double?) -> Bool {
        timer.arm(deadline)
        var woke = false
        loop.run(
            beforeSleep: { [unowned host, unowned loop] in
                host.flush()
                if woke || host.stopRequested { loop.stop() }
            },
            afterWake: { woke = true })
        timer.arm(nil)
        return !stopped()
    }

    /// The recording's time now, once its clock has started.
    func recordedNow() -> Double? { offset.map { monotonicSeconds() - $0 } }

    /// Ends the wait under way (a client's command may have brought a deadline nearer).
    func interrupt() {
        wasInterrupted = true
        loop.stop()
    }

    /// Waits until recorded time `t`, or until a command interrupts. False when SIGINT or
    /// SIGTERM came first.
    func wait(until t: Double) -> Bool {
        wasInterrupted = false
        let now = monotonicSeconds()
        if offset == nil { offset = now - t }
        let target = t + offset!
        guard target > now else { return !stopped() }
        timer.arm(target)
        loop.run(beforeSleep: { [unowned host] in host.flush() })
        timer.arm(nil)
        return !stopped()
    }
}
