import InputEvents
import TouchKit

/// The log's lines about the kiosk's own rules rather than a responder: idle and wake
/// (the scene's `idle`), and contacts cancelled as ghosts (`--ghost-after`).
extension HandlerLog {
    /// Nothing touched any panel for `after` seconds: the kiosk is idle.
    public func idle(after: Double, time: Double) {
        tell(.idle(waking: false, time: time))
        serviceLine(.idle, "idle", time) { b, f in
            f.number(&b, "after", after, decimals: nil, text: .labelled("after"), unit: " s")
        }
        tellIdle(waking: false, time: time)
    }

    /// Contact `id` of device `node` woke the kiosk at `location` (screen points); it reaches
    /// nothing. Without a contact (`node` nil): the scene that asked for idle was replaced.
    public func wake(node: String?, id: UInt64, location: Point, time: Double) {
        tell(.idle(waking: true, time: time))
        serviceLine(.idle, "wake", time) { b, f in
            guard let node else { return }
            contactFields(node: node, id: id, location: location, into: &b, f)
        }
        tellIdle(waking: true, time: time)
    }

    /// Contact `id` of device `node` stayed within its panel's jitter at `location` from
    /// `since` on: cancelled as a ghost everywhere it reached.
    public func ghost(node: String, id: UInt64, location: Point, since: Double, time: Double) {
        tell(.ghost(node: node))
        serviceLine(.ghost, "ghost", time) { b, f in
            contactFields(node: node, id: id, location: location, into: &b, f)
            f.number(&b, "since", since, decimals: 6, text: .labelled("since"))
        }
    }

    private func contactFields(node: String, id: UInt64, location: Point, into b: inout TextBuffer, _ f: LineFields) {
        f.string(&b, "device", node)
        f.integer(&b, "id", Int64(truncatingIfNeeded: id), text: .labelled("id"))
        f.point(&b, "location", location)
    }
}
