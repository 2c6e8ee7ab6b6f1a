import InputEvents
import TextBuffers
import TouchKit

/// The log's lines about the kiosk's own rules rather than a responder: idle and wake
/// (the scene's `idle`, a command, the display), the lock, and contacts cancelled as ghosts
/// (`--ghost-after`).
extension HandlerLog {
    /// The kiosk is idle: nothing touched any panel for `after` seconds (`cause` the timer), or
    /// a command blanked it (`after` nil).
    public func idle(after: Double?, cause: KioskCause = .timer, time: Double) {
        tell(.idle(waking: false, time: time))
        serviceLine(.idle, "idle", time) { b, f in
            if let after { f.number(&b, "after", after, decimals: nil, text: .labelled("after"), unit: " s") }
            causeFields(cause, plain: .timer, into: &b, f)
        }
        tellIdle(waking: false, time: time)
    }

    /// Device `node` woke the kiosk: its contact `id` at `location` (screen points), a pen's
    /// hover at `location` (`cause` pen) or a key (`cause` key); it reaches nothing. `display`
    /// names the panel's display when it was off (whoever turned it off). Without a device
    /// (`node` nil): a command woke it (`cause`), or the scene that asked for idle was
    /// replaced. The place is left out where the log's readers may learn none
    /// (`namesWakingPlaces`).
    public func wake(
        node: String?, id: UInt64? = nil, location: Point? = nil, display: String? = nil, cause: KioskCause? = nil,
        time: Double
    ) {
        let plain: KioskCause = node == nil ? .scene : .touch
        tell(.idle(waking: true, time: time))
        serviceLine(.idle, "wake", time) { b, f in
            if let node {
                f.string(&b, "device", node)
                if namesWakingPlaces {
                    if let id { f.integer(&b, "id", Int64(truncatingIfNeeded: id), text: .labelled("id")) }
                    if let location { f.point(&b, "location", location) }
                }
            }
            causeFields(cause ?? plain, plain: plain, into: &b, f)
            if let display { f.string(&b, "displayOff", display, text: .labelled("display off")) }
        }
        tellIdle(waking: true, time: time)
    }

    /// Every touch is swallowed from now on (cleaning mode), for `seconds` or until unlocked.
    public func lock(seconds: Double?, cause: KioskCause, time: Double) {
        serviceLine(.lock, "lock", time) { b, f in
            if let seconds { f.number(&b, "seconds", seconds, decimals: nil, text: .labelled("for"), unit: " s") }
            causeFields(cause, plain: .touch, into: &b, f)
        }
    }

    /// Touches reach the window again; `swallowed` inputs (contacts, a pen's hovers, keys)
    /// began while it was locked.
    public func unlock(swallowed: Int, cause: KioskCause, time: Double) {
        serviceLine(.lock, "unlock", time) { b, f in
            f.integer(&b, "swallowed", Int64(swallowed), text: .labelled("swallowed"))
            causeFields(cause, plain: .touch, into: &b, f)
        }
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
