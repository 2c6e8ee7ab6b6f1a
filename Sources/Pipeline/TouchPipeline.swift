import InputEvents
import TouchInput
import TouchKit
import TouchScene

/// The glue between the input side and the window: each panel's events go through its
/// contact tracker and screen mapping, and each input frame's contact changes become one
/// `Application.handleTouches` call. The same code runs for live devices and recordings.
public final class TouchPipeline {
    /// The scene or application in front of the panels.
    public private(set) var scene: SceneInstance
    /// The handler log.
    public var log: HandlerLog { scene.log }
    /// What was decided before it was made, each read per contact as a field.
    let settings: Settings
    /// The kiosk's gate and rules: idle, the lock, ghosts.
    package internal(set) var gate: KioskGate
    /// Pen and touch arbitration.
    var pens: PenArbitration
    /// The virtual devices and what of each frame reaches them.
    package internal(set) var outputs: VirtualOutputs
    /// Who hears each frame after the window.
    var observers: FrameObservers
    /// The devices being read.
    package internal(set) var roster = DeviceRoster()
    /// The contacts between their beginning and their end.
    package internal(set) var touches: TouchesInFlight
    /// Whether media keys become remote-control events (`--keys`, or the scene handles them):
    /// the configuration's at first, then the reloaded scene's.
    public package(set) var readsRemoteKeys: Bool
    /// The frame being built (its capacity kept from frame to frame).
    private var updates: [TouchUpdate] = []
    /// Whether a touch that began on no window was said (it is said once).
    var saidTouchOutside = false

    /// The settings copied out of the configuration: a frame reads a field, never the whole
    /// value (a struct with a closure and arrays in it is copied, retained and released when
    /// read whole).
    struct Settings {
        let adoptInitialTouches: Bool
        let warn: (String) -> Void
    }

    /// Send the fingers already on the glass when a device is opened to the window (by
    /// default they are reported on stderr and ignored until lifted).
    public var adoptInitialTouches: Bool { settings.adoptInitialTouches }
    /// Pen and touch arbitration (libinput's): while a panel's pen is near, its fingers' touches
    /// are cancelled and new ones not begun (`--no-pen-arbitration` turns it off).
    public var penArbitration: Bool { pens.isOn }
    /// Diagnostics (stderr in the daemon).
    public var warn: (String) -> Void { settings.warn }
    /// Counters for `--metrics-file`.
    package var metrics: Metrics? { observers.metrics }
    /// The panels' virtual devices (`--virtual-touchscreen`, `--virtual-pointer`).
    package var virtualDevices: [any PanelForwarding] { outputs.devices }
    /// The panels being read, in the order they came.
    public var panels: [Panel] { roster.panels }
    /// Accelerometers and key devices (motion, remote-control and press events).
    public var auxiliaries: [AuxiliaryDevice] { roster.auxiliaries }
    /// Contacts sent to the window and still down.
    public var active: [UInt64: Panel] { touches.active }
    /// Forwards to `target` instead of virtual devices (the forwarding's own tests).
    package func forwardTouches(to target: any ForwardTarget) {
        outputs = VirtualOutputs(target: target)
        listenForClaims()
    }

    /// A pipeline into `scene` configured as `configuration` says, with no panel yet.
    public init(scene: SceneInstance, configuration: Configuration = Configuration()) {
        self.scene = scene
        settings = Settings(adoptInitialTouches: configuration.adoptInitialTouches, warn: configuration.warn)
        pens = PenArbitration(isOn: configuration.penArbitration)
        gate = KioskGate(displayOff: configuration.displayOff)
        observers = FrameObservers(configuration)
        touches = TouchesInFlight(allLifted: configuration.allLifted)
        outputs = VirtualOutputs(configuration.virtualDevices)
        readsRemoteKeys = configuration.readsRemoteKeys
        updates.reserveCapacity(16)
        hearTouchesOutsideWindows()
        if let m = observers.metrics { _ = scene.log.listen(toCalls: { m.observe($0) }) }
        if outputs.forwarding != nil { listenForClaims() }
    }

    /// The virtual devices go (the run ends; their contacts were cancelled).
    package func detachVirtualDevices() {
        outputs = VirtualOutputs([])
        listenForClaims()
    }

    // MARK: - Devices

    /// Adds a device and logs `deviceAdded` at `time` (seconds of input time).
    public func addPanel(
        node: String, description: DeviceDescription, mapper: ScreenMapper,
        placement: PanelPlacement = PanelPlacement(), time: Double
    ) -> Panel {
        let number = roster.number()
        let warn = settings.warn
        let panel = Panel(
            number: number, node: node, name: description.name, description: description, mapper: mapper,
            placement: placement, ids: roster.ids
        ) { w in warn("\(node): \(w)") }
        panel.filterNoise(noiseChoice(for: placement))
        if let why = panel.noiseRefusal { warn("\(node): \(why)") }
        roster.add(panel)
        log.setDevice(number, name: node)
        log.device(.added, node: node, name: description.name, time: time)
        return panel
    }

