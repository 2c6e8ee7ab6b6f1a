import Evdev
import Glibc
import InputEvents
import TouchInput
import TouchKit

/// `run [DEVICE …]` on live panels: one epoll loop over the devices, a signalfd and a
/// timerfd armed for the next recognizer deadline. It sleeps until input arrives, writes the
/// log when no more input is waiting, and never leaves a touch down: SIGINT/SIGTERM and
/// unplugs cancel touches through the responder chain.
public final class LiveRun {
    private let pipeline: TouchPipeline
    private let sink: any TextSink
    private let signals: SignalWatch
    private let poller: Poller
    private let timer: DeadlineTimer
    private var devices: [(device: EvdevDevice, panel: Panel)] = []
    private let warn: (String) -> Void

    private static let signalToken: UInt64 = 1 << 32
    private static let timerToken: UInt64 = 1 << 32 + 1

    /// Opens the devices (clock `CLOCK_MONOTONIC`, grabbed with `options.grab`) and builds
    /// the scene for them. Throws `DeviceError` for a device that cannot be used.
    public init(nodes: [String], scene: Scene?, options: RunOptions, sink: any TextSink, signals: SignalWatch,
                warn: @escaping (String) -> Void) throws {
        self.sink = sink
        self.signals = signals
        self.warn = warn
        poller = try Poller()
        timer = try DeadlineTimer()
        let discovery = try? DeviceDiscovery()
        var opened: [(EvdevDevice, DeviceDescription, InputDeviceInfo?)] = []
        for node in nodes {
            let device = try Self.open(node, discovery: discovery)
            let d = device.description
            if let problem = touchscreenProblem(d) { throw DeviceError.unsuitable(path: node, reason: problem) }
            if options.grab {
                do { try device.grab() } catch {
                    throw DeviceError.unsuitable(path: node, reason: "cannot grab it: another program holds it exclusively")
                }
            }
            opened.append((device, d, discovery?.device(devnode: node)))
        }
        let screen = options.screenSize(scene: scene, first: opened.first?.1)
        let instance = SceneInstance(scene: scene ?? Scene.standard(width: screen.width, height: screen.height),
                                     screen: screen, log: HandlerLog(format: options.format))
        pipeline = TouchPipeline(scene: instance)
        pipeline.adoptInitialTouches = options.adoptInitialTouches
        pipeline.warn = warn
        try poller.add(signals.fd, token: Self.signalToken)
        try poller.add(timer.fd, token: Self.timerToken)
        for (device, d, info) in opened {
            var udevCalibration: ScreenMapper.Calibration?
            if options.calibration == nil, let text = info?.calibrationText {
                udevCalibration = ScreenMapper.Calibration(parsing: text)
                if udevCalibration == nil {
                    warn("\(device.path): ignoring LIBINPUT_CALIBRATION_MATRIX=\"\(text)\" (expected six numbers)")
                }
            }
            let mapper = options.mapper(for: d, udevCalibration: udevCalibration, screen: screen)!
            let now = monotonicSeconds()
            let panel = pipeline.addPanel(node: device.path, description: d, mapper: mapper, time: now)
            pipeline.open(panel, initial: panel.tracker.open(at: EventTime(totalMicroseconds: Int64(now * 1e6)),
                                                             device: device))
            try poller.add(device.fd, token: UInt64(panel.number))
            devices.append((device, panel))
            warn("\(device.path): reading \(d.name) (\(describe(panel.tracker.touchProtocol)), "
                 + "screen \(Int(screen.width))x\(Int(screen.height)))")
        }
    }

    /// Opens a node; a missing one lists the touchscreens that are there.
    private static func open(_ node: String, discovery: DeviceDiscovery?) throws -> EvdevDevice {
        let result = Result { () throws(DeviceError) in try EvdevDevice(path: node, clock: CLOCK_MONOTONIC) }
        switch result {
        case let .success(device):
            return device
        case let .failure(error):
            guard case .notFound = error else { throw error }
            if !node.hasPrefix("/dev/") { throw DeviceError.missingFile(path: node) }
            let present = discovery?.touchscreens().map { "\($0.devnode) (\($0.name))" } ?? []
            throw DeviceError.notFound(path: node, touchscreens: present)
        }
    }

