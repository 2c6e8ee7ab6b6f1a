import Runtime

/// Clients' reloads, coalesced: when the last was done, whether one waits (for its second to
/// end, or for the fingers to lift), and the timer it waits on. Made before the pipeline, so
/// the pipeline is built telling it as the last finger lifts.
final class ClientReloads {
    /// When the last reload was done (monotonic seconds).
    var last = -Double.infinity
    /// Whether a reload waits.
    var pending = false
    /// The timer the waiting reload is due on.
    var timer: LoopTimer?
    /// When the pending reload came due with a finger down.
    var dueSince: Double?
    /// Whether the waiting reload is due as the last finger lifts.
    var waitsForLift = false

    /// The last finger down lifted: a reload waiting for it is due at the next wake (never
    /// inside a frame).
    func lifted() {
        guard waitsForLift else { return }
        waitsForLift = false
        timer?.arm(monotonicSeconds())
    }
}