    /// The contacts already down when the device was opened (from `ContactTracker.open`).
    public func open(_ panel: Panel, initial frame: ContactFrame) {
        let n = frame.contacts.count
        if n > 0 && !settings.adoptInitialTouches {
            warn(
                "\(panel.node): \(n) finger\(n == 1 ? " was" : "s were") already on the glass: ignored until lifted "
                    + "(--adopt-initial-touches sends them to the window)")
        }
        deliver(frame, from: panel)
    }

    /// Feeds one event of `panel` (`isSync`: part of libevdev's resync after SYN_DROPPED).
    /// Inlinable, since the sources' modules call it for every event.
    @inlinable @inline(__always)
    public func process(_ e: InputEvent, isSync: Bool = false, from panel: Panel) {
        panel.counts.events &+= 1
        if e.type == Kernel.EV_SYN {
            if e.code == Kernel.SYN_REPORT {
                panel.counts.frames &+= 1
            } else if e.code == Kernel.SYN_DROPPED {
                panel.counts.dropped &+= 1
            }
        }
        panel.tracker.process(e, isSync: isSync) { frame in deliver(frame, from: panel) }
    }

    /// The device is gone (unplugged, or its recording ended): its counters are kept for the
    /// metrics, its touches end as cancelled through the responder chain, then
    /// `deviceRemoved` is logged. The one retire-a-panel step, live and from recordings.
    public func removePanel(_ panel: Panel, at time: EventTime) {
        metrics?.retire(panel)
        deliver(panel.tracker.cancelAll(at: time), from: panel)
        log.device(.removed, node: panel.node, name: panel.name, time: time.inSeconds)
        outputs.detach(panel)
        roster.remove(panel)
        log.removeDevice(panel.number)
    }

    /// The panel is mapped anew (its udev properties changed): its touches in flight are
    /// cancelled through the window first, and its fingers still down are ignored until lifted.
    public func replacePlacement(of panel: Panel, with placement: PanelPlacement, mapper: ScreenMapper, at time: Double)
    {
        scene.app.cancelAllTouches(timestamp: time, device: panel.number)
        outputs.cancel(panel)
        outputs.forwarding?.drop(panel)
        for id in touches.ignoreActive(of: panel) { gate.forgetGhost(id) }
        panel.replace(placement: placement, mapper: mapper)
        panel.filterNoise(noiseChoice(for: placement))
        outputs.refit(panel)
        if let r = placement.rect { scene.addStandardWindow(covering: r) }
    }

    /// Shutdown: every active touch of every device ends as cancelled.
    public func cancelAll(at time: EventTime) {
        for p in panels { deliver(p.tracker.cancelAll(at: time), from: p) }
        scene.app.cancelAllTouches(timestamp: time.inSeconds)
        cancelAuxiliaries(at: time)
    }

    /// Puts a new scene in service (a reload): the touches in flight, shakes under way and
    /// presses down are cancelled through the old one first (their timers go with it), and
    /// the fingers and keys still down never reach the new one.
    public func replaceScene(with new: SceneInstance, at time: Double) {
        scene.app.cancelAllTouches(timestamp: time)
        outputs.cancel(nil)
        for d in auxiliaries {
            end(d, at: time)
            d.keysHeld.formUnion(d.keysGated)
        }
        for id in touches.ignoreActive() { gate.forgetGhost(id) }
        replaceIdle(with: new.scene.idle, at: time)
        scene = new
        for p in panels { p.filterNoise(noiseChoice(for: p.placement)) }
        outputs.forwarding?.reset()
        listenForClaims()
        hearTouchesOutsideWindows()
        new.app.advanceTime(to: time)
    }

    /// Maps a panel anew for a scene with another screen size; its virtual touchscreen follows.
    public func remap(_ panel: Panel, with mapper: ScreenMapper) {
        panel.remap(mapper)
        outputs.refit(panel)
    }

    /// Gives `panel` its virtual devices (`key`: what keeps them across a re-plug).
    package func attachVirtualDevices(_ panel: Panel, key: String) throws(DeviceError) {
        for v in outputs.devices { try v.attachPanel(panel, key: key) }
    }

    // MARK: - Time

    /// Moves input time on, firing due timers (long press, multi-tap timeouts) and the
    /// kiosk's rules (idle, ghosts) at their own deadlines, in order.
    public func advanceTime(to seconds: Double) {
        if gate.hasRules {
            while let d = gate.deadline, d <= seconds {
                advanceTimers(to: d)
                kioskRulesDue(at: d)
            }
        }
        advanceTimers(to: seconds)
    }

    @inline(__always)
    private func advanceTimers(to seconds: Double) {
        scene.app.advanceTime(to: seconds)
        if let forwarding = outputs.forwarding {
            forwarding.releaseDecided(scene)
            forwarding.devices.advanceTime(to: seconds)
        }
    }

    /// When the next timer is due (input time), nil when none is pending.
    public var nextDeadline: Double? {
        earliest(earliest(recognizerDeadline, gate.deadline), outputs.forwarding?.devices.nextDeadline)
    }

    /// When the scene's next recognizer timer is due (what a recording's end still waits for).
    public var recognizerDeadline: Double? { scene.app.timers.nextDeadline }

    // MARK: - Frames

