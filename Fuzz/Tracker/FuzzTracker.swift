import InputEvents
import PanelHealth
import PipelineChecks
import TouchInput

/// The contact trackers fed arbitrary event streams against arbitrary device descriptions
/// (touch controllers in mouse mode among them, marked as panels):
/// every contact begins once and ends once, nothing after its end, nothing left after
/// `cancelAll`. The health report (a pen's figures among them) is made of the same stream and
/// written in both its formats, without a trap.
func fuzzTracker(_ bytes: [UInt8]) {
    var input = FuzzInput(bytes)
    let device = input.device()
    // Marked as a panel: a controller in mouse mode reads its BTN_LEFT as the contact.
    var tracker = ContactTracker(
        description: device, ids: ContactIDs(), contactKey: TouchProtocol.contactKey(of: device, marked: true))
    var invariants = ContactInvariants()
    var health = HealthAnalyzer(description: device, source: "fuzz")
    var time: Int64 = 1_000_000
    var n = 0
    while !input.isAtEnd && n < 20_000 {
        let (e, sync) = input.event(time: &time)
        health.event(e)
        tracker.process(e, isSync: sync) { f in
            invariants.check(f)
            health.frame(f)
        }
        n += 1
    }
    invariants.check(tracker.cancelAll(at: EventTime(totalMicroseconds: time)))
    invariants.finish()
    let report = health.report()
    _ = HealthText.write(report)
    _ = HealthJSON.write(report)
    if let v = invariants.violations.first { fatalError("invariant: \(v) (\(TouchProtocol(device)))") }
}

/// libFuzzer's callback.
func entry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzTracker(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@main struct Main {
    static func main() { fuzzMain(name: "fuzz-tracker", entry, fuzzTracker) }
}
