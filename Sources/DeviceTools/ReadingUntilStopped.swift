import Evdev
import Glibc
import Host
import InputEvents
import Runtime

/// The monotonic clock as an event time (live devices are read with CLOCK_MONOTONIC).
package func monotonicNow() -> EventTime {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return EventTime(seconds: Int64(ts.tv_sec), microseconds: Int32(ts.tv_nsec / 1000))
}

/// Reads `device` (`mode`: raw for the dumps, synced for contact tracking) until SIGINT or SIGTERM, until `deadline` (monotonic seconds), until
/// `finished` says so (the reader of the output went away, say), or until it fails; every
/// event goes to `body`, and `drained` runs each time all there was has been read (before the
/// next wait). Returns what ended the reading when it was the device (unplug, read error),
/// nil otherwise. Sleeps in poll(2) between reads, with `companion`'s descriptor beside the
/// device's (a drawing surface's compositor).
package func readUntilStopped(
    _ device: EvdevDevice, _ mode: EvdevDevice.ReadMode = .synced, signals: SignalWatch, deadline: Double? = nil,
    finished: () -> Bool = { false }, drained: () -> Void = {}, companion: LoopCompanion? = nil,
    onEvent body: (InputEvent, Bool) -> Void
) -> DeviceError? {
    while !finished() {
        var timeout: Int32 = -1
        if let deadline {
            let left = deadline - monotonicNow().inSeconds
            if left <= 0 { return nil }
            timeout = Int32(min(left * 1000 + 1, 1e9))
        }
        companion?.willWait()
        let extra = companion?.fd
        let ready = waitReadable([device.fd, signals.fd] + (extra.map { [$0] } ?? []), timeoutMs: timeout)
        companion?.didWait(readable: extra != nil && ready.contains(2))
        // A signal ends the loop after this pass: events already queued happened first.
        let stop = ready.contains(1) && signals.take() != nil
        guard ready.contains(0) || stop else { continue }
        do {
            var status = try device.read(mode, body)
            // Stopping: what the kernel still holds happened before the signal, so all of it is read.
            while stop && status == .more { status = try device.read(mode, body) }
            drained()
            if status == .unplugged { return .unplugged(path: device.path) }
        } catch {
            drained()
            return error
        }
        if stop { return nil }
    }
    return nil
}

/// What waits on a descriptor of its own beside a device's: told before each sleep (to send what
/// it queued) and after (to read what came).
package protocol LoopCompanion: AnyObject {
    var fd: Int32? { get }
    func willWait()
    func didWait(readable: Bool)
}