    /// Runs until SIGINT/SIGTERM, or until the last device is unplugged. Either way every
    /// touch still down ends as cancelled, and the log is flushed.
    public func run() throws {
        var ready: [UInt64] = []
        flush()
        while !devices.isEmpty {
            poller.wait(timeoutMs: 0, into: &ready)
            if ready.isEmpty {
                // Nothing more is waiting: the log goes out before the loop sleeps.
                flush()
                timer.arm(pipeline.nextDeadline)
                poller.wait(timeoutMs: -1, into: &ready)
            }
            var stop = false
            var timerDue = false
            var failure: DeviceError?
            // Input first: what the devices queued happened before the timer or the signal
            // was handled (a finger lifted just before a long press's deadline still lifts).
            for token in ready {
                switch token {
                case Self.signalToken:
                    while let s = signals.take() { if s == SIGINT || s == SIGTERM { stop = true } }
                case Self.timerToken:
                    timerDue = true
                default:
                    guard let i = devices.firstIndex(where: { UInt64($0.panel.number) == token }) else { continue }
                    if let error = read(i) { failure = error }
                }
            }
            if timerDue {
                timer.acknowledge()
                pipeline.advanceTime(to: monotonicSeconds())
            }
            if log.buffer.count > 1 << 16 { flush() }
            if stop {
                // Events already queued happened before the signal: they were read above.
                pipeline.cancelAll(at: now())
                break
            }
            if let failure {
                flush()
                throw failure
            }
        }
        flush()
    }

    private var log: HandlerLog { pipeline.log }

    /// Reads what device `i` has; an unplugged device leaves (its touches cancelled).
    private func read(_ i: Int) -> DeviceError? {
        let (device, panel) = devices[i]
        let status: EvdevDevice.ReadStatus
        do {
            status = try device.read(.synced) { e, isSync in pipeline.process(e, isSync: isSync, from: panel) }
        } catch {
            return error
        }
        if status == .unplugged {
            poller.remove(device.fd)
            pipeline.removePanel(panel, at: now())
            warn("\(device.path): unplugged")
            devices.remove(at: i)
        }
        return nil
    }

    private func now() -> EventTime { EventTime(totalMicroseconds: Int64(monotonicSeconds() * 1e6)) }

    private func flush() { sink.flush(&pipeline.scene.log.buffer) }
}

extension ContactTracker {
    /// The contacts already on the glass of a just-opened device, from libevdev's state.
    mutating func open(at time: EventTime, device: EvdevDevice) -> ContactFrame {
        let k = Kernel.self
        switch touchProtocol {
        case let .slots(n):
            let state = (0..<n).map { s in
                ContactTracker.SlotState(
                    slot: s, trackingID: device.slotValue(slot: s, code: k.ABS_MT_TRACKING_ID),
                    x: device.slotValue(slot: s, code: k.ABS_MT_POSITION_X), y: device.slotValue(slot: s, code: k.ABS_MT_POSITION_Y),
                    pressure: device.slotValue(slot: s, code: k.ABS_MT_PRESSURE),
                    touchMajor: device.slotValue(slot: s, code: k.ABS_MT_TOUCH_MAJOR),
                    touchMinor: device.slotValue(slot: s, code: k.ABS_MT_TOUCH_MINOR),
                    orientation: device.slotValue(slot: s, code: k.ABS_MT_ORIENTATION),
                    toolType: device.slotValue(slot: s, code: k.ABS_MT_TOOL_TYPE))
            }
            return open(at: time, slots: state)
        case .single:
            return open(at: time, touching: device.value(type: k.EV_KEY, code: k.BTN_TOUCH) != 0,
                        x: device.value(type: k.EV_ABS, code: k.ABS_X), y: device.value(type: k.EV_ABS, code: k.ABS_Y),
                        pressure: device.value(type: k.EV_ABS, code: k.ABS_PRESSURE))
        case .groups:
            return ContactFrame(time: time, contacts: [])      // protocol A keeps no state between frames
        }
    }
}
