import Discovery
import Evdev
import Glibc
import Host
import InputEvents
import Output
import Pipeline
import Runtime
import Sysfs
import TouchKit
import TouchScene

/// `run`'s source of live panels, as a service: one `EventLoop` over the devices, udev's
/// hotplug monitor, a signalfd, a timer armed for the next recognizer deadline and one for the
/// systemd watchdog. It sleeps until something happens, writes the log when no more input is
/// waiting, follows panels coming and going, reads udev's properties again on SIGHUP, and
/// never leaves a touch down; the `Runner` in front of which it sits does the rest.
package final class LiveSource: FrameSource {
    /// Which panels: every touchscreen udev knows (and every one that comes), or the ones
    /// named on the command line (nodes or `/dev/input/by-*` links), re-opened when they
    /// come back after an unplug.
    package enum Selection: Sendable {
        /// Every touchscreen udev knows, and every one that comes.
        case allTouchscreens
        /// These nodes or `/dev/input/by-*` links, re-opened when they come back.
        case named([String])
    }

    struct Opened {
        let device: EvdevDevice
        let panel: Panel
        let source: EventLoop.Source
        /// The index in `named` this device answers, for `.named`.
        let slot: Int?
    }

    /// A panel named on the command line, and what identifies it when it comes back.
    struct Named {
        let name: String
        var panel: Int?
        var idPath: String?
        var deviceName: String?
    }

    let selection: Selection
    /// The runner in front of which it sits (which owns it), and its host — the pipeline and
    /// every output, the signals' answers —, set as it starts.
    private(set) weak var runner: Runner?
    private(set) var host: PipelineHost!
    let eventLoop: EventLoop
    package var loop: EventLoop? { eventLoop }
    package let isLive = true
    /// Armed for the next recognizer deadline (long press, multi-tap) before the loop sleeps.
    private var timer: LoopTimer!
    private var watchdog: (timer: LoopTimer, interval: Double)?
    let monitor: HotplugMonitor?
    let discovery: DeviceDiscovery?
    var notify: SystemdNotify? { host.notify }
    /// The command line's options, with the first panel's display's size when no screen was given.
    package private(set) var options: RunOptions
    var pipeline: TouchPipeline { host.pipeline }
    var screen: Size { host.screen }
    var devices: [Int: Opened] = [:]
    /// Accelerometers and key devices, by their number.
    var auxiliaries: [Int: (device: EvdevDevice, aux: AuxiliaryDevice, source: EventLoop.Source)] = [:]
    var named: [Named] = []
    /// The panels opened at the start, with their udev records, places among the named ones and placements.
    private var found: [(EvdevDevice, InputDeviceInfo?, Int?, PanelPlacement)] = []
    /// Named devices that are no panel but an accelerometer or have keys.
    private var namedAuxiliaries: [EvdevDevice] = []
    /// The displays' states and the panels' events when each went off (`--reset-on-wake`).
    var silentPanels = SilentPanels()
    /// The panels' displays' power and backlights.
    package let displayPower: DisplayPower? = DisplayPower()
    package var displays: (any DisplayControl)? { displayPower }
    /// The `spots` program started with `--spots`, while it runs.
    var spotsPID: pid_t?
    /// The backlight following the kiosk's idle (`idle.display`).
    var displayListening: HandlerLog.Listening?
    let warn: (String, Diagnostics.Level) -> Void
    /// Whether the first touch was rehearsed (`rehearseFirstTouch`), and whether `run` has
    /// begun (panels opened before it are rehearsed after READY, not during start-up).
    var rehearsed = false
    private var isRunning = false

    /// Opens the panels (clock `CLOCK_MONOTONIC`) and places them. Throws `DeviceError` for a
    /// named panel that cannot be used, or when a touchscreen cannot be read for lack of
    /// permission.
    package init(selection: Selection, options: RunOptions, warn: @escaping (String, Diagnostics.Level) -> Void) throws
    {
        LibevdevMessages.sink = { Diagnostics.print("touchbridge: libevdev: \($0)") }
        self.selection = selection
        self.options = options
        self.warn = warn
        eventLoop = try EventLoop()
        discovery = try? DeviceDiscovery()
        do { monitor = try HotplugMonitor(displays: true) } catch {
            warn("udev's monitor is not available (\(error)): panels plugged in later are not seen", .warning)
            monitor = nil
        }
        // The panels there are now.
        let opened = try Self.openSelected(selection, discovery: discovery, rules: options.rules, warn: warn)
        named = opened.named
        namedAuxiliaries = opened.auxiliaries
        // The screen space and the scene: without a screen of its own, the first panel's display's.
        if let first = opened.found.first {
            self.options.takeDisplayMode(
                of: first.0.description, node: first.0.path, info: first.1, discovery: discovery, warn: warn)
        }
        found = opened.found.map { [self] d, info, slot in
            (d, info, slot, self.options.placement(of: d, info: info, discovery: discovery) { warn($0, .warning) })
        }
    }

    package func startingPanels() -> [(SourcePanel, PanelPlacement)] {
        found.map { d, info, _, placement in
            (
                SourcePanel(
                    node: d.path, description: d.description, info: info, key: info?.idPath ?? d.description.name),
                placement
            )
        }
    }

    package var panelsInService: [(node: String, name: String, info: InputDeviceInfo?)] {
        devices.values.map { o in
            (node: o.device.path, name: o.device.description.name, info: discovery?.device(devnode: o.device.path))
        }
    }

    /// The host is built: the loop's sources, the displays' power, the panels and the other
    /// devices into service.
    package func start(_ runner: Runner) throws {
        self.runner = runner
        host = runner.host
        try registerSources()
        followDisplayPower()
        let starting = found
        found = []
        for (device, info, slot, placement) in starting {
            try add(device, info: info, placement: placement, slot: slot)
        }
        if devices.isEmpty { warn("no touchscreen is connected: waiting for one", .notice) }
        // Accelerometers always (motion); devices with keys only when the pipeline reads them.
        for device in namedAuxiliaries { try addAuxiliary(device) }
        namedAuxiliaries = []
        if case .allTouchscreens = selection {
            for info in discovery?.inputDevices() ?? [] where info.isInitialized && wants(info) {
                do { try addAuxiliary(try Self.open(info.devnode)) } catch {
                    warn("\(info.devnode): \(error)", .warning)
                }
            }
        }
    }

    package func commandTime() -> Double? { nil }
    package func commandDone() {}

    /// Every panel's udev properties are read again (a rule edited without a trigger).
    package func beforeReload() {
        for n in devices.keys.sorted() {
            updatePlacement(n, info: discovery?.device(devnode: devices[n]!.device.path), why: "SIGHUP")
        }
    }

    /// The loop's sources besides the devices and the host's outputs: udev's monitor, the
    /// recognizer timer and the watchdog.
    private func registerSources() throws {
        let loop = eventLoop
        if let monitor { try loop.watch(monitor.fd, order: .hotplug) { [unowned self] in followHotplug() } }
        timer = try loop.timer { [unowned self] in pipeline.advanceTime(to: monotonicSeconds()) }
        if let interval = SystemdNotify.watchdogInterval() {
            let t = try loop.timer { [unowned self] in
                notify?.send("WATCHDOG=1")
                watchdog?.timer.arm(monotonicSeconds() + interval)
            }
            watchdog = (t, interval)
        }
    }

    /// Opens a node (links resolved: hotplug news names nodes).
    static func open(_ node: String) throws -> EvdevDevice {
        try EvdevDevice.openNode(node, clock: CLOCK_MONOTONIC, resolvingLinks: true)
    }

    /// Puts an open device into service: grab, mapping, its fingers already down, the loop.
    func add(_ device: EvdevDevice, info: InputDeviceInfo?, placement own: PanelPlacement, slot: Int?) throws {
        let d = device.description
        let placement = placementOnItsPanel(own, of: device, info: info)
        if options.grab {
            do { try device.grab() } catch {
                throw DeviceError.unsuitable(
                    path: device.path, reason: "cannot grab it: another program holds it exclusively")
            }
        }
        // In the loop before the pipeline hears of it: a device that cannot be watched is
        // never logged as added.
        var number = -1
        let source = try eventLoop.watch(device.fd) { [unowned self] in read(number) }
        let now = monotonicSeconds()
        let (panel, failure): (Panel, (any Error)?)
        do {
            guard let runner else { throw DeviceError.unsuitable(path: device.path, reason: "the run has ended") }
            (panel, failure) = try runner.addPanel(
                SourcePanel(node: device.path, description: d, info: info, key: info?.idPath ?? d.name),
                placement: placement, time: now)
        } catch {
            eventLoop.remove(source)
            throw error
        }
        number = panel.number
        if let failure { warn("\(device.path): no virtual device: \(failure)", .warning) }
        pipeline.open(panel, initial: panel.tracker.open(at: EventTime(inSeconds: now), device: device))
        devices[panel.number] = Opened(device: device, panel: panel, source: source, slot: slot)
        host.metrics?.counters.isDirty = true
        if let slot { named[slot].panel = panel.number }
        let summary = panel.tracker.touchProtocol.summary(contactKey: panel.tracker.contactKey, of: d)
        warn("\(device.path): reading \(d.name) (\(summary), \(mapping(of: panel)))", .info)
        if isRunning { rehearseFirstTouch(on: panel) }
        if let o = devices[panel.number] { placePensWithTheirPanel(o, info: info) }
    }

    /// How a panel is mapped, for the lines that say so.
    func mapping(of panel: Panel) -> String {
        let p = panel.placement
        let r = p.rect ?? Rect(x: 0, y: 0, width: screen.width, height: screen.height)
        return "screen \(Int(screen.width))x\(Int(screen.height)), panel at \(Int(r.minX)),\(Int(r.minY)) "
            + "\(Int(r.width))x\(Int(r.height))\(p.rotation == .none ? "" : " rotated \(p.rotation.rawValue)")"
    }

    /// udev's properties of a panel may have changed (a `change` event, SIGHUP): a placement
    /// that differs is applied at once — the panel's touches in flight cancelled first — and
    /// said at info.
    func updatePlacement(_ number: Int, info: InputDeviceInfo?, why: String) {
        guard let o = devices[number] else { return }
        let own = options.placement(of: o.device, info: info, discovery: discovery) { warn($0, .warning) }
        let p = placementOnItsPanel(own, of: o.device, info: info)
        defer { placePensWithTheirPanel(o, info: info) }
        guard p != o.panel.placement,
            let mapper = options.mapper(for: o.panel.description, placement: p, screen: screen)
        else { return }
        let moved = p.output != o.panel.placement.output
        let now = monotonicSeconds()
        pipeline.replacePlacement(of: o.panel, with: p, mapper: mapper, at: now)
        if moved { logScreen(o, info: info, at: now) }
        let c = p.calibration
        let masks = p.corrections[Masks.self]?.count ?? 0
        warn(
            "\(o.device.path): \(why): mapped anew (\(mapping(of: o.panel)), calibration "
                + (c == .identity ? "none" : "\(c.a) \(c.b) \(c.c) \(c.d) \(c.e) \(c.f)")
                + ", jitter filter \(o.panel.jitterSetting.summary(mapper: mapper)), \(masks) mask\(masks == 1 ? "" : "s"))",
            .info)
    }

    /// Whether an accelerometer or key device udev announces is one to read.
    func wants(_ info: InputDeviceInfo) -> Bool {
        !info.isTouchscreen && (info.isAccelerometer || (info.hasKeys && pipeline.readsRemoteKeys))
    }

    /// Puts an accelerometer or a device with keys into service (others are left alone).
    func addAuxiliary(_ device: EvdevDevice) throws {
        guard let kind = AuxiliaryDevice.kind(of: device.description) else { return }
        if kind == .keys && !pipeline.readsRemoteKeys { return }
        var number = -1
        let source = try eventLoop.watch(device.fd) { [unowned self] in readAuxiliary(number) }
        let aux = pipeline.addAuxiliary(
            node: device.path, description: device.description, kind: kind, time: monotonicSeconds())
        number = aux.number
        auxiliaries[aux.number] = (device, aux, source)
        let what =
            kind == .accelerometer
            ? "an accelerometer: shakes become motion events"
            : "keys: " + (pipeline.scene.pressKeys.isEmpty ? "" : "the scene's presses")
                + (pipeline.readsRemoteKeys
                    ? (pipeline.scene.pressKeys.isEmpty ? "" : " and ") + "media keys as remote control" : "")
        warn("\(device.path): reading \(device.description.name) (\(what))", .info)
    }

    /// Reads what an accelerometer or key device has; an unplugged one leaves.
    private func readAuxiliary(_ number: Int) {
        guard let (device, aux, _) = auxiliaries[number] else { return }
        if let why = drain(device, { e, _ in pipeline.process(e, from: aux) }) { removeAuxiliary(number, why: why) }
    }

    /// Reads all `device` has into `body`; why it left (unplugged, a read error), or nil.
    private func drain(_ device: EvdevDevice, _ body: (InputEvent, Bool) -> Void) -> String? {
        do {
            return try device.read(.synced, body) == .unplugged ? "unplugged" : nil
        } catch {
            warn("\(device.path): \(error)", .error)
            return "read error"
        }
    }

    func removeAuxiliary(_ number: Int, why: String) {
        guard let (device, aux, source) = auxiliaries.removeValue(forKey: number) else { return }
        eventLoop.remove(source)
        pipeline.removeAuxiliary(aux, at: now())
        warn("\(device.path): \(why)", .notice)
    }

    // MARK: - The loop

    /// Runs until SIGINT or SIGTERM: then every touch still down ends as cancelled, the log
    /// is flushed and systemd hears `STOPPING=1`.
    package func play() throws {
        let loop = eventLoop
        flush()
        try host.start(at: monotonicSeconds())
        notify?.send("READY=1")
        isRunning = true
        // After READY, so start-up is not longer: a touch that comes meanwhile waits in the kernel.
        if let first = devices.keys.min().flatMap({ devices[$0] }) { rehearseFirstTouch(on: first.panel) }
        updateStatus()
        resetSilentPanels()  // the displays' states to start from
        startSpots()
        defer { stopSpots() }
        if let w = watchdog { w.timer.arm(monotonicSeconds() + w.interval) }
        // Nothing more is waiting: the log goes out before the loop sleeps.
        loop.run(
            beforeSleep: { [unowned self] in
                flush()
                updateStatus()
                timer.arm(pipeline.nextDeadline)
            },
            afterWake: { [unowned self] in
                if pipeline.log.buffer.count > 1 << 16 { flush() }
            })
        // Events already queued happened before the signal: they were read in its wake.
        notify?.send("STOPPING=1")
        host.finish(at: now())
    }

    /// Reads what a device has; an unplugged or failing device leaves.
    private func read(_ number: Int) {
        guard let o = devices[number] else { return }
        host.metrics?.counters.isDirty = true
        // Held once for the whole drain, not fetched (and retained) from `self` per event.
        let pipeline = self.pipeline
        let panel = o.panel
        if let why = drain(o.device, { e, isSync in pipeline.process(e, isSync: isSync, from: panel) }) {
            remove(number, why: why)
        }
    }

    /// A device is gone: its touches are cancelled through the responder chain, it is logged
    /// as removed, and a named panel is waited for.
    func remove(_ number: Int, why: String) {
        guard let o = devices.removeValue(forKey: number) else { return }
        eventLoop.remove(o.source)
        pipeline.removePanel(o.panel, at: now())
        if let slot = o.slot {
            named[slot].panel = nil
            warn("\(o.device.path): \(why); waiting for \(named[slot].name) to come back", .notice)
        } else {
            warn("\(o.device.path): \(why)", .notice)
        }
        if devices.isEmpty, case .allTouchscreens = selection {
            warn("no touchscreen is connected: waiting for one", .notice)
        }
    }
}