    @usableFromInline func deliver(_ frame: ContactFrame, from panel: Panel) {
        updates.removeAll(keepingCapacity: true)
        let t = frame.time.inSeconds
        if let pen = frame.pen { return deliverPen(frame, pen, from: panel, at: t) }
        let hasPen = panel.placement.group != nil
        for c in frame.contacts where c.phase != .stationary {
            if panel.filtersNoise {
                guard let phase = noisePhase(of: c, from: panel, at: t) else { continue }
                if phase == c.phase {
                    take(c, from: panel, hasPen: hasPen, at: t)
                } else {
                    // Released (it begins here) or cancelled: a copy only then.
                    var judged = c
                    judged.phase = phase
                    if phase == .began { judged.previousPosition = c.position }
                    take(judged, from: panel, hasPen: hasPen, at: t)
                }
            } else {
                take(c, from: panel, hasPen: hasPen, at: t)
            }
        }
        guard !updates.isEmpty else { return }
        dispatch(updates, from: panel, at: t)
    }

    /// A contact of a fingers' frame into the frame's updates, unless it is left out.
    @inline(__always)
    private func take(_ c: Contact, from panel: Panel, hasPen: Bool, at t: Double) {
        guard let p = position(of: c, from: panel, at: t) else { return }
        if hasPen, arbitrates(c, at: p, from: panel) { return }
        if follows(c, at: p, from: panel, time: t) { appendUpdate(c, at: p, from: panel) }
    }

    /// Where a contact that goes to the window is on the screen; nil for one left out (initial
    /// and not adopted, ignored, a resting finger's jitter, begun in a masked region).
    @inline(__always)
    func position(of c: Contact, from panel: Panel, at t: Double) -> Point? {
        if c.isInitial && !settings.adoptInitialTouches {
            if !c.phase.isTerminal { touches.ignore(c.id) }
            return nil
        }
        if touches.isIgnored(c.id, ending: c.phase.isTerminal) {
            if c.phase.isTerminal { gate.ended(c.id, at: t) }  // a wake's contact lifts
            return nil
        }
        guard let position = panel.corrected(c) else { return nil }
        return panel.screenPoint(position)
    }

    /// Keeps the touches in flight and the kiosk's rules up to date with `c`; false when it
    /// began by waking the kiosk, and is ignored until it lifts.
    @inline(__always)
    func follows(_ c: Contact, at p: Point, from panel: Panel, time t: Double) -> Bool {
        if c.phase == .began {
            if gate.guardsContacts, !arrives(c.id, at: p, from: panel, time: t) {
                touches.ignore(c.id)
                return false
            }
            touches.began(c.id, on: panel)
            gate.contactBegan(c.id, x: p.x, y: p.y, radius: panel.restRadius, at: t)
        } else if c.phase.isTerminal {
            gate.contactEnded(c.id, at: t)
            touches.ended(c.id)
        } else {
            gate.contactMoved(c.id, x: p.x, y: p.y, at: t)
        }
        return true
    }

    /// The frame's update for `c`, built in place in the array (a local copy appended cost a
    /// fifth of this function's work).
    @inline(__always)
    func appendUpdate(_ c: Contact, at p: Point, from panel: Panel) {
        updates.append(
            TouchUpdate(
                identifier: c.id, phase: phase(c.phase), location: p,
                force: panel.force(c.pressure), maximumPossibleForce: panel.maximumPossibleForce,
                majorRadius: panel.majorRadius(c.touchMajor), device: panel.number, slot: c.slot))
    }

    /// Turns the last update appended into a pen's tip (see `Panel.pencil`), and gives it.
    func pencilLastUpdate(_ pen: PenState, of panel: Panel) -> TouchUpdate {
        panel.pencil(&updates[updates.count - 1], pen)
        return updates[updates.count - 1]
    }

    /// Whether the frame has updates for the window, and sends them.
    func dispatchUpdates(from panel: Panel, at t: Double) {
        if !updates.isEmpty { dispatch(updates, from: panel, at: t) }
    }

    /// One frame's touch updates of `panel` to the window and everything that follows it.
    func dispatch(_ updates: [TouchUpdate], from panel: Panel, at t: Double) {
        log.currentDevice = panel.number
        // A scene that keeps nothing from the app does not hold it up: the frame goes to the
        // virtual devices before the window has it.
        let forwardFirst = scene.forwardsEverything
        let forwarding = outputs.forwarding
        if forwardFirst, let forwarding { forwarding.devices.forward(updates, from: panel, at: t) }
        scene.app.handleTouches(updates, timestamp: t)
        if let metrics = observers.metrics { metrics.frame(time: t, updates: updates) }
        if let frame = observers.frame { frame(updates, t) }
        if !forwardFirst, let forwarding { forwarding.frame(updates, from: panel, scene: scene, at: t) }
    }

    private func earliest(_ a: Double?, _ b: Double?) -> Double? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }

    private func phase(_ p: ContactPhase) -> Touch.Phase {
        switch p {
        case .began: return .began
        case .moved: return .moved
        case .stationary: return .stationary
        case .ended: return .ended
        case .cancelled: return .cancelled
        }
    }
}
