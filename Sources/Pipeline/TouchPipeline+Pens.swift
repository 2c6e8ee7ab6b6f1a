import InputEvents
import TouchInput
import TouchKit
import TouchScene

/// A pen's frames beside its touches: its barrel buttons as presses, its hover to the hover
/// recognizers, and pen and touch arbitration (libinput's): while a panel's pen is near (in
/// proximity), the touches of the fingers of the same panel are cancelled and new ones are not
/// begun, so a hand resting while the pen writes reaches nothing.
extension TouchPipeline {
    /// A pen's frame: its buttons, its nearness (arbitration) and a hover that ends, then its
    /// tip's touch, then a hover that begins or moves (a hover ends before the tip's touch
    /// begins, and begins after it ended).
    func deliverPen(_ frame: ContactFrame, _ pen: PenState, from panel: Panel, at t: Double) {
        let passes = penPasses(frame, from: panel, at: t)
        penFrame(frame, pen, passes: passes, from: panel, at: t)
        var tip: TouchUpdate?
        for c in frame.contacts where c.phase != .stationary {
            guard let p = position(of: c, from: panel, at: t), follows(c, at: p, from: panel, time: t) else {
                continue
            }
            appendUpdate(c, at: p, from: panel)
            tip = pencilLastUpdate(pen, of: panel)
        }
        dispatchUpdates(from: panel, at: t)
        if passes, let h = frame.hover, h.phase != .ended { hover(h, pen, from: panel, at: t) }
        if passes, !outputs.devices.isEmpty { forwardPen(frame, pen, tip: tip, from: panel) }
    }

    /// The pen's frame to the virtual pen: the tip where the window had it, else the hover.
    private func forwardPen(_ frame: ContactFrame, _ pen: PenState, tip: TouchUpdate?, from panel: Panel) {
        let sample: PenSample
        if let tip, tip.phase != .ended && tip.phase != .cancelled {
            sample = PenSample(
                isNear: true, location: tip.location, isTouching: true,
                pressure: tip.maximumPossibleForce > 0 ? tip.force / tip.maximumPossibleForce : 1,
                altitude: tip.altitudeAngle, azimuth: tip.azimuthAngle, isEraser: pen.eraser, buttons: pen.buttons)
        } else if let h = frame.hover, h.phase != .ended {
            var angles = TouchUpdate(identifier: 0, phase: .moved, location: Point(x: 0, y: 0))
            panel.pencil(&angles, pen)
            sample = PenSample(
                isNear: true, location: panel.screenPoint(h.position), altitude: angles.altitudeAngle,
                azimuth: angles.azimuthAngle, isEraser: pen.eraser, height: panel.zOffset(pen), buttons: pen.buttons)
        } else if tip != nil || frame.hover != nil {
            sample = .away
        } else {
            return  // nothing of this frame reached the window (a tip left out)
        }
        outputs.forwardPen(sample, from: panel)
    }

    /// What a pen's frame does before its touches: buttons and a hover that ends (when the pen
    /// `passes` the gate), nearness.
    private func penFrame(_ frame: ContactFrame, _ pen: PenState, passes: Bool, from panel: Panel, at t: Double) {
        if pen.buttons != panel.penButtons {
            pressBarrel(pen.buttons, of: panel, passes: passes, at: t)
        }
        if passes, let h = frame.hover, h.phase == .ended { hover(h, pen, from: panel, at: t) }
        guard pens.isOn, let group = panel.placement.group else { return }
        let near =
            (frame.hover.map { $0.phase != .ended } ?? false)
            || frame.contacts.contains { !$0.phase.isTerminal }
        if pens.pen(of: group, isNear: near) { cancelFingers(of: group, near: panel, at: t) }
    }

    /// Whether a finger's contact `c` on a panel that has a pen is left out because its pen is
    /// near; else its place is kept, for cancelling it when the pen comes.
    func arbitrates(_ c: Contact, at p: Point, from panel: Panel) -> Bool {
        guard let group = panel.placement.group, pens.leavesOut(c.id, c.phase, at: p, group: group) else {
            return false
        }
        touches.ignore(c.id)
        sayArbitration(of: panel)
        return true
    }

    /// The pen of `group` came near: the touches of its panel's fingers are cancelled, through
    /// the window and on the virtual devices, and their later frames end nothing.
    private func cancelFingers(of group: String, near pen: Panel, at t: Double) {
        let fingers = touches.active.filter { $0.value !== pen && $0.value.placement.group == group }
        for (id, panel) in fingers.sorted(by: { $0.key < $1.key }) {
            _ = touches.takeOut(id)
            gate.contactEnded(id, at: t)
            let at = pens.lastPlace(of: id)
            sayArbitration(of: panel)
            dispatch(
                [TouchUpdate(identifier: id, phase: .cancelled, location: at, device: panel.number)], from: panel, at: t
            )
        }
    }

    /// Says once, for a panel, that its fingers give way to its pen.
    private func sayArbitration(of panel: Panel) {
        guard !panel.saidArbitration else { return }
        panel.saidArbitration = true
        warn(
            "\(panel.node): its pen is near: its fingers' touches are cancelled and new ones left out until the pen "
                + "goes (pen and touch arbitration; --no-pen-arbitration turns it off)")
    }

    /// A pen's barrel buttons that went down (while the pen `passes` the gate) or up (those
    /// whose press went down), as presses of `BTN_STYLUS`/`BTN_STYLUS2` for a scene that names
    /// them (`presses`).
    private func pressBarrel(_ buttons: UInt8, of panel: Panel, passes: Bool, at t: Double) {
        for (bit, code) in Self.barrelCodes where (buttons ^ panel.penButtons) & bit != 0 {
            let down = buttons & bit != 0
            if down {
                guard passes else { continue }
                panel.barrelDelivered |= bit
            } else {
                guard panel.barrelDelivered & bit != 0 else { continue }
                panel.barrelDelivered &= ~bit
            }
            guard let name = scene.pressKeys[Int(code)] else { continue }
            scene.app.handlePress(key: Int(code), name: name, isDown: down, timestamp: t)
        }
        panel.penButtons = buttons
    }

    /// The barrel buttons' bits in `PenState.buttons` and their key codes.
    private static let barrelCodes = [(UInt8(1), Kernel.BTN_STYLUS), (2, Kernel.BTN_STYLUS2)]

    /// The barrel presses that went down through the gate are cancelled (the lock came); the
    /// pen's virtual pen goes away.
    func releaseBarrel(of panel: Panel, at t: Double) {
        let keys = Set(Self.barrelCodes.filter { panel.barrelDelivered & $0.0 != 0 }.map { Int($0.1) })
        panel.barrelDelivered = 0
        let named = keys.filter { scene.pressKeys[$0] != nil }
        if !named.isEmpty { scene.app.cancelPresses(keys: named, timestamp: t) }
        outputs.forwardPen(.away, from: panel)
    }

    /// A pen's hover over `panel` to the window's hover recognizers, at its place on the screen.
    func hover(_ h: PenHover, _ pen: PenState, from panel: Panel, at t: Double) {
        let phase: Touch.Phase = h.phase == .began ? .began : h.phase == .moved ? .moved : .ended
        let p = panel.screenPoint(h.position)
        let update = Application.HoverUpdate(phase: phase, location: p, zOffset: panel.zOffset(pen))
        scene.app.handleHover(update, timestamp: t)
        if let hover = observers.hover { hover(update, t) }
    }
}
