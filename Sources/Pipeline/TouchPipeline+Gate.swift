import TouchInput
import TouchKit
import TouchScene

/// The kiosk's one gate: every input from outside — a finger's or pen's contact, a pen coming
/// near (its hover and barrel buttons with it), a key (a press the scene names, a media key),
/// a shake — passes it before any recognizer, action or command sees it. Locked, it is
/// swallowed and counted. Idle, a person's input wakes the kiosk and reaches nothing until it
/// ends (a contact until it lifts, a pen until it goes, a key until it is up); a shake never
/// wakes it, and reaches nothing while it sleeps.
extension TouchPipeline {
    /// What the gate says of a pen near a panel.
    enum PenSession: Sendable, Equatable {
        /// No pen is near.
        case away
        /// The pen came near through the gate: its hover and buttons reach the window.
        case admitted
        /// The pen woke the kiosk, came while it was locked, or was near when the lock came:
        /// nothing of it reaches the window until it goes.
        case held
    }

    /// The gate's identifier of a pen near `panel` and of key `code` of device `number`: kept
    /// apart from the contacts' (which count up from 1) in the high bits.
    static func gateID(penOf number: Int) -> UInt64 { 1 << 63 | UInt64(truncatingIfNeeded: number) }
    static func gateID(key code: Int, of number: Int) -> UInt64 {
        1 << 63 | 1 << 62 | UInt64(truncatingIfNeeded: number) << 16 | UInt64(truncatingIfNeeded: code & 0xffff)
    }

    /// Whether an input `id` that begins at `t` passes the gate: false while locked
    /// (swallowed), and when it wakes the kiosk (`wake` says so, naming the panel's display
    /// when it was off) or comes while the wake's inputs are still down. `panel`: the panel it
    /// came on, whose display being off means the kiosk sleeps.
    func admits(_ id: UInt64, on panel: Panel?, at t: Double, wake: (_ displayOff: String?) -> Void) -> Bool {
        switch gate.admit(id, on: panel, at: t) {
        case .pass: return true
        case .swallowed: return false
        case .wake(let dark):
            wake(dark)
            return false
        }
    }

    /// A contact begins under the kiosk's rules: false when touches are locked, when it woke
    /// the kiosk (idle, or its display off), or came while the wake's inputs are down (it
    /// then reaches nothing until it lifts).
    func arrives(_ id: UInt64, at p: Point, from panel: Panel, time t: Double) -> Bool {
        admits(id, on: panel, at: t) { dark in log.wake(node: panel.node, id: id, location: p, display: dark, time: t) }
    }

    /// A pen's frame through the gate: whether its hover and buttons reach the window. A pen
    /// coming near is gated once; its tip's contacts pass the gate as every contact does.
    func penPasses(_ frame: ContactFrame, from panel: Panel, at t: Double) -> Bool {
        let near =
            (frame.hover.map { $0.phase != .ended } ?? false) || frame.contacts.contains { !$0.phase.isTerminal }
        switch (panel.penSession, near) {
        case (.away, true):
            let hover = frame.hover.map { panel.screenPoint($0.position) }
            let id = Self.gateID(penOf: panel.number)
            panel.penSession =
                admits(id, on: panel, at: t) { dark in
                    log.wake(node: panel.node, location: hover, display: dark, cause: .pen, time: t)
                } ? .admitted : .held
            return panel.penSession == .admitted
        case (.away, false): return true
        case (let session, true): return session == .admitted
        case (let session, false):
            panel.penSession = .away
            gate.ended(Self.gateID(penOf: panel.number), at: t)
            return session == .admitted
        }
    }

    /// A key of `device` going down (`down`) or up through the gate: whether it reaches the
    /// window. One that went down held (swallowed, or the wake's) is held up too.
    func keyPasses(_ code: Int, down: Bool, of device: AuxiliaryDevice, at t: Double) -> Bool {
        let id = Self.gateID(key: code, of: device.number)
        if down {
            guard !device.keysGated.contains(code) else { return !device.keysHeld.contains(code) }
            device.keysGated.insert(code)
            if admits(id, on: nil, at: t, wake: { _ in log.wake(node: device.node, cause: .key, time: t) }) {
                return true
            }
            device.keysHeld.insert(code)
            return false
        }
        guard device.keysGated.remove(code) != nil else { return false }
        gate.ended(id, at: t)
        return device.keysHeld.remove(code) == nil
    }

    /// The lock came: what a pen near a panel and the auxiliary devices have under way ends
    /// (hovers, barrel buttons and presses cancelled, seeks ended, shakes cancelled), and is
    /// held until it ends.
    func holdInputsUnderWay(at t: Double) {
        for panel in panels where panel.penSession == .admitted {
            panel.penSession = .held
            scene.app.handleHover(
                Application.HoverUpdate(phase: .cancelled, location: Point(x: 0, y: 0), zOffset: 1), timestamp: t)
            releaseBarrel(of: panel, at: t)
        }
        for d in auxiliaries {
            end(d, at: t)
            d.keysHeld.formUnion(d.keysGated)
        }
    }
}
