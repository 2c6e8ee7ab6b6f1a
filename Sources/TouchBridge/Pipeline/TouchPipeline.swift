import InputEvents
import TouchInput
import TouchKit

/// The glue between the input side and the window: each panel's events go through its
/// contact tracker and screen mapping, and each input frame's contact changes become one
/// `Application.handleTouches` call. The same code runs for live devices and recordings.
public final class TouchPipeline {
    /// The scene or application in front of the panels.
    public private(set) var scene: SceneInstance
    /// The handler log.
    public var log: HandlerLog { scene.log }
    /// Send the fingers already on the glass when a device is opened to the window (by
    /// default they are reported on stderr and ignored until lifted).
    public var adoptInitialTouches = false
    /// Diagnostics (stderr in the daemon).
    public var warn: (String) -> Void = { _ in }
    /// Counters for `--metrics-file`; nil (the default) costs one check per frame.
    package var metrics: Metrics? {
        didSet {
            if let metricsListening { log.stopListening(metricsListening) }
            metricsListening = metrics.map { m in log.listen(toCalls: { m.observe($0) }) }
        }
    }
    private var metricsListening: HandlerLog.Listening?
    /// Hears each frame's touch updates (screen points) after the window had them: for
    /// tools that draw or measure what happened (`picture`).
    public var frameObserver: (([TouchUpdate], Double) -> Void)?
    /// The panels' virtual touchscreens (`--virtual-touchscreen`): each frame's changes as
    /// the window had them, for apps that read touch from the kernel.
    package var virtualTouchscreens: (any PanelForwarding)? {
        didSet {
            forwarding = virtualTouchscreens.map { Forwarding(devices: $0) }
            listenForClaims()
        }
    }
    /// What of each frame reaches the virtual touchscreens.
    private var forwarding: Forwarding?

    /// Forwards to `target` instead of virtual touchscreens (the forwarding's own tests).
    func forwardTouches(to target: any ForwardTarget) {
        forwarding = Forwarding(devices: target)
        listenForClaims()
    }

    private let ids = ContactIDs()
    /// The panels being read, in the order they came.
    public private(set) var panels: [Panel] = []
    /// Accelerometers and key devices (motion, remote-control and press events).
    public internal(set) var auxiliaries: [AuxiliaryDevice] = []
    /// Whether media keys become remote-control events (`--keys`, or the scene handles them).
    public var readsRemoteKeys = false
    var nextNumber = 0
    private var updates: [TouchUpdate] = []
    /// Contacts that never reach the window (initial ones not adopted, those that began in
    /// a masked region, those down across a scene reload), until they end.
    private var ignored: Set<UInt64> = []
    /// Contacts sent to the window and still down.
    public private(set) var active: [UInt64: Panel] = [:]

    /// A pipeline into `scene`, with no panel yet.
    public init(scene: SceneInstance) {
        self.scene = scene
        updates.reserveCapacity(16)
    }

    // MARK: - Devices

    /// Adds a device and logs `deviceAdded` at `time` (seconds of input time).
    public func addPanel(node: String, description: DeviceDescription, mapper: ScreenMapper,
                         placement: PanelPlacement = PanelPlacement(), time: Double) -> Panel {
        let number = nextNumber
        nextNumber += 1
        let warn = self.warn
        let panel = Panel(number: number, node: node, name: description.name, description: description, mapper: mapper,
                          placement: placement, ids: ids) { w in warn("\(node): \(w)") }
        panels.append(panel)
        log.setDevice(number, name: node)
        log.device(.added, node: node, name: description.name, time: time)
        return panel
    }

    /// The contacts already down when the device was opened (from `ContactTracker.open`).
    public func open(_ panel: Panel, initial frame: ContactFrame) {
        let n = frame.contacts.count
        if n > 0 && !adoptInitialTouches {
            warn("\(panel.node): \(n) finger\(n == 1 ? " was" : "s were") already on the glass: ignored until lifted "
                 + "(--adopt-initial-touches sends them to the window)")
        }
        deliver(frame, from: panel)
    }

