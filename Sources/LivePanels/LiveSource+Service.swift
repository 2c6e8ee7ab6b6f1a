import Evdev
import Glibc
import Host
import InputEvents
import Output
import Runtime

/// What the daemon tells systemd, and the log flushed before the loop sleeps.
extension LiveSource {
    func updateStatus() {
        guard let notify else { return }
        let n = devices.count
        let t = pipeline.active.count
        notify.status(
            n == 0
                ? "waiting for a touchscreen"
                : "\(n) panel\(n == 1 ? "" : "s"), \(t) touch\(t == 1 ? "" : "es") down")
    }

    func now() -> EventTime { EventTime(inSeconds: monotonicSeconds()) }

    func flush() { host.flush() }
}