    /// Feeds one event of `panel` (`isSync`: part of libevdev's resync after SYN_DROPPED).
    @inline(__always)
    public func process(_ e: InputEvent, isSync: Bool = false, from panel: Panel) {
        panel.events &+= 1
        if e.type == Kernel.EV_SYN {
            if e.code == Kernel.SYN_REPORT { panel.frames &+= 1 } else if e.code == Kernel.SYN_DROPPED { panel.dropped &+= 1 }
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
        virtualTouchscreens?.detach(panel)
        panels.removeAll { $0 === panel }
        log.removeDevice(panel.number)
    }

    /// The panel is mapped anew (its udev properties changed): its touches in flight are
    /// cancelled through the window first, and its fingers still down are ignored until lifted.
    public func replacePlacement(of panel: Panel, with placement: PanelPlacement, mapper: ScreenMapper, at time: Double) {
        scene.app.cancelAllTouches(timestamp: time, device: panel.number)
        virtualTouchscreens?.cancel(panel)
        forwarding?.drop(panel)
        for (id, p) in active where p === panel {
            ignored.insert(id)
            active[id] = nil
        }
        panel.replace(placement: placement, mapper: mapper)
        virtualTouchscreens?.refit(panel)
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
        virtualTouchscreens?.cancel(nil)
        for d in auxiliaries { end(d, at: time) }
        ignored.formUnion(active.keys)
        active.removeAll()
        scene = new
        forwarding?.reset()
        listenForClaims()
        new.app.advanceTime(to: time)
    }

    /// Maps a panel anew for a scene with another screen size; its virtual touchscreen follows.
    public func remap(_ panel: Panel, with mapper: ScreenMapper) {
        panel.remap(mapper)
        virtualTouchscreens?.refit(panel)
    }

    // MARK: - Time

    /// Moves input time on, firing due timers (long press, multi-tap timeouts).
    public func advanceTime(to seconds: Double) {
        scene.app.advanceTime(to: seconds)
        forwarding?.releaseDecided(scene)
    }

    /// When the next timer is due (input time), nil when none is pending.
    public var nextDeadline: Double? { scene.app.timers.nextDeadline }

    // MARK: - Frames

    private func deliver(_ frame: ContactFrame, from panel: Panel) {
        updates.removeAll(keepingCapacity: true)
        for c in frame.contacts where c.phase != .stationary {
            if c.isInitial && !adoptInitialTouches {
                if !c.phase.isTerminal { ignored.insert(c.id) }
                continue
            }
            if !ignored.isEmpty, ignored.contains(c.id) {
                if c.phase.isTerminal { ignored.remove(c.id) }
                continue
            }
            guard let position = panel.filtered(c) else { continue }       // a resting finger's jitter
            let p = panel.screenPoint(position)
            if c.phase == .began {
                if panel.isMasked(p) { ignored.insert(c.id); continue }
                active[c.id] = panel
            } else if c.phase.isTerminal {
                active[c.id] = nil
            }
            updates.append(TouchUpdate(identifier: c.id, phase: phase(c.phase), location: p,
                                       force: panel.force(c.pressure), maximumPossibleForce: panel.maximumPossibleForce,
                                       majorRadius: panel.majorRadius(c.touchMajor), device: panel.number, slot: c.slot))
        }
        guard !updates.isEmpty else { return }
        log.currentDevice = panel.number
        // A scene that keeps nothing from the app does not hold it up: the frame goes to the
        // virtual touchscreen before the window has it.
        let forwardFirst = scene.forwardsEverything
        if forwardFirst, let forwarding { forwarding.devices.forward(updates, from: panel) }
        scene.app.handleTouches(updates, timestamp: frame.time.inSeconds)
        if let metrics { metrics.frame(time: frame.time.inSeconds, updates: updates) }
        if let frameObserver { frameObserver(updates, frame.time.inSeconds) }
        if !forwardFirst, let forwarding { forwarding.frame(updates, from: panel, scene: scene) }
    }

    /// The scene's claiming recognizers tell the forwarding what they claim and release.
    private func listenForClaims() {
        guard let forwarding else {
            scene.onClaim = nil
            scene.onRelease = nil
            return
        }
        scene.onClaim = { r in forwarding.claim(r) }
        scene.onRelease = { [unowned self] _ in forwarding.releaseDecided(scene) }
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
